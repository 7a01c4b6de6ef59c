import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n.js';
import { Icon } from './icons.js';
import { cn } from './ui.js';

/** Spec 4 and 9: one notification visible at a time, for 5000 ms; variants default, destructive, info. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive' | 'info';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastState {
  notify: (message: ToastMessage) => void;
  current: (ToastMessage & { key: number }) | null;
  dismiss: () => void;
}

const ToastContext = createContext<ToastState>({ notify: () => {}, current: null, dismiss: () => {} });

export const useToast = () => useContext(ToastContext).notify;

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
  info: 'border-primary bg-info-soft text-info-soft-foreground',
};

/** Holds the one current notification; a new message replaces the one shown. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState['current']>(null);
  const counter = useRef(0);
  const notify = useCallback((message: ToastMessage) => setCurrent({ ...message, key: ++counter.current }), []);
  const dismiss = useCallback(() => setCurrent(null), []);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current, dismiss]);

  const value = useMemo(() => ({ notify, current, dismiss }), [notify, current, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastViewport />
    </ToastContext.Provider>
  );
}

/**
 * The notification area: a live region that is always in the page, so screen readers announce
 * each message as it is put in. An open modal dialog makes the rest of the page inert and covers
 * it, so each dialog shows its own copy of this area (same place on screen).
 */
export function ToastViewport() {
  const { current, dismiss } = useContext(ToastContext);
  const { t } = useI18n();
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-3 sm:top-auto sm:bottom-0 sm:justify-end"
    >
      {current && (
        <div
          key={current.key}
          data-variant={current.variant ?? 'default'}
          className={cn('pointer-events-auto relative w-full max-w-sm rounded-lg border p-4 pr-11 text-left shadow-lg', variantClasses[current.variant ?? 'default'])}
        >
          <p className="text-sm font-semibold">{current.title}</p>
          {current.description && <p className="mt-1 text-sm">{current.description}</p>}
          <button type="button" onClick={dismiss} aria-label={t('toast.close')} className="absolute top-2 right-2 rounded-md p-1.5 opacity-80 hover:opacity-100">
            <Icon name="close" className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
