import { and, eq } from 'drizzle-orm';
import { FORECAST_NOT_FOUND, type ForecastDetail, type ForecastExplanation } from '../../../shared/analytics.schemas.js';
import type { Database } from '../../db/client.js';
import { demandForecasts } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

/**
 * How one stored forecast of the operator's was made: its method, the back-test of every method
 * tried, its history. Read when a card's explanation opens; another operator's machine or product
 * answers as a missing forecast does.
 */
export async function readForecastDetail(db: Database, userId: number, machineId: number, productId: number): Promise<ForecastDetail> {
  const [row] = await db
    .select({ forecast: demandForecasts.forecast, computedAt: demandForecasts.computedAt })
    .from(demandForecasts)
    .where(and(eq(demandForecasts.userId, userId), eq(demandForecasts.machineId, machineId), eq(demandForecasts.productId, productId)));
  if (!row) throw notFound(FORECAST_NOT_FOUND);
  // The stored forecast holds more (the stock figures' inputs); the response schema keeps the explanation.
  return { machineId, productId, computedAt: row.computedAt.toISOString(), forecast: row.forecast as unknown as ForecastExplanation };
}
