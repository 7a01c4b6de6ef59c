import type { ReactNode } from 'react';
import { labelClass } from './ui.js';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  /** Renders the control, given the attributes that tie it to its label and error. */
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled control with its error message read out alongside it. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
