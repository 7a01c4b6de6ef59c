import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { routeDayQuery } from './api.js';
import { dismissChange, outboxSnapshot, queueChange, sendQueued, subscribeOutbox, watchOutbox, type QueuedChange } from './outbox.js';

/** How often a phone with waiting changes tries again, besides when it says it is back online. */
const RETRY_MS = 20_000;

/** How soon a send that broke off is tried again, when the phone says it is online. */
const QUICK_RETRY_MS = 3_000;
let quickRetry: number | undefined;
function scheduleRetry(retry: () => void) {
  if (quickRetry !== undefined) return;
  quickRetry = window.setTimeout(() => {
    quickRetry = undefined;
    retry();
  }, QUICK_RETRY_MS);
}

/** Sends the queue; a send that broke off while the phone says it is online (a lost answer, a weak signal) is tried again soon. */
async function sendAndRetry(personId: number, teamId: number, afterSent: () => Promise<unknown>): Promise<void> {
  const { outcome, sent } = await sendQueued(personId, teamId);
  if (sent > 0) await afterSent();
  if (outcome !== 'sent' && navigator.onLine) scheduleRetry(() => void sendAndRetry(personId, teamId, afterSent));
}

export type NewChange = Omit<QueuedChange, 'queuedAt' | 'state' | 'personId' | 'teamId'>;

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/**
 * The queue of the signed-in person's changes in the team in use: what waits to be sent, what the
 * server refused, and whether the phone is online. Recording a change queues it and tries to send
 * it at once; the day is read again after anything was sent.
 */
export function useOutbox(personId: number | undefined, teamId: number | undefined) {
  const queryClient = useQueryClient();
  const { changes, sending } = useSyncExternalStore(subscribeOutbox, outboxSnapshot);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const ready = personId !== undefined && teamId !== undefined;

  const send = useCallback(async () => {
    if (!ready) return;
    await sendAndRetry(personId, teamId, () => queryClient.invalidateQueries({ queryKey: routeDayQuery.queryKey }));
  }, [ready, personId, teamId, queryClient]);

  useEffect(() => {
    if (!ready) return;
    void watchOutbox(personId, teamId).then(send);
    const wentOnline = () => void send();
    window.addEventListener('online', wentOnline);
    const timer = window.setInterval(() => void send(), RETRY_MS);
    return () => {
      window.removeEventListener('online', wentOnline);
      window.clearInterval(timer);
    };
  }, [ready, personId, teamId, send]);

  const record = useCallback(
    async (change: NewChange) => {
      if (!ready) return;
      await queueChange({ ...change, personId, teamId });
      void send();
    },
    [ready, personId, teamId, send],
  );

  return {
    ready,
    changes,
    waiting: changes.filter((change) => change.state === 'waiting'),
    refused: changes.filter((change) => change.state === 'refused'),
    online,
    sending,
    record,
    dismiss: dismissChange,
    send,
  };
}

export type Outbox = ReturnType<typeof useOutbox>;
