import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The entry point next to this file, compiled (.js) or run from source (.ts). */
const entry = fileURLToPath(new URL(`./first-start-main${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/**
 * The first start of a local install creates the embedded database, migrates it and seeds the
 * demo account: work that grows the database's WebAssembly heap, which never shrinks. Done in a
 * short-lived process of its own, the server that opens the directory afterwards starts as small
 * as on any later start (docs/decisions/0012-embedded-database-memory.md).
 */
export async function prepareEmbeddedDataDirApart(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) return;
  await new Promise<void>((resolve, reject) => {
    const child = fork(entry, [dataDir], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`preparing the data directory failed (exit code ${code})`))));
  });
}
