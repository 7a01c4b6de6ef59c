import { useId } from 'react';
import { RESOURCE_FILE_ACCEPT, RESOURCE_FILE_LIMITS, RESOURCE_FORMAT_NAMES, type FileResourceType } from '../../../../shared/marketing-resources.schemas.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { fileSizeLabel } from './resource-format.js';

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm font-medium text-destructive-text">
      {error}
    </p>
  ) : null;
}

interface ChoiceFieldProps<T extends string> {
  id: string;
  label: string;
  placeholder: string;
  value: T | '';
  options: [T, string][];
  onChange: (value: T) => void;
  error?: string;
  disabled?: boolean;
}

/** A labelled select whose error is tied to it for assistive technology. */
export function ChoiceField<T extends string>({ id, label, placeholder, value, options, onChange, error, disabled }: ChoiceFieldProps<T>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as T)} disabled={disabled}>
        <SelectTrigger id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map(([option, text]) => (
            <SelectItem key={option} value={option}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

interface ResourceFileFieldProps {
  type: FileResourceType;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
}

/** The file picker; its accept list is a hint for the picker only, the server reads the content. */
export function ResourceFileField({ type, file, onChange, error, disabled }: ResourceFileFieldProps) {
  const id = useId();
  const hint = `${RESOURCE_FORMAT_NAMES[type]}, up to ${fileSizeLabel(RESOURCE_FILE_LIMITS[type])}.`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>File *</Label>
      <input
        id={id}
        key={type}
        type="file"
        accept={RESOURCE_FILE_ACCEPT[type]}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block w-full min-w-0 rounded-md border border-input bg-background text-sm file:mr-3 file:border-0 file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {file ? `${file.name} · ${fileSizeLabel(file.size)}. ` : ''}
        {hint}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** How much of the file has gone up; announced politely, not on every percent. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="grid gap-1">
      <progress className="h-2 w-full overflow-hidden rounded-full accent-primary" value={percent} max={100} aria-label="Upload progress">
        {percent}%
      </progress>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {percent < 100 ? `Uploading… ${percent}%` : 'Checking the file…'}
      </p>
    </div>
  );
}
