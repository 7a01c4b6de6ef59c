/** A timestamp as a short date in the browser's locale, e.g. 'Mar 4, 2025'. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'vote' or 'votes' with the count, e.g. '1 vote', '1,204 votes'. */
export function formatVotes(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'vote' : 'votes'}`;
}
