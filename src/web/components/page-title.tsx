import { useEffect } from 'react';
import { documentTitle } from '../../shared/page-meta.js';

/**
 * Sets the document title while the page is shown, worded as the server's HTML words it
 * (shared/page-meta.ts; a shared page takes its title from PAGE_META). Not React 19's hoisted
 * <title>: index.html already has one, and the browser reads the first.
 */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}
