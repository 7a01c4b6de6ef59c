import { useId } from 'react';
import type { TaxSummary } from '../../../../shared/donation-tax.schemas.js';
import { enhancedDeductionNote } from '../../../../shared/donation-tax-notes.js';
import { Card } from '../../../components/ui/card.js';
import { FormError } from '../../../components/ui/form-error.js';
import { Label } from '../../../components/ui/label.js';
import { Switch } from '../../../components/ui/switch.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useSaveTaxSettings, useTaxSettings } from '../donation-api.js';
import { dollars } from '../donation-format.js';

/** The rule, said before any figure, so the estimate is read for what it is. */
const RULE =
  'A C corporation that gives inventory, such as food, to a charity that uses it for the care of the ill, the needy or infants may deduct its cost plus half the appreciation (fair market value minus cost), at most twice the cost (IRC 170(e)(3)). Lines without a cost basis are left out of the estimate.';

function Estimate({ summary }: { summary: TaxSummary }) {
  const estimate = summary.enhancedDeduction;
  if (!estimate) return null;
  const note = enhancedDeductionNote(summary);
  return (
    <div className="grid gap-3">
      {estimate.linesCounted > 0 ? (
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-muted/50 p-3">
            <dt className="text-xs text-muted-foreground">Enhanced deduction (estimate)</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="enhanced-estimate">
              {dollars(estimate.estimate)}
            </dd>
          </div>
          <div className="rounded-lg bg-muted/50 p-3">
            <dt className="text-xs text-muted-foreground">Ordinary rule for inventory</dt>
            <dd className="text-xl font-bold tabular-nums">{dollars(estimate.ordinaryDeduction)}</dd>
          </div>
        </dl>
      ) : null}
      {note ? <p className="text-sm">{note}</p> : null}
    </div>
  );
}

/** 'My business is a C corporation' and, when it is, the enhanced deduction estimate. */
export function CCorporationPanel({ summary }: { summary: TaxSummary }) {
  const settings = useTaxSettings();
  const save = useSaveTaxSettings();
  const id = useId();
  const headingId = useId();
  const checked = save.isPending ? (save.variables?.cCorporation ?? false) : (settings.data?.cCorporation ?? summary.cCorporation);
  const failure =
    save.isError && !isUnauthorizedError(save.error) ? (readApiError(save.error).message ?? 'The setting could not be saved. Please try again.') : null;

  return (
    <Card role="region" aria-labelledby={headingId} className="grid content-start gap-3 p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        Enhanced deduction
      </h2>
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          checked={checked}
          disabled={settings.isPending}
          aria-busy={save.isPending || undefined}
          // Not disabled while saving: the focus stays on the switch.
          onCheckedChange={(next) => (save.isPending ? undefined : save.mutate({ cCorporation: next }))}
          aria-describedby={`${id}-rule`}
        />
        <Label htmlFor={id}>My business is a C corporation</Label>
      </div>
      <p id={`${id}-rule`} className="text-sm text-muted-foreground">
        {RULE}
      </p>
      <FormError message={failure} />
      {checked && summary.cCorporation ? <Estimate summary={summary} /> : null}
      {checked && !summary.cCorporation ? (
        <p role="status" className="text-sm text-muted-foreground">
          Working out the estimate...
        </p>
      ) : null}
    </Card>
  );
}
