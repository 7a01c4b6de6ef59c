import { FileUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { SALES_FILE_MAX_BYTES } from '../../../../shared/sales-imports.schemas.js';
import { cn } from '../../../lib/cn.js';

/** DEX audits come as .dex or .txt; telemetry exports as .csv. The server tells them apart by content. */
const ACCEPT = '.dex,.txt,.csv,text/plain,text/csv';

/**
 * A file input dressed as a drop zone, for several files at once. The input stays in the page
 * (visually hidden), so it is reached with Tab and opened with Enter or Space.
 */
export function SalesDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/40 p-8 text-center transition-colors',
        'hover:border-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
        dragging && 'border-primary bg-primary-soft',
      )}
    >
      <FileUp className="size-10 text-muted-foreground" aria-hidden="true" />
      <span className="font-medium">Drop sales files here or choose them</span>
      <span id={hintId} className="text-sm text-muted-foreground">
        DEX audit files (.dex, .txt) and telemetry CSV exports, several at once, up to {SALES_FILE_MAX_BYTES / 1024 / 1024} MB each. They are sent in the order
        given: a machine&apos;s audits oldest first.
      </span>
      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT}
        aria-describedby={hintId}
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that choosing the same file again (after fixing it) is seen as a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}
