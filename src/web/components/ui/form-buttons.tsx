import type { ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button.js';

interface FormButtonsProps {
  submitLabel: ReactNode;
  /** While the form is sent: the submit button spins and Cancel waits, so nothing is left half done. */
  busy: boolean;
  onCancel: () => void;
  submitVariant?: ButtonVariant;
  submitIcon?: ReactNode;
}

/** Cancel and submit at the end of a form that opened in place: side by side, or stacked with submit on top on a phone. */
export function FormButtons({ submitLabel, busy, onCancel, submitVariant, submitIcon }: FormButtonsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant={submitVariant} className="w-full sm:w-fit" loading={busy} icon={submitIcon}>
        {submitLabel}
      </Button>
    </div>
  );
}

interface SubmitButtonProps {
  children: ReactNode;
  busy: boolean;
  icon: ReactNode;
  size?: ButtonSize;
}

/** The send button of a form that stands on its own: full width on a phone, at the form's end from small screens up. */
export function SubmitButton({ children, busy, icon, size }: SubmitButtonProps) {
  return (
    <Button type="submit" size={size} className="w-full sm:w-fit sm:justify-self-end" loading={busy} icon={icon}>
      {children}
    </Button>
  );
}
