import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/**
 * A member's name as records show who made them (decision 0054): read from the person's account
 * when shown, so a changed name shows everywhere, and null once the account is gone.
 */
export function memberNameSql(personId: Column): SQL<string | null> {
  return sql<string | null>`(select nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '') from ${users} where ${users.id} = ${personId})`;
}

export async function memberNameOf(db: Pick<Database, 'select'>, personId: number | null | undefined): Promise<string | null> {
  if (personId === null || personId === undefined) return null;
  const [row] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, personId));
  return row ? `${row.first} ${row.last}`.trim() || null : null;
}
