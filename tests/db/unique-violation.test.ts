import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { users } from '../../src/server/db/schema.js';
import { isUniqueViolation } from '../../src/server/db/unique-violation.js';
import { openTestDatabase } from '../support/index.js';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('isUniqueViolation', () => {
  test('recognises a write refused by a unique index, as this database reports it', async () => {
    const { user } = await createUser(database.db, { email: 'taken@example.test' });
    const error = await database.db
      .insert(users)
      .values({ email: user.email, password: 'x', firstName: 'A', lastName: 'B' })
      .then(() => null, (caught: unknown) => caught);
    expect(error).toBeTruthy();
    expect(isUniqueViolation(error)).toBe(true);
  });

  test('and nothing else', async () => {
    const error = await database.db
      .insert(users)
      .values({ email: null as unknown as string, password: 'x', firstName: 'A', lastName: 'B' })
      .then(() => null, (caught: unknown) => caught);
    expect(error).toBeTruthy();
    expect(isUniqueViolation(error)).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
