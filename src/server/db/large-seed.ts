import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { DEMO_PRODUCTS } from './demo-catalog.js';
import { createMachine, createProduct, createUser, recountVotes } from './factories.js';

/**
 * An operator with a very long history, for measuring the dashboard at scale: `machines`
 * machines, the demo catalogue, and `voteCount` votes spread over `days`, inserted by the
 * database itself (generate_series) so a million rows take seconds, not minutes.
 */
export async function seedLargeOperator(
  db: Database,
  options: { email: string; password: string; voteCount: number; machines?: number; days?: number },
) {
  const { user } = await createUser(db, { email: options.email, password: options.password, firstName: 'Morgan', lastName: 'Scale' });
  await db.execute(sql`update users set subscription_tier = 'enterprise' where id = ${user.id}`);
  const machineIds: number[] = [];
  for (let n = 1; n <= (options.machines ?? 10); n++) {
    machineIds.push((await createMachine(db, user.id, { name: `Route machine ${n}`, location: `Stop ${n}` })).id);
  }
  const productIds: number[] = [];
  for (const product of DEMO_PRODUCTS) productIds.push((await createProduct(db, user.id, product)).id);
  const days = options.days ?? 180;
  // Vote i: product i mod P, voter i div P, so no voter votes a product twice at one machine;
  // one in eight is a down vote; times spread evenly over the period, newest last; most voters on
  // phones, some on tablets and computers, one in ten from a device without a class.
  await db.execute(sql`
    insert into votes (product_id, machine_id, vote_type, voter_id, created_at, device_class)
    select (${sql.raw(`ARRAY[${productIds.join(',')}]`)})[1 + i % ${productIds.length}],
           (${sql.raw(`ARRAY[${machineIds.join(',')}]`)})[1 + (i / ${productIds.length}) % ${machineIds.length}],
           case when i % 8 = 0 then 'down' else 'up' end,
           'scale-' || (i / ${productIds.length}),
           now() - (${days} * interval '1 day') * (1 - i::float8 / ${options.voteCount}),
           (array['phone', 'phone', 'phone', 'phone', 'phone', 'phone', 'tablet', 'desktop', 'desktop', null])[1 + (i / ${productIds.length}) % 10]
    from generate_series(0, ${options.voteCount - 1}) as i`);
  await recountVotes(db);
  return { user, machineIds, productIds };
}
