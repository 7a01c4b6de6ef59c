import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmAction } from './ui/confirm-action.js';

interface UnsavedChangesGuardProps {
  dirty: boolean;
  /** What would be lost, for the question: 'your changes to the planogram'. */
  what: string;
}

/**
 * Keeps unsaved edits from being lost by leaving: a link or Back inside the app asks first, and
 * closing or reloading the tab gets the browser's own question (which cannot be worded).
 */
export function UnsavedChangesGuard({ dirty, what }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  // The dialog reports closing after 'Leave' too; only a Cancel or Escape puts the navigation back.
  const leaving = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmAction
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && !leaving.current && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description={`You have not saved ${what}. If you leave now, they are lost.`}
      cancelLabel="Stay on this page"
      confirmLabel="Leave without saving"
      waitForAction
      onConfirm={() => {
        leaving.current = true;
        blocker.proceed?.();
      }}
    />
  );
}
