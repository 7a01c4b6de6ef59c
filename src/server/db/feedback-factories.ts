import { randomBytes } from 'node:crypto';
import type { ProductCategory } from '../../shared/catalog.js';
import type { IssueStatus, SuggestionStatus } from '../../shared/feedback.schemas.js';
import type { Database } from './client.js';
import { suggestions, vendingIssues } from './schema.js';

/** Builders for suggestion and issue rows, as factories.ts does for users, machines and products. */
const next = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

export interface SuggestionSeed {
  machineId?: number | null;
  name?: string;
  brand?: string;
  category?: ProductCategory;
  suggestedBy?: string | null;
  status?: SuggestionStatus;
  createdAt?: Date;
}

export async function createSuggestion(db: Database, userId: number, seed: SuggestionSeed = {}) {
  const status = seed.status ?? 'pending';
  const createdAt = seed.createdAt ?? new Date();
  const [row] = await db
    .insert(suggestions)
    .values({
      userId,
      machineId: seed.machineId ?? null,
      name: seed.name ?? `Idea ${next()}`,
      brand: seed.brand ?? 'Generic',
      category: seed.category ?? 'Chips',
      suggestedBy: seed.suggestedBy ?? null,
      status,
      createdAt,
      processedAt: status === 'pending' ? null : createdAt,
    })
    .returning();
  return row!;
}

export interface VendingIssueSeed {
  machineId?: number | null;
  customerName?: string;
  customerEmail?: string;
  productName?: string;
  issueDescription?: string | null;
  status?: IssueStatus;
  createdAt?: Date;
  /** When a resolved issue was resolved; its report time unless given. */
  resolvedAt?: Date;
}

export async function createVendingIssue(db: Database, userId: number, seed: VendingIssueSeed = {}) {
  const status = seed.status ?? 'open';
  const createdAt = seed.createdAt ?? new Date();
  const [row] = await db
    .insert(vendingIssues)
    .values({
      userId,
      machineId: seed.machineId ?? null,
      customerName: seed.customerName ?? 'Casey Customer',
      customerEmail: seed.customerEmail ?? `customer-${next()}@example.test`,
      productName: seed.productName ?? `Product ${next()}`,
      issueDescription: seed.issueDescription === undefined ? 'The coil did not turn.' : seed.issueDescription,
      status,
      createdAt,
      updatedAt: createdAt,
      resolvedAt: status === 'resolved' ? (seed.resolvedAt ?? createdAt) : null,
    })
    .returning();
  return row!;
}
