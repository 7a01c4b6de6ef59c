import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importCharityFiles } from '../features/donation-hub/charity-import.js';
import type { Database } from './client.js';

/** Same path from src/server/db and from the compiled dist/server/db. */
export const EXAMPLE_CHARITIES_FILE = fileURLToPath(new URL('../../../src/server/db/seed-data/example-charities.csv', import.meta.url));

/**
 * Invented charities in the IRS extract's format around the demo operator's ZIP code (78741,
 * Austin), so a new install's Find Charities has answers. Their EINs start with 00, a prefix the
 * IRS never assigns, and they are marked as examples, never as verified; a real import sits beside them.
 */
export async function seedExampleCharities(db: Database) {
  return importCharityFiles(db, [{ name: 'example-charities.csv', stream: createReadStream(EXAMPLE_CHARITIES_FILE) }], { source: 'example', userId: null });
}
