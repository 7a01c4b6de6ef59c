import type { FastifyBaseLogger } from 'fastify';

export interface StartupFacts {
  publicUrl: string;
  /** Where the data lives, in words: 'embedded PostgreSQL in ./data'. */
  database: string;
  /** Where uploaded files are kept, in words. */
  files: string;
  /** The seeded demo operator: its email, and its password or the file that holds it. */
  demo?: { email: string; password: string } | { email: string; passwordFile: string } | null;
}

/** What a terminal needs to know when the server has started; one sentence each. */
export function startupLines({ publicUrl, database, files, demo }: StartupFacts): string[] {
  const lines = [`VendVote is running at ${publicUrl} (database: ${database})`, `Uploaded files are kept in ${files}`];
  if (demo) {
    const password = 'password' in demo ? `password ${demo.password}` : `the password in ${demo.passwordFile}`;
    lines.push(`Demo operator: sign in at ${publicUrl}/login as ${demo.email} with ${password}`);
  }
  return lines;
}

/**
 * Tells where the server is and how to try it. A person at a terminal reads plain lines, set apart
 * by blank lines, since that is how a newcomer finds the demo sign-in among the log; a log
 * collector (no terminal) gets them as JSON log records like every other line.
 */
export function announceStartup(
  log: FastifyBaseLogger,
  facts: StartupFacts,
  terminal: Pick<NodeJS.WriteStream, 'isTTY' | 'write'> = process.stdout,
): void {
  const lines = startupLines(facts);
  if (terminal.isTTY) terminal.write(`\n${lines.join('\n')}\n\n`);
  else for (const line of lines) log.info(line);
}
