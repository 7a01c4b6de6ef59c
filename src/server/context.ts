import type { Database } from './db/client.js';

/** What every feature needs from the running app; built once in app.ts, handed to services. */
export interface AppContext {
  db: Database;
  /** Origin used in emails and QR codes, without a trailing slash. */
  publicUrl: string;
  adminEmails: string[];
  /** Key for hashing client addresses before they are stored (votes keep no raw IP). */
  ipHashKey: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
