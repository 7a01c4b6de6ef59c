import { useSyncExternalStore, type ReactNode } from 'react';

/** Spec 9: at most one notification visible; removed 1,000,000 ms after it is dismissed. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive' | 'info';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; the Toaster's default (5000 ms) when absent. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
}

type Action =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

let counter = 0;
let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    dispatch({ type: 'remove', id });
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

function reduce(current: ToastState, action: Action): ToastState {
  switch (action.type) {
    case 'add':
      // The newest replaces the current one once the limit is reached.
      return { toasts: [action.toast, ...current.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return {
        toasts: current.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'dismiss':
      return {
        toasts: current.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : current.toasts.filter((t) => t.id !== action.id) };
  }
}

function dispatch(action: Action): void {
  // Side effect kept out of the reducer: dismissed toasts are removed later.
  if (action.type === 'dismiss') {
    const ids = action.id === undefined ? state.toasts.map((t) => t.id) : [action.id];
    ids.forEach(scheduleRemoval);
  }
  state = reduce(state, action);
  listeners.forEach((listener) => listener());
}

/** Shows a notification; returns handles to update or dismiss it. */
export function toast(input: ToastInput) {
  const id = nextId();
  const dismiss = () => dispatch({ type: 'dismiss', id });
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return {
    id,
    dismiss,
    update: (next: ToastInput) => dispatch({ type: 'update', toast: { ...next, id } }),
  };
}

export function dismissToast(id?: string): void {
  dispatch({ type: 'dismiss', id });
}

/** The current notifications, for the Toaster. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => state;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
