import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../../components/page-title.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { useMachines } from '../../machines/api.js';
import { settingsQuery } from '../../settings/api.js';
import { ExportForm } from '../components/export-form.js';
import { calendarDay } from '../export-period.js';

/** /exports: the operator's votes, products, suggestions, issues and magnet orders as CSV files. */
export function ExportDataPage() {
  const machines = useMachines();
  const settings = useQuery(settingsQuery);
  const timeZone = settings.data?.preferences.timezone;

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageTitle title="Export Data" />
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Export Data</h1>
        <p className="text-muted-foreground">Download your records as CSV files, for a spreadsheet, your bookkeeping or another tool.</p>
      </header>
      {machines.isError ? (
        <LoadError what="your machines; you can still export all of them" error={machines.error} onRetry={() => void machines.refetch()} retrying={machines.isFetching} />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Choose what to download</CardTitle>
          <CardDescription>Each file holds only your own records. It opens in Excel, Numbers or Google Sheets.</CardDescription>
        </CardHeader>
        <CardContent>
          <ExportForm
            machines={machines.data ?? []}
            loading={machines.isPending}
            failed={machines.isError}
            today={calendarDay(timeZone)}
            timeZone={timeZone}
          />
        </CardContent>
      </Card>
    </div>
  );
}
