import { Link } from 'react-router';
import type { Currency } from '../../../../shared/money.js';
import { formatMoney } from '../../../../shared/money.js';
import type { SalesImportReport } from '../../../../shared/sales-imports.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { formatDateTime } from '../../../lib/dates.js';
import { paths } from '../../../lib/paths.js';
import { ReportLines } from './report-lines.js';

const cellClass = 'px-3 py-1.5 text-left';

/**
 * An import's report: its sentence, the sales per machine, and its lines. Shown for a file just sent
 * and for a past import alike; what can be done about a refusal is the uploader's (upload-entry).
 */
export function ImportReportView({ report, currency }: { report: SalesImportReport; currency: Currency }) {
  return (
    <div className="grid min-w-0 gap-3">
      <p className="break-words" data-testid="import-summary">
        {report.summary}
      </p>
      {report.status === 'already-imported' ? (
        <p className="text-sm text-muted-foreground">VendVote knows a file by its content: this one was taken before, so its sales are not counted twice.</p>
      ) : null}
      {report.unknownSerials.length > 0 ? <UnknownSerials serials={report.unknownSerials} /> : null}
      {report.machines.length > 0 ? <MachineSales report={report} currency={currency} /> : null}
      <ReportLines lines={report.lines} moreLines={report.moreLines} />
    </div>
  );
}

function UnknownSerials({ serials }: { serials: readonly string[] }) {
  return (
    <Alert>
      <p>
        To import it, open{' '}
        <Link to={paths.vendingMachines} className="font-medium underline underline-offset-4">
          Vending Machines
        </Link>
        , edit the machine the file is from and enter <span className="font-mono font-semibold">{serials.join(', ')}</span> as its serial number, exactly as the
        file writes it. Then send the file again.
      </p>
    </Alert>
  );
}

function MachineSales({ report, currency }: { report: SalesImportReport; currency: Currency }) {
  return (
    <ScrollFrame label={`Sales per machine from ${report.fileName}, scrolls sideways`}>
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="sr-only">Sales per machine</caption>
        <thead className="text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className={cellClass}>
              Machine
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              Units
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              Value
            </th>
            <th scope="col" className={cellClass}>
              Read
            </th>
          </tr>
        </thead>
        <tbody>
          {report.machines.map((machine) => (
            <tr key={machine.machineId} className="border-t border-border">
              <th scope="row" className={`${cellClass} font-medium`}>
                <Link to={paths.machine(machine.machineId)} className="underline-offset-4 hover:underline">
                  {machine.machineName}
                </Link>
              </th>
              <td className={`${cellClass} text-right tabular-nums`}>{machine.units.toLocaleString('en-US')}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{machine.value === null ? '—' : formatMoney(machine.value, currency)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{machine.readAt ? formatDateTime(machine.readAt) : '—'}</td>
            </tr>
          ))}
        </tbody>
        {report.machines.length > 1 ? (
          <tfoot>
            <tr className="border-t border-border font-semibold">
              <th scope="row" className={cellClass}>
                All machines
              </th>
              <td className={`${cellClass} text-right tabular-nums`}>{report.units.toLocaleString('en-US')}</td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </ScrollFrame>
  );
}
