import { useEffect } from 'react';

/**
 * Sets the document title while the page is shown. (Not React 19's hoisted <title>: index.html
 * already has one, and the browser reads the first.)
 */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · VendVote`;
  }, [title]);
  return null;
}
