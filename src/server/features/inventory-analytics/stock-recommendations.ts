import { and, eq, isNotNull } from 'drizzle-orm';
import type { InventoryAnalytics, Prediction, Recommendation } from '../../../shared/analytics.schemas.js';
import type { Database } from '../../db/client.js';
import { products, suggestions } from '../../db/schema.js';

type PricedPrediction = Prediction & { unitCost: string | null; earlierWeekly: number };

/** A product is slow at a machine below this share of the machine's median predicted demand. */
const SLOW_SHARE_OF_MEDIAN = 0.5;
/** Swaps need a machine with at least this many forecast products, or 'slow' means nothing. */
const MIN_PRODUCTS_FOR_SWAP = 4;
const MAX_RECOMMENDATIONS = 20;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const costOf = (units: number, unitCost: string | null) => (unitCost === null ? null : (units * Number(unitCost)).toFixed(2));

/** What a product's forecast counts, as the reasons say it. */
const demandWords = (prediction: Prediction) => (prediction.demandBasis === 'sales' ? 'units sold' : 'up-votes');
/** Units of stock one unit of the forecast stands for: a sale is a unit; an up-vote is the product's units per up-vote. */
const unitsPerDemand = (prediction: Prediction) => (prediction.demandBasis === 'sales' ? 1 : prediction.unitsPerVote);

/**
 * Recommendations computed from the forecasts:
 * - swap: at each machine without a planogram (one with a planogram has its swap on its own page,
 *   worked out from what it sells: demand-vs-sales.ts), the slowest products (well under the machine's median predicted demand)
 *   give their slot to products customers asked for (approved suggestions, at that machine or
 *   anywhere), the most voted first, unless the requested product already sells well there;
 * - reduce: a product whose demand is falling is bought for the predicted week, not for the level
 *   of the weeks before (the four weeks before the last one).
 * The cost saved is the slow or falling product's stock not bought for one fill, at its unit cost,
 * less (for a swap) the replacement's stock bought instead; unknown unless every cost involved is known.
 */
export async function stockRecommendations(
  db: Database,
  userId: number,
  predictions: PricedPrediction[],
  performance: InventoryAnalytics['performance'],
  planogramMachines: ReadonlySet<number>,
): Promise<InventoryAnalytics['optimization']> {
  const requested = await db
    .select({ productId: suggestions.productId, machineId: suggestions.machineId, name: products.name, unitCost: products.yourPrice })
    .from(suggestions)
    .innerJoin(products, eq(products.id, suggestions.productId))
    .where(and(eq(suggestions.userId, userId), eq(suggestions.status, 'approved'), isNotNull(suggestions.productId)));
  const votesOf = new Map(performance.products.map((product) => [product.productId, product.upVotes]));
  const recommendations: Recommendation[] = [];

  // A product the machine's planogram does not hold has nothing to cut or swap out.
  const stocked = predictions.filter((prediction) => prediction.stockBasis !== 'not-stocked');
  const byMachine = new Map<number, PricedPrediction[]>();
  for (const prediction of stocked) byMachine.set(prediction.machineId, [...(byMachine.get(prediction.machineId) ?? []), prediction]);
  for (const [machineId, atMachine] of byMachine) {
    if (atMachine.length < MIN_PRODUCTS_FOR_SWAP || planogramMachines.has(machineId)) continue;
    const typical = median(atMachine.map((prediction) => prediction.predictedDemand));
    const demandAt = new Map(atMachine.map((prediction) => [prediction.productId, prediction.predictedDemand]));
    const candidates = requested
      .filter((request) => request.machineId === machineId || request.machineId === null)
      .filter((request) => (demandAt.get(request.productId!) ?? 0) < typical)
      .sort((a, b) => (votesOf.get(b.productId!) ?? 0) - (votesOf.get(a.productId!) ?? 0) || (b.machineId === machineId ? 1 : 0) - (a.machineId === machineId ? 1 : 0));
    const slow = atMachine
      .filter((prediction) => prediction.predictedDemand < typical * SLOW_SHARE_OF_MEDIAN && !candidates.some((request) => request.productId === prediction.productId))
      .sort((a, b) => a.predictedDemand - b.predictedDemand);
    const used = new Set<number>();
    for (const product of slow) {
      const replacement = candidates.find((request) => !used.has(request.productId!));
      if (!replacement) break;
      used.add(replacement.productId!);
      const unitsCut = Math.max(1, Math.ceil(product.recommendedStock));
      recommendations.push({
        id: `swap:${machineId}:${product.productId}:${replacement.productId}`,
        kind: 'swap',
        machineId,
        machineName: product.machineName,
        productId: product.productId,
        productName: product.productName,
        replacementProductId: replacement.productId!,
        replacementName: replacement.name,
        orderProductId: replacement.productId!,
        orderQuantity: unitsCut,
        unitsCut,
        reason: `${product.productName} is expected to ${product.demandBasis === 'sales' ? 'sell' : 'draw'} ${product.predictedDemand} ${demandWords(product)} this week, under half the machine's typical ${Math.round(typical * 10) / 10}; customers asked for ${replacement.name} (${votesOf.get(replacement.productId!) ?? 0} up-votes in this period).`,
        // The slow product's stock not bought, less the replacement's bought instead: known only with both costs.
        costSaved: product.unitCost === null || replacement.unitCost === null ? null : (unitsCut * Number(product.unitCost) - unitsCut * Number(replacement.unitCost)).toFixed(2),
      });
    }
  }

  for (const product of stocked) {
    if (product.trend !== 'down') continue;
    const earlierUnits = Math.ceil(product.earlierWeekly * unitsPerDemand(product));
    const predictedUnits = Math.ceil(product.predictedDemand * unitsPerDemand(product));
    const unitsCut = earlierUnits - predictedUnits;
    if (unitsCut <= 0) continue;
    // One recommendation per product at a machine: a product already swapped out, or brought in, is not also cut.
    if (recommendations.some((recommendation) => recommendation.machineId === product.machineId && (recommendation.productId === product.productId || recommendation.orderProductId === product.productId))) continue;
    recommendations.push({
      id: `reduce:${product.machineId}:${product.productId}`,
      kind: 'reduce',
      machineId: product.machineId,
      machineName: product.machineName,
      productId: product.productId,
      productName: product.productName,
      replacementProductId: null,
      replacementName: null,
      orderProductId: product.productId,
      orderQuantity: product.suggestedOrder,
      unitsCut,
      reason: `Demand for ${product.productName} is falling: ${product.earlierWeekly} ${demandWords(product)} a week over the four weeks before last, ${product.predictedDemand} expected this week.`,
      costSaved: costOf(unitsCut, product.unitCost),
    });
  }

  const shown = recommendations.slice(0, MAX_RECOMMENDATIONS);
  const known = shown.filter((recommendation) => recommendation.costSaved !== null);
  return {
    recommendations: shown,
    totalCostSaved: known.reduce((total, recommendation) => total + Number(recommendation.costSaved), 0).toFixed(2),
    recommendationsWithoutCost: shown.length - known.length,
    swapsOnMachinePages: planogramMachines.size,
  };
}
