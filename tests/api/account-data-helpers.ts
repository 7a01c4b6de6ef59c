import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client.js';
import { createMachine, createProduct, insertVotes } from '../../src/server/db/factories.js';
import { createSuggestion, createVendingIssue } from '../../src/server/db/feedback-factories.js';
import { donationLines, donations, restockRecords } from '../../src/server/db/schema.js';
import type { TestApp } from '../support/index.js';

/** A word found nowhere else in the database, to tell this account's rows from every other. */
export const marker = (label: string) => `${label}${randomBytes(5).toString('hex')}`;

/** Something of every kind an account owns, each named with a marker of its own. */
export async function ownedWorld(t: TestApp, userId: number, votesCount = 30) {
  const db = t.database.db;
  const names = { machine: marker('Machinemark'), product: marker('Productmark'), suggestion: marker('Ideamark'), customer: marker('Customermark'), charity: marker('Charitymark') };
  const machine = await createMachine(db, userId, { name: names.machine });
  const product = await createProduct(db, userId, { name: names.product });
  const start = Date.now() - 60 * 60_000;
  await insertVotes(
    db,
    Array.from({ length: votesCount }, (_, i) => ({ productId: product.id, machineId: machine.id, voteType: 'up' as const, voterId: `voter-${names.product}-${i}`, createdAt: new Date(start + i * 1000) })),
  );
  await createSuggestion(db, userId, { machineId: machine.id, name: names.suggestion });
  await createVendingIssue(db, userId, { machineId: machine.id, customerName: names.customer, customerEmail: `${names.customer.toLowerCase()}@example.test` });
  await db.insert(restockRecords).values({ userId, machineId: machine.id, productId: product.id, unitsLeft: 3, unitsFilled: 12, restockedAt: new Date() });
  const [donation] = await db
    .insert(donations)
    .values({ userId, charityName: names.charity, donationDate: '2026-03-01', taxYear: 2026, totalValue: '24.00' })
    .returning();
  await db.insert(donationLines).values({ donationId: donation!.id, position: 0, name: names.product, quantity: 12, unitValue: '2.00' });
  return { machine, product, donation: donation!, names };
}

/** What identifies an account: its id, and words (address, names, markers) that appear nowhere else. */
export interface Identity {
  userId: number;
  words: string[];
}

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every place in the database that still names the account, found by reading the catalogue rather
 * than a list of tables: so a table added later is searched too. It looks at
 * - integer columns that reference users(id), or are named like an account's id (user_id, owner_id,
 *   …_user_id, …_by), for the account's id;
 * - every text and JSON column, for any of the words;
 * - every JSON column, for a "userId" or "ownerId" of the account's id.
 */
export async function placesNaming(t: TestApp, identity: Identity): Promise<string[]> {
  const db = t.database.db;
  const rows = <T,>(query: SQL) => queryRows<T>(db, query);
  const columns = await rows<Column>(sql`
    select c.table_name, c.column_name, c.data_type from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name <> '__drizzle_migrations'`);
  const userReferences = new Set(
    (
      await rows<{ table_name: string; column_name: string }>(sql`
        select kcu.table_name, kcu.column_name from information_schema.referential_constraints rc
        join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
        where ccu.table_name = 'users' and ccu.column_name = 'id' and kcu.table_schema = 'public'`)
    ).map((row) => `${row.table_name}.${row.column_name}`),
  );
  const namesAnAccount = (column: Column) =>
    userReferences.has(`${column.table_name}.${column.column_name}`) || /^(user_id|owner_id|.*_user_id|.*_by)$/.test(column.column_name) || (column.table_name === 'users' && column.column_name === 'id');
  const found: string[] = [];
  for (const column of columns) {
    const table = quote(column.table_name);
    const name = quote(column.column_name);
    let where: string | null = null;
    if (['integer', 'bigint'].includes(column.data_type) && namesAnAccount(column)) where = `${name} = ${identity.userId}`;
    if (['text', 'character varying', 'jsonb', 'json'].includes(column.data_type)) {
      const words = identity.words.map((word) => `strpos(lower(${name}::text), '${word.toLowerCase().replaceAll("'", "''")}') > 0`);
      if (column.data_type.startsWith('json')) words.push(`${name}::jsonb @> '{"userId": ${identity.userId}}'`, `${name}::jsonb @> '{"ownerId": ${identity.userId}}'`);
      where = words.join(' or ');
    }
    if (!where) continue;
    const [hit] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where ${where}`));
    if (hit && Number(hit.n) > 0) found.push(`${column.table_name}.${column.column_name} (${hit.n})`);
  }
  return found;
}
