import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { PLANOGRAM_CSV_COLUMNS, type Planogram, type PlanogramCsvProblem } from '../../../../shared/planograms.schemas.js';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { csvProblemsOf, useImportPlanogramCsv } from '../api.js';

export interface CsvRefusal {
  fileName: string;
  message: string;
  problems: PlanogramCsvProblem[];
}

interface ImportPlanogramCsvProps {
  machineId: number;
  disabled?: boolean;
  describedBy?: string;
  onImported: (planogram: Planogram) => void;
  onRefused: (refusal: CsvRefusal | null) => void;
}

/** 'Import CSV': a file in the export's columns replaces the planogram, whole or not at all. */
export function ImportPlanogramCsv({ machineId, disabled, describedBy, onImported, onRefused }: ImportPlanogramCsvProps) {
  const importCsv = useImportPlanogramCsv(machineId);
  const input = useRef<HTMLInputElement>(null);

  const send = (file: File) => {
    onRefused(null);
    importCsv.mutate(file, {
      onSuccess: (planogram) => {
        onImported(planogram);
        toast({ title: 'Planogram imported', description: `${file.name}: ${planogram.slots.length} slots.` });
      },
      onError: (error) =>
        onRefused({ fileName: file.name, message: readApiError(error).message ?? 'The file could not be imported.', problems: csvProblemsOf(error) }),
    });
  };

  return (
    <>
      <Button
        variant="outline"
        onClick={() => input.current?.click()}
        loading={importCsv.isPending}
        disabled={disabled}
        aria-describedby={describedBy}
        icon={<Upload className="size-4" aria-hidden="true" />}
      >
        Import CSV
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        aria-label="Planogram CSV file"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that the same file, once fixed, is seen as a new choice.
          event.target.value = '';
          if (file) send(file);
        }}
      />
    </>
  );
}

/** Why a CSV was refused, line by line; the planogram is as it was. */
export function CsvRefusalAlert({ refusal, onDismiss }: { refusal: CsvRefusal; onDismiss: () => void }) {
  return (
    <Alert variant="destructive" data-testid="planogram-csv-problems">
      <AlertTitle>{refusal.fileName} was not imported; the planogram is unchanged.</AlertTitle>
      {refusal.problems.length === 0 ? <p>{refusal.message}</p> : null}
      {refusal.problems.length > 0 ? (
        <ul className="grid gap-0.5">
          {refusal.problems.map((problem) => (
            <li key={`${problem.line}-${problem.message}`}>
              <span className="font-semibold">Line {problem.line}:</span> {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs">The file needs a header line ({PLANOGRAM_CSV_COLUMNS.join(',')}) and a line per slot, as Export CSV writes it.</p>
      <Button variant="outline" size="sm" className="w-fit" onClick={onDismiss}>
        Dismiss
      </Button>
    </Alert>
  );
}
