import { openDatabase } from './client.js';
import { seedDemoData } from './seed.js';

// Run by first-start.ts in a process of its own: create, migrate and seed, then exit.
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: first-start-main <data directory>');
const database = await openDatabase({ dataDir });
try {
  await seedDemoData(database.db, dataDir);
} finally {
  await database.close();
}
