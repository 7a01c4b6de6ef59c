import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button.js';

type BusyButtonProps = Omit<ComponentProps<typeof Button>, 'loading'> & {
  /** While its action runs: a spinner in place of the icon, and presses are ignored. */
  busy: boolean;
};

/**
 * A button whose action takes a moment. While busy it says aria-disabled rather than disabled, so the
 * keyboard focus of whoever pressed it stays on it (a disabled button drops it to the page), and a
 * press meanwhile does nothing, a submit included.
 */
export function BusyButton({ busy, onClick, icon, 'aria-disabled': ariaDisabled, ...props }: BusyButtonProps) {
  return (
    <Button
      {...props}
      aria-disabled={busy || ariaDisabled || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      icon={busy ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : icon}
    />
  );
}
