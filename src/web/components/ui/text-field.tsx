import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { Input } from './input.js';
import { Label } from './label.js';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** The field's validation message; ties itself to the input with aria-describedby. */
  error?: string;
  hint?: ReactNode;
  /** Extra content beside the label (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
}

/** A labelled input with its hint and error wired for assistive technology. */
export function TextField({ label, error, hint, labelAside, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
