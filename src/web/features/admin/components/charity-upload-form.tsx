import { Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { CharityImportReport } from '../../../../shared/donation-hub.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { FormError } from '../../../components/ui/form-error.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { isCsvFile, useImportCharities, type UploadProgress } from '../charity-directory-api.js';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

function ProgressLine({ progress }: { progress: UploadProgress }) {
  if (progress.stage === 'importing') {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Uploaded. Importing the rows; a large state file takes a few minutes...
      </p>
    );
  }
  const percent = Math.round(progress.fraction * 100);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">Sending the files: {percent}%</p>
    </div>
  );
}

/** The upload of one or more IRS EO BMF files (eo_xx.csv); the report of what became of their rows goes to `onReport`. */
export function CharityUploadForm({ onReport }: { onReport: (report: CharityImportReport) => void }) {
  const importFiles = useImportCharities();
  const [files, setFiles] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const busy = importFiles.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const wrong = files.find((file) => !isCsvFile(file.name));
    if (files.length === 0) return setError('Choose one or more IRS EO BMF files (eo_xx.csv) to import.');
    if (wrong) return setError(`${wrong.name} is not a CSV file: upload the IRS extract's files, such as eo_tx.csv.`);
    setError(null);
    setProgress({ stage: 'sending', fraction: 0 });
    try {
      const report = await importFiles.mutateAsync({ files, onProgress: setProgress });
      onReport(report);
      setFiles([]);
      setInputKey((key) => key + 1);
    } catch (failure) {
      if (isUnauthorizedError(failure)) return;
      const message =
        readApiError(failure).message ??
        (failure instanceof Error && !/^\d{3}: /.test(failure.message) ? failure.message : 'The import failed. Please try again.');
      setError(message);
      toast({ title: 'Import failed', description: message, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3" aria-busy={busy || undefined}>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>IRS EO BMF files (.csv)</Label>
        <Input
          key={inputKey}
          id={inputId}
          type="file"
          multiple
          accept=".csv,text/csv"
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setFiles(Array.from(event.target.files ?? []));
            setError(null);
          }}
          className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm"
        />
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          The state files of the IRS Exempt Organizations Business Master File extract (eo_tx.csv and so on), one or more at a time. Only 501(c)(3)
          organizations are kept; records already listed are updated by EIN.
        </p>
      </div>
      {files.length > 0 ? (
        <ul aria-label="Chosen files" className="grid gap-1 text-sm">
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`} className="flex justify-between gap-3">
              <span className="min-w-0 truncate">{file.name}</span>
              <span className="shrink-0 text-muted-foreground tabular-nums">{megabytes(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {progress ? <ProgressLine progress={progress} /> : null}
      <FormError message={error} />
      <Button type="submit" className="w-full sm:w-fit" loading={busy} icon={<Upload className="size-4" aria-hidden="true" />}>
        Import files
      </Button>
    </form>
  );
}
