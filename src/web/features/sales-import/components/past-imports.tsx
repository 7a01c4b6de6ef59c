import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Currency } from '../../../../shared/money.js';
import { SALES_IMPORT_LIST_LIMIT, type SalesImportSummary } from '../../../../shared/sales-imports.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { formatDateTime } from '../../../lib/dates.js';
import { salesImportQuery, useSalesImports } from '../api.js';
import { ImportReportView } from './import-report.js';
import { ImportStatusBadge } from './import-status-badge.js';

/** The operator's imports, newest first, each opening its report. */
export function PastImports({ currency }: { currency: Currency }) {
  const imports = useSalesImports();
  const [open, setOpen] = useState<SalesImportSummary | null>(null);

  if (imports.isPending) {
    return (
      <div role="status" aria-label="Loading past imports" className="grid gap-2">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (imports.isError) return <LoadError what="past imports" error={imports.error} onRetry={() => void imports.refetch()} retrying={imports.isFetching} />;
  if (imports.data.length === 0) return <p className="text-sm text-muted-foreground">No sales file has been imported yet.</p>;

  return (
    <>
      <ul className="grid divide-y divide-border" aria-label="Past imports">
        {imports.data.map((item) => (
          <li key={item.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:gap-3">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="text-sm font-medium break-all">
                {item.fileName} <span className="text-xs font-normal text-muted-foreground uppercase">{item.kind}</span>
              </p>
              <p className="text-xs text-muted-foreground">
                {formatDateTime(item.receivedAt)} · {item.source === 'api' ? 'sent by API' : 'uploaded'} · {item.units.toLocaleString('en-US')}{' '}
                {item.units === 1 ? 'unit' : 'units'}
              </p>
              <p className="text-sm break-words">{item.summary}</p>
            </div>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => setOpen(item)} aria-label={`View the report of ${item.fileName}`}>
              View report
            </Button>
          </li>
        ))}
      </ul>
      {imports.data.length >= SALES_IMPORT_LIST_LIMIT ? <p className="text-xs text-muted-foreground">The latest {SALES_IMPORT_LIST_LIMIT} imports.</p> : null}
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-2xl">{open ? <ReportDialogBody item={open} currency={currency} /> : null}</DialogContent>
      </Dialog>
    </>
  );
}

function ReportDialogBody({ item, currency }: { item: SalesImportSummary; currency: Currency }) {
  const report = useQuery(salesImportQuery(item.id));
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-all">{item.fileName}</DialogTitle>
        <DialogDescription>
          {item.source === 'api' ? 'Sent by API' : 'Uploaded'} {formatDateTime(item.receivedAt)}
        </DialogDescription>
      </DialogHeader>
      {report.isPending ? (
        <div role="status" aria-label="Loading the report" className="grid gap-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : report.isError ? (
        <LoadError what="the report" error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : (
        <div className="grid min-w-0 gap-2">
          <div>
            <ImportStatusBadge status={report.data.status} />
          </div>
          <ImportReportView report={report.data} currency={currency} />
        </div>
      )}
    </>
  );
}
