import { z } from 'zod';
import { LiveEventSchema, type LiveEvent } from '../../shared/live.schemas.js';

/** An event and the operator whose tabs may see it; the owner never leaves the server. */
export interface LiveEnvelope {
  ownerId: number;
  event: LiveEvent;
}

export const LiveEnvelopeSchema = z.object({ ownerId: z.number().int(), event: LiveEventSchema });

export type LiveListener = (envelope: LiveEnvelope) => void;

/**
 * Carries live events from where something happened to every open stream, whichever instance
 * serves it. Publishing never fails the call that caused it: a live update is a courtesy, the
 * figures themselves are always read from the database.
 */
export interface LiveBus {
  publish(envelope: LiveEnvelope): void;
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** Listeners of one bus, each called on its own so a throwing one cannot starve the rest. */
export class LiveListeners {
  private readonly listeners = new Set<LiveListener>();

  add(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(envelope: LiveEnvelope) {
    for (const listener of this.listeners) {
      try {
        listener(envelope);
      } catch {
        // A stream that failed to write ends itself; the others still get the event.
      }
    }
  }
}

/**
 * One process (the embedded database allows no other): events travel in memory, delivered on the
 * next turn of the event loop, after the call that caused them has answered.
 */
export class InProcessLiveBus implements LiveBus {
  private readonly listeners = new LiveListeners();

  publish(envelope: LiveEnvelope) {
    setImmediate(() => this.listeners.deliver(envelope));
  }

  subscribe(listener: LiveListener) {
    return this.listeners.add(listener);
  }

  async close() {}
}
