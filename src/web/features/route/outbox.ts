import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The phone's queue of changes made on the route (issue 31), kept in IndexedDB so that nothing
 * recorded in a basement is lost: each change is stored with the key the server applies it once by,
 * and sent in the order it was made when the phone is online. A change the server refuses (an issue
 * the office resolved meanwhile) stays, refused, with the server's words, until the driver has read
 * it.
 */

export type ChangeKind = 'fills' | 'issue' | 'resolve' | 'done' | 'order';

export interface QueuedChange {
  /** The change's key: the server applies a key once, however often it is sent (the order has one key per person and team: a new order replaces one not sent yet). */
  key: string;
  /** Who made it and in which team: a change is only ever sent for them. */
  personId: number;
  teamId: number;
  kind: ChangeKind;
  /** POST for what happened at a machine; PUT for the order, where the last one sent wins. */
  method: 'POST' | 'PUT';
  url: string;
  body: Record<string, unknown>;
  machineId: number;
  /** What it was, in the driver's words: 'A1 filled to par', 'Visit done'. */
  label: string;
  queuedAt: string;
  state: 'waiting' | 'refused';
  /** Why the server refused it. */
  message?: string;
}

interface OutboxSchema extends DBSchema {
  changes: { key: string; value: QueuedChange; indexes: { queuedAt: string } };
}

const DB_NAME = 'vendvote-route';
let database: Promise<IDBPDatabase<OutboxSchema>> | undefined;

function open() {
  database ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('changes', { keyPath: 'key' }).createIndex('queuedAt', 'queuedAt');
    },
  });
  return database;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** What the screen shows of the queue: the changes of the person and team it watches, and whether a send is under way. */
export interface OutboxSnapshot {
  changes: QueuedChange[];
  sending: boolean;
}

let watched: { personId: number; teamId: number } | undefined;
let snapshot: OutboxSnapshot = { changes: [], sending: false };

function publish(next: Partial<OutboxSnapshot>) {
  snapshot = { ...snapshot, ...next };
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: called whenever the queue changes (a change added, sent or refused). */
export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const outboxSnapshot = (): OutboxSnapshot => snapshot;

/** Reads the queue of this person and team into the snapshot the screen shows. */
export async function watchOutbox(personId: number, teamId: number): Promise<void> {
  watched = { personId, teamId };
  await refresh();
}

async function refresh() {
  if (!watched) return;
  const { personId, teamId } = watched;
  const changes = await queuedChanges(personId, teamId);
  if (watched.personId === personId && watched.teamId === teamId) publish({ changes });
}

/** The person's queued changes in this team, oldest first. */
export async function queuedChanges(personId: number, teamId: number): Promise<QueuedChange[]> {
  const all = await (await open()).getAllFromIndex('changes', 'queuedAt');
  return all.filter((change) => change.personId === personId && change.teamId === teamId);
}

export async function queueChange(change: Omit<QueuedChange, 'queuedAt' | 'state'>): Promise<void> {
  await (await open()).put('changes', { ...change, queuedAt: new Date().toISOString(), state: 'waiting' });
  await refresh();
}

/** The driver has read why a change was refused. */
export async function dismissChange(key: string): Promise<void> {
  await (await open()).delete('changes', key);
  await refresh();
}

export type SendOutcome = 'sent' | 'offline' | 'stopped';

let sending: Promise<{ outcome: SendOutcome; sent: number }> | undefined;

/**
 * Sends the person's waiting changes one by one, oldest first. A change the server took is removed;
 * one it refused for what it says (a 4xx but for sign-in) is kept as refused with its message;
 * without a network, or when the server fails or the session ended, sending stops and the rest wait.
 */
export function sendQueued(personId: number, teamId: number): Promise<{ outcome: SendOutcome; sent: number }> {
  sending ??= (async () => {
    let sent = 0;
    publish({ sending: true });
    try {
      for (const change of await queuedChanges(personId, teamId)) {
        if (change.state !== 'waiting') continue;
        let response: Response;
        try {
          // A change at a machine carries its key, which the server applies once; the order is whole each time.
          const body = change.method === 'POST' ? { ...change.body, key: change.key } : change.body;
          response = await fetch(change.url, { method: change.method, credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        } catch {
          return { outcome: 'offline' as const, sent };
        }
        const db = await open();
        if (response.ok) {
          await db.delete('changes', change.key);
          sent++;
        } else if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 403 && response.status !== 429) {
          await db.put('changes', { ...change, state: 'refused', message: await refusalOf(response) });
        } else {
          return { outcome: 'stopped' as const, sent };
        }
        await refresh();
      }
      return { outcome: 'sent' as const, sent };
    } finally {
      sending = undefined;
      publish({ sending: false });
    }
  })();
  return sending;
}

async function refusalOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the status says it.
  }
  return text || `${response.status}: ${response.statusText}`;
}
