import type { Suggestion } from '../../../shared/feedback.schemas.js';
import type { Suggestion as SuggestionRow } from '../../db/schema.js';

/** A suggestion as its operator reads it: whether the customer left an address, never the address. */
export function toSuggestion(row: SuggestionRow): Suggestion {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    suggestedBy: row.suggestedBy,
    machineId: row.machineId,
    status: row.status,
    productId: row.productId,
    notifyOnStock: row.suggesterEmail !== null,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    stockedAt: row.stockedAt?.toISOString() ?? null,
  };
}
