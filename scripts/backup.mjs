// `npm run backup [-- --out PATH]` and `npm run restore -- FILE [--force]`: build the server if it
// has not been built, then run src/server/backup-main.ts or restore-main.ts with the arguments given.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const [command, ...args] = process.argv.slice(2);
if (command !== 'backup' && command !== 'restore') {
  console.error('usage: node scripts/backup.mjs backup|restore [arguments]');
  process.exit(2);
}
const entry = join(root, `dist/server/${command}-main.js`);
if (!existsSync(entry)) {
  console.log('Building VendVote first...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server runs from the project folder, as npm start does (so a relative DATA_DIR means the same);
// the paths typed are read from where npm was run.
const from = process.env.INIT_CWD ?? process.cwd();
const paths = args.map((arg) => (arg.startsWith('-') ? arg : resolve(from, arg)));
const run = spawnSync(process.execPath, [entry, ...paths], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
