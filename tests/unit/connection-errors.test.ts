import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/connection-errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** As Drizzle throws a failed query: its own error, the driver's as `cause`. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: secret'), { query: 'select 1', params: ['secret'], cause });

describe('telling a database that is away from other failures', () => {
  test.each([
    ['a terminated session (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a crash restart (57P02)', withCode('57P02')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['no free connection slot (53300)', withCode('53300')],
    ['a connection exception (08006)', withCode('08006')],
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s is "unavailable", also when Drizzle wraps it', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  test.each([
    ['a unique violation (23505)', withCode('23505')],
    ['a syntax error (42601)', withCode('42601')],
    ['a cancelled statement (57014)', withCode('57014')],
    ['a NUL in text (22021)', withCode('22021')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'Connection terminated'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
