import type { FastifyBaseLogger } from 'fastify';
import { FALLBACK_MAGNET_VARIANT } from '../../../shared/magnet-pricing.js';
import type { MagnetVariant } from '../../../shared/magnets.schemas.js';
import type { PrintifySettings } from '../../integrations/printify/printify-client.js';

/** How long the sizes read from Printify are kept, and how soon a failed read is tried again. */
const FRESH_MS = 5 * 60_000;
const RETRY_AFTER_FAILURE_MS = 30_000;

export interface MagnetCatalogue {
  variants: MagnetVariant[];
  /** Where the sizes came from: the shop's magnet product, or the spec's fallback. */
  source: 'printify' | 'fallback';
  /** The product's blueprint and print provider, which orders are made from; absent on the fallback. */
  blueprintId?: number;
  printProviderId?: number;
}

const FALLBACK: MagnetCatalogue = { variants: [structuredClone(FALLBACK_MAGNET_VARIANT) as MagnetVariant], source: 'fallback' };

interface Cached {
  catalogue: MagnetCatalogue;
  until: number;
}
/** One cache per Printify configuration (the app has one; tests make several). */
const cache = new WeakMap<PrintifySettings, Cached>();
const reading = new WeakMap<PrintifySettings, Promise<MagnetCatalogue>>();

/**
 * The magnet sizes on offer with the printer's cost: the enabled variants of the shop's magnet
 * product (Printify's catalogue has no prices), kept for five minutes so the dialog never waits on
 * Printify nor spends its rate limit. Without Printify, or when it fails, the spec's fallback size.
 */
export async function magnetCatalogue(printify: PrintifySettings | undefined, log: FastifyBaseLogger): Promise<MagnetCatalogue> {
  if (!printify) return FALLBACK;
  const cached = cache.get(printify);
  if (cached && cached.until > Date.now()) return cached.catalogue;
  // Concurrent requests share one read.
  let pending = reading.get(printify);
  if (!pending) {
    pending = readCatalogue(printify, log).finally(() => reading.delete(printify));
    reading.set(printify, pending);
  }
  return pending;
}

async function readCatalogue(printify: PrintifySettings, log: FastifyBaseLogger): Promise<MagnetCatalogue> {
  try {
    const product = await printify.client.getProduct(printify.productId);
    const variants = product.variants
      .filter((variant) => variant.is_enabled && variant.cost > 0)
      .map((variant) => ({ id: variant.id, title: variant.title, options: { size: variant.title }, cost: variant.cost }));
    if (variants.length === 0) throw new Error('the magnet product has no enabled variant with a cost');
    const catalogue: MagnetCatalogue = {
      variants,
      source: 'printify',
      blueprintId: product.blueprint_id,
      printProviderId: product.print_provider_id,
    };
    cache.set(printify, { catalogue, until: Date.now() + FRESH_MS });
    return catalogue;
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'magnet sizes could not be read from Printify; offering the fallback size');
    cache.set(printify, { catalogue: FALLBACK, until: Date.now() + RETRY_AFTER_FAILURE_MS });
    return FALLBACK;
  }
}
