import { useId, useState, type FormEvent } from 'react';
import type { InventoryAnalytics } from '../../../../shared/analytics.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { cn } from '../../../lib/cn.js';
import { checkUnitCost, useSetUnitCost } from '../unit-cost-api.js';

interface UnitCostFieldProps {
  productId: number;
  productName: string;
  currency: InventoryAnalytics['currency'];
  /** Whether the label names the product on screen too (a screen reader always hears it). */
  nameProduct?: boolean;
  /** Called once the cost is saved and the figures that use it are read again; says so where the caller can. */
  onSaved: (unitCost: string) => void;
}

/**
 * 'Set unit cost': a small form where a cost is unknown. Enter or Save saves it to the product; the
 * stock savings and purchase-list costs are then worked out with it, and this form gives way to them.
 */
export function UnitCostField({ productId, productName, currency, nameProduct = false, onSaved }: UnitCostFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const save = useSetUnitCost();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkUnitCost(text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    try {
      // Awaited rather than given callbacks: the form unmounts when the new figures arrive, and the caller still hears of it.
      const saved = await save.mutateAsync({ productId, unitCost: checked.unitCost });
      onSaved(saved.unitCost ?? checked.unitCost);
    } catch (failure) {
      if (isUnauthorizedError(failure)) return;
      const details = readApiError(failure);
      setError(details.errors?.unitCost ?? details.message ?? 'Not saved. Please try again.');
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-1" data-testid="unit-cost-form">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Set unit cost<span className={cn(!nameProduct && 'sr-only')}> of {productName}</span> ({currency})
      </Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.85"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-9 w-28"
        />
        <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
          Save<span className="sr-only"> unit cost of {productName}</span>
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
    </form>
  );
}
