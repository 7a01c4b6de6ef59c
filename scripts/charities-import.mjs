// `npm run charities:import -- FILE…`: builds the server if it has not been built, then imports
// the IRS EO BMF files named into the charity directory (src/server/charities-import-main.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'dist/server/charities-import-main.js');
if (!existsSync(entry)) {
  console.log('Building VendVote first...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const files = process.argv.slice(2).map((file) => resolve(file));
const run = spawnSync(process.execPath, [entry, ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
