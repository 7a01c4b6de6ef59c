import { Download, FileSpreadsheet } from 'lucide-react';
import { useId } from 'react';
import { EXPORT_CSV_API, summaryPdfUrlOf } from '../../../../shared/donation-hub.schemas.js';
import { TAX_DISCLAIMER, TAX_TIPS } from '../../../../shared/donation-tax.schemas.js';
import { taxNotes } from '../../../../shared/donation-tax-notes.js';
import { StatCard } from '../../../components/stat-card.js';
import { Alert } from '../../../components/ui/alert.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Label } from '../../../components/ui/label.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../lib/cn.js';
import { useTaxSummary } from '../donation-api.js';
import { dollars } from '../donation-format.js';
import { CCorporationPanel } from './c-corporation-panel.js';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className="grid content-start gap-3 p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}

interface TaxSummaryTabProps {
  /** The year in the URL; null for the current one. */
  year: number | null;
  onYearChange: (year: number) => void;
}

/** Tax Summary (spec 2; DECISIONS 4, 10): the year's figures, the notes for the return, the files, the tips. */
export function TaxSummaryTab({ year: askedYear, onYearChange }: TaxSummaryTabProps) {
  const summary = useTaxSummary(askedYear);
  const yearId = useId();

  if (summary.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading the tax summary">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (summary.isError) {
    return <LoadError what="the tax summary" error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isRefetching} />;
  }

  const figures = summary.data;
  const { year } = figures;
  const notes = taxNotes(figures);
  const updating = summary.isPlaceholderData;

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-2">
          <Label htmlFor={yearId}>Tax year</Label>
          <Select value={String(askedYear ?? year)} onValueChange={(value) => onYearChange(Number(value))}>
            <SelectTrigger id={yearId} className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {figures.years.map((option) => (
                <SelectItem key={option} value={String(option)}>
                  {option}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <a href={summaryPdfUrlOf(year)} download className={buttonClasses()}>
            <Download className="size-4" aria-hidden="true" />
            Download {year} Summary<span className="sr-only"> (PDF)</span>
          </a>
          <a href={EXPORT_CSV_API} download className={buttonClasses({ variant: 'outline' })}>
            <FileSpreadsheet className="size-4" aria-hidden="true" />
            Export All Records<span className="sr-only"> (CSV)</span>
          </a>
        </div>
      </div>

      <div aria-busy={updating || undefined} className={cn('grid min-w-0 gap-6', updating && 'opacity-60 transition-opacity')}>
        <section aria-label={`${year} figures`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label={`${year} total value`} value={dollars(figures.totalValue)} caption="Fair market value of the goods given" data-testid="tax-total" />
          <StatCard label="Donations" value={figures.donationCount.toLocaleString('en-US')} caption={`Recorded in ${year}`} data-testid="tax-donations" />
          <StatCard label="Charities" value={figures.charityCount.toLocaleString('en-US')} caption="Different charities given to" data-testid="tax-charities" />
          <StatCard
            label="Cost basis"
            value={figures.totalCostBasis === null ? 'Not entered' : dollars(figures.totalCostBasis)}
            caption="What the goods cost you, where entered"
            data-testid="tax-cost-basis"
          />
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Section title="For your return">
            {notes.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Nothing in {year} so far calls for Form 8283 or a charity’s written acknowledgment. Both are noted here when a gift or the year’s total passes
                the IRS thresholds.
              </p>
            ) : (
              <ul className="grid list-disc gap-2 pl-5 text-sm">
                {notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
          </Section>
          <CCorporationPanel summary={figures} />
        </div>

        <Section title="Tax tips">
          <ul className="grid list-disc gap-2 pl-5 text-sm">
            {TAX_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </Section>
      </div>

      <Alert variant="info" role="note">
        <p className="font-medium">{TAX_DISCLAIMER}</p>
      </Alert>
    </div>
  );
}
