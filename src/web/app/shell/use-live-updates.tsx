import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, type MouseEvent } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { LiveEventSchema, newIssueNotice, type LiveEvent } from '../../../shared/live.schemas.js';
import { toast } from '../../components/ui/use-toast.js';
import { paths } from '../../lib/paths.js';
import { EVERYTHING_LIVE, keysToRefresh } from './live-refresh.js';

/** Votes can arrive many a second: the figures are read again at most this often. */
const REFRESH_DELAY_MS = 1_000;
/** After the server refused the stream (too many tabs), the next try waits this long; network drops retry at once. */
const REOPEN_AFTER_REFUSAL_MS = 30_000;

/**
 * Keeps an operator's open pages current: the dashboard, issues and suggestions read their data
 * again when the server says something changed, and a new issue raises a notification here (and on
 * the desktop, when the operator allowed this site's notifications and the tab is in the background).
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let hadGap = false;
    const stale = new Map<string, QueryKey>();

    const refreshSoon = (keys: QueryKey[]) => {
      for (const key of keys) stale.set(JSON.stringify(key), key);
      refreshTimer ??= setTimeout(() => {
        refreshTimer = undefined;
        const keysNow = [...stale.values()];
        stale.clear();
        for (const queryKey of keysNow) void queryClient.invalidateQueries({ queryKey });
      }, REFRESH_DELAY_MS);
    };

    const onEvent = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = LiveEventSchema.parse(JSON.parse(message.data));
      } catch {
        return;
      }
      refreshSoon(keysToRefresh(event));
      if (event.type === 'issue' && event.change === 'reported') announceIssue(event, navigate);
    };

    const open = () => {
      source = new EventSource('/api/live');
      for (const name of ['vote', 'suggestion', 'issue']) source.addEventListener(name, onEvent as EventListener);
      source.onopen = () => {
        if (hadGap) refreshSoon(EVERYTHING_LIVE);
        hadGap = false;
      };
      source.onerror = () => {
        hadGap = true;
        // A dropped connection is retried by the browser; a refused one (429, 401) is closed for good.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          reopenTimer = setTimeout(open, REOPEN_AFTER_REFUSAL_MS);
        }
      };
    };
    open();
    return () => {
      source?.close();
      clearTimeout(reopenTimer);
      clearTimeout(refreshTimer);
    };
  }, [queryClient, navigate]);
}

function announceIssue(event: Extract<LiveEvent, { type: 'issue' }>, navigate: NavigateFunction) {
  const text = newIssueNotice(event);
  // The toaster sits outside the router, so the link navigates through the shell's navigate.
  const openIssues = (click: MouseEvent<HTMLAnchorElement>) => {
    if (click.metaKey || click.ctrlKey || click.shiftKey || click.button !== 0) return;
    click.preventDefault();
    void navigate(paths.vendingIssues);
  };
  toast({
    title: 'New issue reported',
    description: (
      <>
        {text}.{' '}
        <a href={paths.vendingIssues} onClick={openIssues} className="font-medium underline underline-offset-2">
          View issues
        </a>
      </>
    ),
    variant: 'info',
    duration: 10_000,
  });
  if (document.hidden && 'Notification' in window && Notification.permission === 'granted') {
    new Notification('New issue reported', { body: text, tag: `issue-${event.issueId}` });
  }
}
