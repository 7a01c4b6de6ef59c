import type { Database } from '../../db/client.js';
import { writeVoteBatch, type BatchEntry, type BatchOutcome, type KnownCountRows } from './vote-counters.js';

/**
 * The most votes one statement takes. Measured on PostgreSQL here, a batch of 25 took 1.9 ms (77 µs
 * a vote), of 100 6.8 ms (68 µs), of 400 33 ms (82 µs): past about a hundred a vote costs more
 * again, as the planner cannot know a batch's size and matches its votes to their rows pairwise. A
 * larger burst goes in several batches, one after another.
 */
export const MAX_BATCH = 100;
/**
 * Batches written at once. One: a batch locks its products before anything else, so a second batch
 * for the same products would only wait for the first to commit; meanwhile the next batch fills.
 */
const IN_FLIGHT = 1;
/** A batch that meets a deadlock (with a reset or a deletion taking rows in another order) is tried again. */
const MAX_ATTEMPTS = 3;
const RETRYABLE_CODES = new Set(['40P01', '40001']);

type Entry = Omit<BatchEntry, 'n'>;

interface Waiting {
  entry: Entry;
  resolve: (outcome: BatchOutcome) => void;
  reject: (error: unknown) => void;
}

const isRetryable = (error: unknown) => RETRYABLE_CODES.has((error as { code?: string })?.code ?? '');

/**
 * Writes the votes of this process in batches: one batch at a time, holding whatever votes arrived
 * while the previous one was being written. A quiet machine's vote goes alone and at once; a burst
 * goes in a few statements instead of one per vote, and votes for the same product no longer wait
 * on each other's row locks. Each caller's promise settles when its batch has committed, so a vote
 * is acknowledged only once it is stored.
 *
 * A batch that fails for any other reason than a deadlock is written again one vote at a time, so
 * one vote that cannot be written fails alone.
 */
export class VoteWriter {
  private waiting: Waiting[] = [];
  private writing = 0;
  private readonly knownCountRows: KnownCountRows = new Set();

  constructor(private readonly db: Database) {}

  write(entry: Entry): Promise<BatchOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      if (this.writing < IN_FLIGHT) {
        this.writing += 1;
        // The next turn of the event loop, so votes that arrived together leave together.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      await this.writeBatch(batch);
    }
    this.writing -= 1;
  }

  private async writeBatch(batch: Waiting[]) {
    try {
      const outcomes = await this.attempt(batch.map((waiting, n) => ({ n, ...waiting.entry })));
      // Answered on the next turn of the event loop: the next batch leaves for the database first,
      // and the answers to this one are written while the database works on it.
      setImmediate(() => {
        for (const outcome of outcomes) batch[outcome.n]!.resolve(outcome);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) await this.writeBatch([waiting]);
    }
  }

  private async attempt(entries: BatchEntry[]): Promise<BatchOutcome[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeVoteBatch(this.db, entries, this.knownCountRows);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      }
    }
  }
}

const writers = new WeakMap<Database, VoteWriter>();

/** The vote writer of a database handle: one per process and database, so batches do not compete. */
export function voteWriterFor(db: Database): VoteWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new VoteWriter(db)));
  return writer;
}
