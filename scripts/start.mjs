// `npm start`: builds what is missing or out of date, then runs the production server in this very
// process. package.json starts it with the embedded database's Node flags (server-node-flags.mjs),
// which V8 takes only when a process starts; when the flags this process has are not the ones
// wanted (DATABASE_URL set, or `node scripts/start.mjs` run by hand), the server gets a process of
// its own with the right ones, as before.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hasServerNodeFlags, serverNodeFlags } from './server-node-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const outputs = ['dist/web/index.html', 'dist/server/main.js'].map((file) => join(root, file));
const inputs = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json', 'tsconfig.server.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...inputs.map((input) => newestMtime(join(root, input))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log('Building VendVote (first start or changed sources)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
const main = join(root, 'dist/server/main.js');
if (hasServerNodeFlags(process.execArgv, process.env)) {
  // The server installs its own SIGINT and SIGTERM handlers and sets the exit status.
  await import(pathToFileURL(main).href);
} else {
  // Signals pass through, and the server's exit status is ours.
  const server = spawn(process.execPath, [...serverNodeFlags(process.env), main], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
