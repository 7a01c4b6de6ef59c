import { and, eq, sql } from 'drizzle-orm';
import { FORECAST_NOT_FOUND, type ForecastExplanation, type ForecastMethods } from '../../../shared/analytics.schemas.js';
import type { Database } from '../../db/client.js';
import { demandForecasts } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

/** A jsonb value as the driver hands it over: parsed already, or as text. */
const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The methods the back-test tried for one stored forecast of the operator's, read when a card's
 * explanation opens. Another operator's machine or product answers as a missing forecast does.
 */
export async function readForecastMethods(db: Database, userId: number, machineId: number, productId: number): Promise<ForecastMethods> {
  const [row] = await db
    .select({
      method: sql<ForecastExplanation['method']>`${demandForecasts.forecast}->>'method'`,
      candidates: sql<ForecastExplanation['candidates']>`coalesce(${demandForecasts.forecast}->'candidates', '[]'::jsonb)`.mapWith(fromJson<ForecastExplanation['candidates']>),
    })
    .from(demandForecasts)
    .where(and(eq(demandForecasts.userId, userId), eq(demandForecasts.machineId, machineId), eq(demandForecasts.productId, productId)));
  if (!row) throw notFound(FORECAST_NOT_FOUND);
  return { machineId, productId, method: row.method, candidates: row.candidates };
}
