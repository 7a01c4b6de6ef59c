import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import type { MagnetVariant } from '../../../../shared/magnets.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';
import { ChoiceGroup } from './choice-group.js';

interface MagnetSizeChoicesProps {
  variants: UseQueryResult<MagnetVariant[]>;
  value: number | undefined;
  onChange: (variantId: number) => void;
}

/** The sizes on offer (the server's list, its fallback size included), while loading and when it fails. */
export function MagnetSizeChoices({ variants, value, onChange }: MagnetSizeChoicesProps) {
  if (variants.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading magnet sizes">
        <Skeleton className="h-4 w-24" />
        <div className="flex gap-2">
          <Skeleton className="h-10 w-28" />
          <Skeleton className="h-10 w-28" />
        </div>
      </div>
    );
  }
  if (variants.isError) {
    const reason = readApiError(variants.error).message;
    return (
      <div className="grid gap-2" role="alert">
        <p className="text-sm font-medium">Magnet size</p>
        <p className="text-sm text-destructive-text">The magnet sizes could not be loaded.{reason ? ` ${reason}` : ''}</p>
        <Button variant="outline" size="sm" className="w-fit" onClick={() => void variants.refetch()} loading={variants.isRefetching}>
          {variants.isRefetching ? null : <RotateCw className="size-4" aria-hidden="true" />}
          Retry
        </Button>
      </div>
    );
  }
  if (variants.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No magnet sizes are on offer right now. Please try again later.</p>;
  }
  return (
    <ChoiceGroup
      legend="Magnet size"
      choices={variants.data.map((variant) => ({ value: variant.id, label: variant.title }))}
      value={value}
      onChange={onChange}
    />
  );
}
