import { FileText } from 'lucide-react';
import { useState } from 'react';
import type { Currency } from '../../../../shared/money.js';
import { SalesImportMessages, type MappingRole, type SalesImportReport, type TelemetryMappingInput } from '../../../../shared/sales-imports.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { readApiError } from '../../../lib/api.js';
import { useSaveMapping } from '../api.js';
import type { UploadEntry } from '../use-upload-queue.js';
import { ImportReportView } from './import-report.js';
import { ImportStatusBadge } from './import-status-badge.js';
import { MachineResend } from './machine-resend.js';
import { MappingForm } from './mapping-form.js';

const namesNoMachine = (report: SalesImportReport) =>
  report.status === 'refused' &&
  (report.summary === SalesImportMessages.noSerial || report.lines.some((line) => line.message === SalesImportMessages.noSerial));

interface UploadEntryCardProps {
  entry: UploadEntry;
  currency: Currency;
  onResend: (machineId?: number) => void;
}

/** One file sent from this page: where it is in the line, then its report and what can be done next. */
export function UploadEntryCard({ entry, currency, onResend }: UploadEntryCardProps) {
  const { report } = entry;
  const settled = entry.state === 'done' || entry.state === 'failed';
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border border-border p-3 sm:p-4" aria-busy={!settled} data-testid="upload-entry">
      <div className="flex flex-wrap items-center gap-2">
        <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <h3 className="min-w-0 font-medium break-all">{entry.file.name}</h3>
        {report ? <span className="text-xs text-muted-foreground uppercase">{report.kind}</span> : null}
        <ImportStatusBadge status={report?.status} state={entry.state} />
      </div>
      {entry.state === 'failed' ? (
        <Alert variant="destructive">
          <p>{entry.error}</p>
        </Alert>
      ) : null}
      {report && settled ? <ImportReportView report={report} currency={currency} /> : null}
      {report && settled && namesNoMachine(report) ? <MachineResend onSend={(machineId) => onResend(machineId)} /> : null}
      {report?.mapping && settled && report.status === 'needs-mapping' ? (
        <MappingStep fileName={entry.file.name} proposal={report.mapping} onSaved={() => onResend()} />
      ) : null}
    </li>
  );
}

/** Saves the mapping, then sends the same file again, which the mapping now reads. */
function MappingStep({ fileName, proposal, onSaved }: { fileName: string; proposal: NonNullable<SalesImportReport['mapping']>; onSaved: () => void }) {
  const save = useSaveMapping();
  const [refusal, setRefusal] = useState<{ message?: string; byRole: Partial<Record<MappingRole, string>> } | null>(null);

  const submit = (mapping: TelemetryMappingInput) =>
    save.mutate(
      { columns: proposal.columns, mapping },
      {
        onSuccess: () => {
          setRefusal(null);
          onSaved();
        },
        onError: (error) => {
          const details = readApiError(error);
          const byRole = Object.fromEntries(Object.entries(details.errors ?? {}).map(([field, message]) => [field.replace(/^mapping\./, ''), message]));
          setRefusal({ message: details.message, byRole });
        },
      },
    );

  return (
    <>
      {refusal?.message ? (
        <Alert variant="destructive">
          <p>The mapping was not saved. {refusal.message}</p>
        </Alert>
      ) : null}
      <MappingForm fileName={fileName} proposal={proposal} onSubmit={submit} pending={save.isPending} serverErrors={refusal?.byRole} />
    </>
  );
}
