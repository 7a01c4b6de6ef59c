import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client.js';
import { InProcessLiveBus, type LiveBus } from './live-bus.js';
import { PostgresLiveBus } from './postgres-live-bus.js';

/** The bus that suits the database: NOTIFY between the instances sharing a server, memory for the embedded one. */
export async function openLiveBus(database: Pick<DatabaseHandle, 'kind' | 'url'>, log?: Logger): Promise<LiveBus> {
  if (database.kind === 'embedded' || !database.url) return new InProcessLiveBus();
  const bus = new PostgresLiveBus(database.url, log);
  await bus.start();
  return bus;
}
