import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { Label } from './label.js';

/** The attributes that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

export interface FormFieldProps {
  label: string;
  /** The control's id; one is made up when the caller does not need to know it. */
  id?: string;
  /** Shows a required mark, seen but not read, and tells the control to say aria-required. */
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Extra content beside the label (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  className?: string;
  /** The control, given the attributes that connect it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactElement;
}

/**
 * A labelled control whose required mark is seen, not read (the control says aria-required
 * instead), with its hint and error announced through aria-describedby.
 */
export function FormField({ label, id: givenId, required = false, error, hint, labelAside, className, children }: FormFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <Label htmlFor={id}>
      {label}
      {required ? (
        <span className="text-destructive-text" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </Label>
  );
  return (
    <div className={cn('grid content-start gap-2', className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined })}
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
