import type { ReactNode } from 'react';
import { labelClass } from './ui.js';

interface FormFieldProps {
  id: string;
  label: string;
  /** A line under the control saying what the field is for, read out with it. */
  hint?: string;
  error?: string;
  /** Renders the control, given the attributes that tie it to its label, hint and error. */
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled control with its hint and error message read out alongside it. */
export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
