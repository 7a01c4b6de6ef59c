import { RotateCw } from 'lucide-react';
import type { IssueCounts } from '../../../../shared/feedback.schemas.js';
import { ISSUE_STATUS_LABELS } from '../../../../shared/feedback.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useIssueCounts } from '../api.js';

const FIGURES: { key: keyof IssueCounts; label: string }[] = [
  { key: 'total', label: 'Total Issues' },
  { key: 'open', label: ISSUE_STATUS_LABELS.open },
  { key: 'investigating', label: ISSUE_STATUS_LABELS.investigating },
  { key: 'resolved', label: ISSUE_STATUS_LABELS.resolved },
];

/** The summary counts of spec 2.8, over all the operator's issues whatever the filter. */
export function IssueSummary() {
  const counts = useIssueCounts();
  return (
    <section aria-label="Issue counts" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {FIGURES.map(({ key, label }) => (
        <Card key={key} className="grid gap-2 p-4" data-testid={`issue-count-${key}`}>
          <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
          {counts.isError ? (
            <Button variant="link" className="w-fit text-sm" onClick={() => void counts.refetch()} aria-label={`${label} did not load. Retry`}>
              <RotateCw className="size-3.5" aria-hidden="true" />
              Retry
            </Button>
          ) : counts.data ? (
            <p className="text-2xl font-bold tabular-nums">{counts.data[key]}</p>
          ) : (
            <Skeleton className="h-8 w-12" />
          )}
        </Card>
      ))}
    </section>
  );
}
