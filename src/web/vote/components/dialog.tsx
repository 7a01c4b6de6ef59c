import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n.js';
import { Icon } from './icons.js';
import { ToastViewport } from './toast.js';
import { cn } from './ui.js';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** 'sheet' slides in from the right edge (the mobile menu); 'center' is a regular dialog. */
  placement?: 'center' | 'sheet';
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the rest of the page inert and
 * closes it on Escape. Its content only exists while open, so a closed form starts empty. Focus
 * goes back to what opened it.
 */
export function Dialog({ open, onClose, title, description, children, placement = 'center' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const { t } = useI18n();
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const handleClose = () => {
    const previous = opener.current;
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={handleClose}
      // A click on the backdrop lands on the <dialog> itself, never on its content.
      onClick={(event) => event.target === ref.current && ref.current?.close()}
      className={cn(
        'border bg-card p-0 text-card-foreground shadow-xl',
        placement === 'sheet'
          ? 'm-0 ml-auto h-dvh max-h-none w-80 max-w-[85vw] rounded-none'
          : 'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl',
      )}
    >
      {open && (
        <div className="p-5">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              aria-label={t('dialog.close')}
              className="-mt-1 -mr-1 rounded-md p-2 text-muted-foreground hover:bg-muted"
            >
              <Icon name="close" className="size-5" />
            </button>
          </div>
          {children}
          <ToastViewport />
        </div>
      )}
    </dialog>
  );
}
