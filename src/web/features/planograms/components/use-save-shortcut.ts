import { useEffect, useRef } from 'react';

/**
 * Ctrl+S (⌘S on a Mac) saves while there is something to save, wherever the focus is on the page,
 * as in a spreadsheet, instead of the browser saving the web page. With nothing to save the browser
 * keeps the keys.
 */
export function useSaveShortcut(enabled: boolean, onSave: () => void) {
  const latest = useRef(onSave);
  useEffect(() => {
    latest.current = onSave;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
