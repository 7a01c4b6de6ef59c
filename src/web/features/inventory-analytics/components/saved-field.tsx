import { useState, type ReactNode } from 'react';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { cn } from '../../../lib/cn.js';

export type Checked = { ok: true } | { ok: false; message: string };

interface SavedFieldProps {
  id: string;
  /** The visible label and any words only a screen reader needs (which line it belongs to). */
  label: ReactNode;
  /** The saved value, as the field shows it. */
  value: string;
  type?: 'text' | 'number';
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  className?: string;
  /** The shared schema's verdict on what was typed. */
  check: (text: string) => Checked;
  /** Saves what was typed; rejects with the message to show when the server refuses it. */
  save: (text: string) => Promise<void>;
}

/**
 * A field that saves itself when it loses focus or on Enter. What is typed stays in the field until it
 * is saved, and a refusal is shown under it, tied to it and announced for screen readers.
 */
export function SavedField({ id, label, value, type = 'text', inputMode, maxLength, className, check, save }: SavedFieldProps) {
  // null: nothing typed since the last save, so the field shows the saved value.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = `${id}-error`;

  const commit = async () => {
    if (draft === null || saving) return;
    if (draft.trim() === value) {
      setDraft(null);
      setError(null);
      return;
    }
    const verdict = check(draft);
    if (!verdict.ok) {
      setError(verdict.message);
      return;
    }
    setSaving(true);
    try {
      await save(draft);
      setDraft(null);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Not saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={cn('grid content-start gap-1', className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type={type}
        inputMode={inputMode}
        min={type === 'number' ? 1 : undefined}
        step={type === 'number' ? 1 : undefined}
        maxLength={maxLength}
        value={draft ?? value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={saving || undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void commit();
          }
        }}
        className="h-9"
      />
      {/* An alert, so a screen reader says the refusal the moment it appears, as the app's other forms do. */}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
