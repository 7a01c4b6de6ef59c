import type { ImportProgress } from '../api.js';

/** The import's progress bar; screen readers hear it through the progressbar role and the live line. */
export function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100);
  const imported = progress.created + progress.updated;
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={`${progress.done} of ${progress.total} rows`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {progress.waitingMs !== undefined ? (
        <p role="status" className="text-sm font-medium">
          Waiting to retry… The server asked us to slow down, so the next rows go in {Math.max(1, Math.round(progress.waitingMs / 1000))} s. Nothing is
          imported twice.
        </p>
      ) : null}
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')} rows sent: {imported.toLocaleString('en-US')} imported,{' '}
        {progress.skipped.toLocaleString('en-US')} skipped, {progress.failed.toLocaleString('en-US')} failed.
      </p>
    </div>
  );
}
