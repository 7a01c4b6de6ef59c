import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

/**
 * A throwaway PostgreSQL cluster of its own (initdb into a temporary directory, on a free port on
 * loopback), which a test may stop and start again as a real restart, without touching the shared
 * server. PostgreSQL refuses to run as root, so under root it runs as the `postgres` user.
 */
export interface ThrowawayCluster {
  url: string;
  /** `immediate` is a crash: no checkpoint, every session cut; the next start replays the WAL. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

const runFile = promisify(execFile);
const binDir = findPostgresBin();

/** Why a throwaway cluster cannot be made here, or undefined if it can. */
export function throwawayClusterUnavailable(): string | undefined {
  if (!binDir) return 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql';
  if (process.getuid?.() === 0 && !userExists('postgres')) return 'running as root and there is no postgres user to run the cluster';
  return undefined;
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const reason = throwawayClusterUnavailable();
  if (reason) throw new Error(reason);
  const dir = mkdtempSync(join(tmpdir(), 'vendvote-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, uid('postgres'), gid('postgres'));
  // Asynchronous, so that a test's load keeps flowing while the server stops and starts.
  const run = async (tool: string, args: string[]) => {
    const command = join(binDir!, tool);
    await runFile(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { timeout: 60_000 });
  };
  const dataDir = join(dir, 'data');
  const port = await freePort();
  await run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB -c max_connections=40`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-o', serverOptions, '-w', '-t', '60', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    start,
    async destroy() {
      try {
        await run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((version) => existsSync(join(root, version, 'bin', 'initdb')));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join(root, newest, 'bin') : undefined;
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

const uid = (name: string) => Number(execFileSync('id', ['-u', name]).toString().trim());
const gid = (name: string) => Number(execFileSync('id', ['-g', name]).toString().trim());
