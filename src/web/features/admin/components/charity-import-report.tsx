import type { CharityImportReport } from '../../../../shared/donation-hub.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { AdminTableFrame, adminCell } from './admin-table.js';

const FIGURES = [
  ['rowsRead', 'Rows read'],
  ['imported', 'Added'],
  ['updated', 'Updated'],
  ['skippedNotCharitable', 'Skipped (not 501(c)(3))'],
  ['rejected', 'Rejected'],
] as const;

/** What an upload did: the counts, and the first rows refused with why. */
export function CharityImportReportView({ report }: { report: CharityImportReport }) {
  return (
    <div className="grid gap-3" data-testid="charity-import-report">
      <Alert variant={report.rejected > 0 ? 'info' : 'success'}>
        <AlertTitle>
          Imported {countOf(report.files.length, 'file')} in {report.seconds.toLocaleString('en-US')} s
        </AlertTitle>
        <p className="break-words">{report.files.join(', ')}</p>
      </Alert>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {FIGURES.map(([key, label]) => (
          <div key={key} className="rounded-lg border border-border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{report[key].toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {report.problems.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Rejected rows{report.problems.length < report.rejected ? ` (the first ${report.problems.length})` : ''}</h3>
          <div className="rounded-lg border border-border">
            <AdminTableFrame label="Rejected rows" columns={['File', 'Line', 'EIN', 'Problem']} minWidth="min-w-[36rem]">
              <tbody className="divide-y divide-border">
                {report.problems.map((problem) => (
                  <tr key={`${problem.file}:${problem.line}`}>
                    <td className={adminCell}>{problem.file}</td>
                    <td className={`${adminCell} tabular-nums`}>{problem.line}</td>
                    <td className={`${adminCell} tabular-nums`}>{problem.ein ?? '—'}</td>
                    <td className={adminCell}>{problem.reason}</td>
                  </tr>
                ))}
              </tbody>
            </AdminTableFrame>
          </div>
        </div>
      ) : null}
    </div>
  );
}
