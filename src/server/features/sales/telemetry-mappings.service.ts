import { and, desc, eq } from 'drizzle-orm';
import {
  SalesImportMessages,
  TelemetryMappingFieldsSchema,
  type TelemetryMapping,
  type TelemetryMappingFields,
  type TelemetryMappingInputSchema,
} from '../../../shared/sales-imports.schemas.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { telemetryMappings } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { signatureOf } from './telemetry-csv.js';

/**
 * The column mappings of telemetry files, one per operator and file shape (the header's
 * signature): saved from the mapping step, found again when the next file of that shape comes.
 */

type MappingRow = typeof telemetryMappings.$inferSelect;

/**
 * A stored mapping read through today's schema, which fills what older mappings lack; null for one
 * that no longer reads, so its file is asked about again rather than imported wrongly.
 */
function fieldsOf(row: Pick<MappingRow, 'mapping'>): TelemetryMappingFields | null {
  const parsed = TelemetryMappingFieldsSchema.safeParse(row.mapping);
  return parsed.success ? parsed.data : null;
}

function toMapping(row: MappingRow): TelemetryMapping | null {
  const mapping = fieldsOf(row);
  return mapping && { id: row.id, columns: row.columns, mapping, updatedAt: row.updatedAt.toISOString() };
}

export async function listTelemetryMappings(ctx: AppContext, userId: number): Promise<TelemetryMapping[]> {
  const rows = await ctx.db
    .select()
    .from(telemetryMappings)
    .where(eq(telemetryMappings.userId, userId))
    .orderBy(desc(telemetryMappings.updatedAt), desc(telemetryMappings.id));
  return rows.map(toMapping).filter((mapping) => mapping !== null);
}

/** Saves the mapping of files with these columns, replacing the one saved before for the same shape. */
export async function saveTelemetryMapping(ctx: AppContext, userId: number, input: z.output<typeof TelemetryMappingInputSchema>): Promise<TelemetryMapping> {
  const now = new Date();
  const values = { columns: input.columns, mapping: input.mapping as unknown as Record<string, unknown>, updatedAt: now };
  const [row] = await ctx.db
    .insert(telemetryMappings)
    .values({ userId, signature: signatureOf(input.columns), ...values, createdAt: now })
    .onConflictDoUpdate({ target: [telemetryMappings.userId, telemetryMappings.signature], set: values })
    .returning();
  return toMapping(row!)!;
}

export async function deleteTelemetryMapping(ctx: AppContext, userId: number, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(telemetryMappings)
    .where(and(eq(telemetryMappings.id, id), eq(telemetryMappings.userId, userId)))
    .returning({ id: telemetryMappings.id });
  if (deleted.length === 0) throw notFound(SalesImportMessages.mappingNotFound);
}

/** The mapping this operator saved for files with these columns, if any. */
export async function mappingForColumns(db: Database, userId: number, columns: readonly string[]): Promise<TelemetryMappingFields | null> {
  const [row] = await db
    .select({ mapping: telemetryMappings.mapping })
    .from(telemetryMappings)
    .where(and(eq(telemetryMappings.userId, userId), eq(telemetryMappings.signature, signatureOf(columns))))
    .limit(1);
  return row ? fieldsOf(row) : null;
}
