import { useState } from 'react';
import {
  CHARITY_IMPORT_COMMAND,
  IRS_EXTRACT_URL,
  CHARITY_TYPE_LABELS,
  CHARITY_TYPES,
  ZIP_DATA_CREDIT,
  type CharityDirectory,
  type CharityImportReport,
} from '../../../../shared/donation-hub.schemas.js';
import { StatCard } from '../../../components/stat-card.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { useCharityDirectory } from '../charity-directory-api.js';
import { AdminTableFrame, AdminTableSkeleton, adminCell } from './admin-table.js';
import { CharityImportReportView } from './charity-import-report.js';
import { CharityUploadForm } from './charity-upload-form.js';
import { formatDateTime } from '../../../lib/dates.js';

const IMPORT_COLUMNS = ['Imported', 'Files', 'By', 'Rows read', 'Added', 'Updated', 'Skipped', 'Rejected'] as const;
const IMPORT_TABLE = { label: 'Last imports', columns: IMPORT_COLUMNS, minWidth: 'min-w-[52rem]' } as const;

const figure = (value: number | undefined) => (value === undefined ? undefined : value.toLocaleString('en-US'));

function DirectoryCounts({ directory }: { directory: CharityDirectory | undefined }) {
  return (
    <section aria-label="Charity directory counts" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="In the directory" value={figure(directory?.total)} caption="IRS and example records, seen by every operator" />
      <StatCard label="From the IRS" value={figure(directory?.bySource.irs)} caption="501(c)(3) organizations, shown as Verified" />
      <StatCard label="Example records" value={figure(directory?.bySource.example)} caption="Sample data that comes with the app" />
      <StatCard label="Added by operators" value={figure(directory?.bySource.operator)} caption="Private to the operator who added each" />
    </section>
  );
}

function TypeCounts({ directory }: { directory: CharityDirectory }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {CHARITY_TYPES.map((type) => (
        <div key={type} className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted-foreground">{CHARITY_TYPE_LABELS[type]}</dt>
          <dd className="text-lg font-semibold tabular-nums">{(directory.byType[type] ?? 0).toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

function ImportsTable({ imports }: { imports: CharityDirectory['imports'] }) {
  if (imports.length === 0) return <p className="p-4 text-sm text-muted-foreground">No imports yet. Upload the IRS files above to fill the directory.</p>;
  return (
    <AdminTableFrame {...IMPORT_TABLE}>
      <tbody className="divide-y divide-border">
        {imports.map((entry) => (
          <tr key={entry.id}>
            <td className={`${adminCell} whitespace-nowrap`}>{formatDateTime(entry.createdAt)}</td>
            <td className={`${adminCell} max-w-56 break-words`}>{entry.fileNames.join(', ')}</td>
            <td className={adminCell}>{entry.by ?? 'Server'}</td>
            {([entry.rowsRead, entry.imported, entry.updated, entry.skippedNotCharitable, entry.rejected] as const).map((value, index) => (
              <td key={index} className={`${adminCell} tabular-nums`}>
                {value.toLocaleString('en-US')}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </AdminTableFrame>
  );
}

/** Where the IRS files come from and the server command, for an admin filling the directory for the first time. */
function WhereToGetTheFiles({ irsRecords }: { irsRecords: number | undefined }) {
  return (
    <Card className="grid gap-3 p-4" data-testid="charity-files-card">
      <h2 className="text-lg font-semibold">{irsRecords === 0 ? 'Fill the directory' : 'Where the files come from'}</h2>
      {irsRecords === 0 ? (
        <p className="text-sm">
          The directory holds no IRS records yet, only the examples around Austin, TX: operators elsewhere find nothing until you import the files.
        </p>
      ) : null}
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>
          Download the state CSV files of the IRS{' '}
          <a href={IRS_EXTRACT_URL} target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-2">
            Exempt Organizations Business Master File extract
            <span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          (one file per state, such as eo_tx.csv; updated monthly).
        </li>
        <li>Upload them below, or on the server run:</li>
      </ol>
      <code className="block overflow-x-auto rounded-md bg-muted px-3 py-2 text-sm whitespace-pre">{CHARITY_IMPORT_COMMAND}</code>
      <p className="text-xs text-muted-foreground">Only 501(c)(3) organizations are kept; importing a newer file again updates the records.</p>
    </Card>
  );
}

/** Charities: the directory operators search in the Donation Hub, its counts and imports, and the upload of the IRS files. */
export function CharitiesTab() {
  const directory = useCharityDirectory();
  const [report, setReport] = useState<CharityImportReport | null>(null);

  return (
    <div className="grid min-w-0 gap-6">
      <DirectoryCounts directory={directory.data} />
      {directory.isError ? (
        <LoadError what="the charity directory" error={directory.error} onRetry={() => void directory.refetch()} retrying={directory.isRefetching} />
      ) : null}
      {directory.data ? (
        <Card className="grid gap-3 p-4">
          <h2 className="text-lg font-semibold">By type</h2>
          <TypeCounts directory={directory.data} />
        </Card>
      ) : null}
      <WhereToGetTheFiles irsRecords={directory.data?.bySource.irs} />
      <Card className="grid gap-4 p-4">
        <div>
          <h2 className="text-lg font-semibold">Import IRS files</h2>
          <p className="text-sm text-muted-foreground">
            Download the state files from the IRS Exempt Organizations Business Master File extract and upload them here, or run npm run charities:import on the
            server.
          </p>
        </div>
        <CharityUploadForm onReport={setReport} />
        {report ? <CharityImportReportView report={report} /> : null}
      </Card>
      <Card className="min-w-0 overflow-hidden">
        <div className="border-b border-border p-4">
          <h2 className="text-lg font-semibold">Last imports</h2>
        </div>
        {directory.isPending ? (
          <AdminTableSkeleton {...IMPORT_TABLE} loadingLabel="Loading the imports" rowTestId="charity-import-skeleton-row" />
        ) : (
          <ImportsTable imports={directory.data?.imports ?? []} />
        )}
      </Card>
      <p className="text-xs text-muted-foreground">{ZIP_DATA_CREDIT}</p>
    </div>
  );
}
