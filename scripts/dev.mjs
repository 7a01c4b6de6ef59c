// `npm run dev`: the API server (restarting on change) and Vite's dev server (hot reload), together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    // No balancer to drain for: a restart on change should not wait DRAIN_SECONDS.
    env: { ...process.env, NODE_ENV: 'development', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173', DRAIN_SECONDS: process.env.DRAIN_SECONDS ?? '0' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
