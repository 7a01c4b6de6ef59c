import { useQuery } from '@tanstack/react-query';
import { issueCountsQuery } from '../../features/vending-issues/api.js';

/**
 * The issues customers reported that still wait for the operator (new or under investigation),
 * beside the sidebar's Vending Issues entry. It shares the counts' cache entry with the issues
 * page, so a status change anywhere updates it; nothing shows while there are none.
 */
export function UnresolvedIssuesBadge() {
  const counts = useQuery(issueCountsQuery);
  const unresolved = counts.data ? counts.data.open + counts.data.investigating : 0;
  if (unresolved === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-destructive px-2 py-0.5 text-xs font-semibold text-destructive-foreground tabular-nums">
      {unresolved.toLocaleString('en-US')}
      <span className="sr-only"> unresolved</span>
    </span>
  );
}
