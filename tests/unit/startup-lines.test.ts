import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createLogger } from '../../src/server/logging.js';
import { announceStartup, type StartupFacts } from '../../src/server/startup-lines.js';

const facts: StartupFacts = {
  publicUrl: 'http://localhost:3000',
  database: 'embedded PostgreSQL in /srv/vendvote/data',
  files: '/srv/vendvote/data/uploads',
  demo: { email: 'demo@vendvote.local', password: 'demo-Abc12345' },
};

/** A logger writing JSON records into `records`, and a stand-in terminal collecting what it is sent. */
function outputs(isTTY: boolean) {
  const records: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      records.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  let printed = '';
  const terminal = { isTTY, write: (text: string) => ((printed += text), true) };
  return { log: createLogger('info', sink), records, terminal, printed: () => printed };
}

describe('the start-up lines', () => {
  test('at a terminal: plain lines, the demo sign-in among them, set apart by blank lines, and no JSON', () => {
    const { log, records, terminal, printed } = outputs(true);
    announceStartup(log, facts, terminal);
    expect(printed()).toBe(
      [
        '',
        'VendVote is running at http://localhost:3000 (database: embedded PostgreSQL in /srv/vendvote/data)',
        'Uploaded files are kept in /srv/vendvote/data/uploads',
        'Demo operator: sign in at http://localhost:3000/login as demo@vendvote.local with password demo-Abc12345',
        '',
        '',
      ].join('\n'),
    );
    expect(records).toEqual([]);
  });

  test('without a terminal: JSON log records, as every other line', () => {
    const { log, records, terminal, printed } = outputs(false);
    announceStartup(log, { ...facts, demo: { email: 'demo@vendvote.local', passwordFile: '/srv/vendvote/data/demo-account.json' } }, terminal);
    expect(printed()).toBe('');
    expect(records.map((record) => [record.level, record.msg])).toEqual([
      [30, 'VendVote is running at http://localhost:3000 (database: embedded PostgreSQL in /srv/vendvote/data)'],
      [30, 'Uploaded files are kept in /srv/vendvote/data/uploads'],
      [30, 'Demo operator: sign in at http://localhost:3000/login as demo@vendvote.local with the password in /srv/vendvote/data/demo-account.json'],
    ]);
  });

  test('without a demo account there is no sign-in line', () => {
    const { log, terminal, printed } = outputs(true);
    announceStartup(log, { ...facts, demo: null }, terminal);
    expect(printed()).not.toContain('Demo operator');
  });
});
