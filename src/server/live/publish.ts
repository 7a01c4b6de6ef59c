import type { LiveEvent } from '../../shared/live.schemas.js';
import type { AppContext } from '../context.js';

/** Names travel in NOTIFY payloads (under 8 kB each); a page shows no more than this of them anyway. */
const MAX_NAME_LENGTH = 120;

const clip = (text: string) => (text.length > MAX_NAME_LENGTH ? `${text.slice(0, MAX_NAME_LENGTH - 1)}…` : text);

/** Tells the operator's open tabs (and, for a vote, the machine's vote page) that something changed. Call after commit. */
export function publishLive(ctx: AppContext, ownerId: number, event: LiveEvent) {
  const clipped = event.type === 'issue' ? { ...event, productName: clip(event.productName), machineName: event.machineName && clip(event.machineName) } : event;
  ctx.live.publish({ ownerId, event: clipped });
}
