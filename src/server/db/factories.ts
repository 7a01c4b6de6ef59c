import { randomBytes } from 'node:crypto';
import type { MachineType, ProductCategory } from '../../shared/catalog.js';
import type { ScanSource } from '../../shared/scan-sources.js';
import { hashPassword } from '../features/auth/passwords.js';
import type { Database } from './client.js';
import { recountVotes } from '../features/votes/vote-counters.js';
import { affiliates, products, users, vendingMachines, votes } from './schema.js';

export { recountVotes };

/**
 * Builders for rows that the seed and the tests share, so both speak of the same kind of data.
 * Each takes only what matters to the caller and fills the rest with valid values.
 */
let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}${randomBytes(2).toString('hex')}`;

export interface UserSeed {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  role?: 'operator' | 'admin' | 'affiliate';
  isVerified?: boolean;
}

export async function createUser(db: Database, seed: UserSeed = {}) {
  const password = seed.password ?? `pw-${next()}-Aa1`;
  const [user] = await db
    .insert(users)
    .values({
      email: (seed.email ?? `operator-${next()}@example.test`).toLowerCase(),
      password: await hashPassword(password),
      firstName: seed.firstName ?? 'Olivia',
      lastName: seed.lastName ?? 'Operator',
      role: seed.role ?? 'operator',
      isVerified: seed.isVerified ?? true,
    })
    .returning();
  return { user: user!, password };
}

/**
 * A member of the affiliate program: a new account with role `affiliate` (or the given role, for an
 * operator who also refers) and its code (random unless given).
 */
export async function createAffiliate(db: Database, seed: UserSeed & { code?: string; isActive?: boolean } = {}) {
  const created = await createUser(db, { role: 'affiliate', firstName: 'Avery', lastName: 'Affiliate', ...seed });
  const code = seed.code ?? `AF${randomBytes(4).toString('hex').toUpperCase()}`;
  await db.insert(affiliates).values({ userId: created.user.id, code, industry: 'education', experience: 'intermediate', isActive: seed.isActive ?? true });
  return { ...created, code };
}

export interface MachineSeed {
  name?: string;
  location?: string;
  address?: string | null;
  type?: MachineType;
  serialNumber?: string;
  status?: 'active' | 'maintenance' | 'inactive';
}

export async function createMachine(db: Database, userId: number, seed: MachineSeed = {}) {
  const [machine] = await db
    .insert(vendingMachines)
    .values({
      userId,
      name: seed.name ?? `Machine ${next()}`,
      location: seed.location ?? 'Front lobby',
      address: seed.address ?? null,
      type: seed.type ?? 'snacks',
      serialNumber: seed.serialNumber ?? `SN-${next().toUpperCase()}`,
      status: seed.status ?? 'active',
    })
    .returning();
  return machine!;
}

export interface ProductSeed {
  name?: string;
  brand?: string;
  category?: ProductCategory;
  price?: string;
  description?: string;
  createdAt?: Date;
}

export async function createProduct(db: Database, userId: number, seed: ProductSeed = {}) {
  const [product] = await db
    .insert(products)
    .values({
      userId,
      name: seed.name ?? `Product ${next()}`,
      brand: seed.brand ?? 'Generic',
      category: seed.category ?? 'Chips',
      price: seed.price ?? '0.00',
      description: seed.description ?? '',
      ...(seed.createdAt ? { createdAt: seed.createdAt, updatedAt: seed.createdAt } : {}),
    })
    .returning();
  return product!;
}

export interface VoteRow {
  productId: number;
  /** null: the demo page. */
  machineId: number | null;
  voteType: 'up' | 'down';
  voterId: string;
  createdAt: Date;
  deviceClass?: 'phone' | 'tablet' | 'desktop' | null;
  /** Where the voter came to the page from (shared/scan-sources.ts); 'direct' when not given. */
  source?: ScanSource;
}

/**
 * Inserts vote rows and sets every counter they touch to the recount of the rows, the same
 * invariant the live vote path keeps. Rows must never take a count below zero in time order.
 */
export async function insertVotes(db: Database, rows: VoteRow[]) {
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(votes).values(rows.slice(start, start + 500));
  }
  await recountVotes(db);
}
