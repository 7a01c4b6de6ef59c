import { FileSpreadsheet } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { IMPORT_MAX_FILE_BYTES } from '../../../../shared/product-import.schemas.js';
import { cn } from '../../../lib/cn.js';

/** What the picker offers; the names' endings decide, as some systems give CSV no MIME type. */
const ACCEPT = '.csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

interface FileDropZoneProps {
  onFile: (file: File) => void;
  disabled?: boolean;
}

/**
 * A file input dressed as a drop zone. The input stays in the page (visually hidden, not
 * display:none), so it is reached with Tab and opened with Enter or Space, and screen readers
 * announce it with its label.
 */
export function FileDropZone({ onFile, disabled = false }: FileDropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/40 p-8 text-center transition-colors',
        'hover:border-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
        dragging && 'border-primary bg-primary-soft',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <FileSpreadsheet className="size-10 text-muted-foreground" aria-hidden="true" />
      <span className="font-medium">Drop a file here or choose one</span>
      <span id={hintId} className="text-sm text-muted-foreground">
        CSV or Excel (.xlsx), up to {IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB
      </span>
      <input
        id={inputId}
        type="file"
        accept={ACCEPT}
        aria-describedby={hintId}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it) is seen as a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
