// `npm start`: builds what is missing or out of date, then runs the production server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverNodeFlags } from './server-node-flags.mjs';

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
// A process of its own, as the flags must be given when Node starts. Signals pass through, and
// the server's exit status is ours.
const server = spawn(process.execPath, [...serverNodeFlags(process.env), join(root, 'dist/server/main.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
