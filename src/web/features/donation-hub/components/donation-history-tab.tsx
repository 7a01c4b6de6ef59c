import { ChevronDown, FileText, Inbox } from 'lucide-react';
import { Fragment, useState } from 'react';
import { DonationMessages as M, type DonationRecord } from '../../../../shared/donation-hub.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../lib/cn.js';
import { useDonationHistory } from '../donation-api.js';
import { dollars, formatDay, unitsOf } from '../donation-format.js';
import { DonationDetails } from './donation-details.js';

const COLUMNS = ['Date', 'Charity', 'Products', 'Total Value', 'Tax Year', 'Actions'] as const;
const cell = 'px-4 py-3 align-top';

function HistoryRow({ record }: { record: DonationRecord }) {
  const [open, setOpen] = useState(false);
  const detailsId = `donation-${record.id}-details`;
  const day = formatDay(record.donationDate);
  return (
    <Fragment>
      <tr className={cn(open && 'bg-muted/40')}>
        <td className={cn(cell, 'whitespace-nowrap')}>{day}</td>
        <td className={cell}>
          <span className="font-medium">{record.charityName}</span>
          {record.charityEin ? <span className="block text-xs text-muted-foreground">EIN {record.charityEin}</span> : null}
        </td>
        <td className={cn(cell, 'tabular-nums')}>
          {record.products.length}
          <span className="block text-xs text-muted-foreground">{countOf(unitsOf(record), 'unit')}</span>
        </td>
        <td className={cn(cell, 'font-medium whitespace-nowrap tabular-nums')}>{dollars(record.totalValue)}</td>
        <td className={cn(cell, 'tabular-nums')}>{record.taxYear}</td>
        <td className={cell}>
          <div className="flex flex-wrap gap-2">
            <a href={record.receiptUrl} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              <FileText className="size-4" aria-hidden="true" />
              Receipt
              <span className="sr-only">
                {' '}
                for {record.charityName}, {day} (PDF)
              </span>
            </a>
            <button
              type="button"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              onClick={() => setOpen((shown) => !shown)}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            >
              <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
              Details
              <span className="sr-only">
                {' '}
                of the donation to {record.charityName}, {day}
              </span>
            </button>
          </div>
        </td>
      </tr>
      {open ? (
        <tr id={detailsId}>
          <td colSpan={COLUMNS.length} className="bg-muted/20 px-4 pb-4">
            <DonationDetails record={record} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

/** Donation History (spec 2): every gift, newest first, with its receipt and, on request, its lines. */
export function DonationHistoryTab() {
  const history = useDonationHistory();

  if (history.isPending) {
    return (
      <Card className="grid gap-3 p-4" role="status" aria-label="Loading donation history">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10" />
        ))}
      </Card>
    );
  }
  if (history.isError) {
    return <LoadError what="your donation history" error={history.error} onRetry={() => void history.refetch()} retrying={history.isRefetching} />;
  }
  if (history.data.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="max-w-md text-sm">{M.noDonations}</p>
      </Card>
    );
  }

  return (
    <Card className="min-w-0 overflow-hidden">
      <h2 className="sr-only">Donation history</h2>
      {/* Focusable so keyboard users can scroll it sideways on a phone. */}
      <div role="region" aria-label="Donation history" tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring">
        <table className="w-full min-w-[44rem] text-left text-sm" aria-busy={history.isFetching || undefined}>
          <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground uppercase">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-3 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {history.data.map((record) => (
              <HistoryRow key={record.id} record={record} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
