import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { Input } from './input.js';
import { Label } from './label.js';

interface OneTimeCodeFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'inputMode'> {
  label: string;
  /** 'app': the 6 digits of an authenticator app (a number pad on phones); 'any': letters too (recovery codes). */
  kind: 'app' | 'any';
  error?: string;
  hint?: ReactNode;
  /** Extra content beside the label (e.g. a link to switch to recovery codes). */
  labelAside?: ReactNode;
}

/**
 * A labelled input for a sign-in code. Its error sits in a live region that is always there, so a
 * screen reader announces a refused code the moment it appears, not only when the field is focused.
 */
export function OneTimeCodeField({ label, kind, error, hint, labelAside, id, className, ...inputProps }: OneTimeCodeFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const kindProps =
    kind === 'app'
      ? ({ inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9 ]*', maxLength: 7 } as const)
      : ({ inputMode: 'text', autoComplete: 'one-time-code', autoCapitalize: 'none', maxLength: 16 } as const);

  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={inputId}
        type="text"
        spellCheck={false}
        autoCorrect="off"
        className="font-mono tracking-widest"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...kindProps}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p id={errorId} aria-live="polite" className={error ? 'text-sm font-medium text-destructive-text' : 'sr-only'}>
        {error}
      </p>
    </div>
  );
}
