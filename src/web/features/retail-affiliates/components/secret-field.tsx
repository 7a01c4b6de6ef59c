import { Trash2, Undo2 } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.js';
import { TextField } from '../../../components/ui/text-field.js';

interface SecretFieldProps {
  label: string;
  /** What the key is and where to find it. */
  about: string;
  registration: UseFormRegisterReturn;
  /** Whether a secret is stored, and how it ends (when long enough to say). */
  stored: { set: boolean; last4: string | null };
  /** Marked for removal at the next save. */
  clearing: boolean;
  onClearingChange: (clearing: boolean) => void;
  disabled: boolean;
  error?: string;
}

/**
 * A secret is never shown again once saved: the field stays empty and says it is set. Typing
 * replaces it, leaving it blank keeps it, and Remove deletes it at the next save.
 */
export function SecretField({ label, about, registration, stored, clearing, onClearingChange, disabled, error }: SecretFieldProps) {
  const ending = stored.last4 ? ` (ends in ${stored.last4})` : '';
  const state = !stored.set ? 'Not set.' : clearing ? 'Will be removed when you save.' : `Set${ending}: leave blank to keep it, type to replace it.`;
  const removal = stored.set ? (
    <Button
      variant="link"
      size="sm"
      className="text-sm"
      disabled={disabled}
      onClick={() => onClearingChange(!clearing)}
      icon={clearing ? <Undo2 className="size-3.5" aria-hidden="true" /> : <Trash2 className="size-3.5" aria-hidden="true" />}
    >
      {clearing ? `Keep ${label}` : `Remove ${label}`}
    </Button>
  ) : null;
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="off"
      spellCheck={false}
      placeholder={stored.set && !clearing ? 'set — type to replace' : undefined}
      hint={`${about} ${state}`}
      labelAside={removal}
      disabled={disabled}
      error={error}
      {...registration}
    />
  );
}
