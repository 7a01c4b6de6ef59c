import type { FastifyBaseLogger } from 'fastify';
import { centsToAmount, DEFAULT_MAGNET_SKU, priceMagnets, type MagnetPrice } from '../../../shared/magnet-pricing.js';
import { MagnetMessages, type MagnetQuote, type MagnetQuoteRequestSchema, type MagnetVariant } from '../../../shared/magnets.schemas.js';
import type { AppContext } from '../../context.js';
import { splitFullName } from '../../integrations/printify/printify-client.js';
import { badRequest } from '../../http-errors.js';
import type { MagnetPayment } from './magnet-payment-method.js';
import { magnetCatalogue, type MagnetCatalogue } from './magnet-variants.js';
import type { z } from 'zod';

type QuoteRequest = z.output<typeof MagnetQuoteRequestSchema>;

export interface PricedMagnets {
  variant: MagnetVariant;
  catalogue: MagnetCatalogue;
  price: MagnetPrice;
  printerShippingQuoted: boolean;
}

/** The variant a SKU names: its id, or the spec's default SKU for the first size on offer. */
export function variantOf(catalogue: MagnetCatalogue, sku: string | number): MagnetVariant {
  const variant = String(sku) === DEFAULT_MAGNET_SKU ? catalogue.variants[0] : catalogue.variants.find((candidate) => String(candidate.id) === String(sku));
  if (!variant) throw badRequest(MagnetMessages.unknownSize, { sku: MagnetMessages.unknownSize });
  return variant;
}

/**
 * Prices an order on the server, from the printer's cost (spec core 9). With Printify and an
 * address, the printer's own shipping quote goes into the wholesale cost; if Printify cannot quote,
 * the figure says so (`printerShippingQuoted: false`) rather than guess.
 */
export async function priceOrder(ctx: AppContext, log: FastifyBaseLogger, request: QuoteRequest): Promise<PricedMagnets> {
  const catalogue = await magnetCatalogue(ctx.printify, log);
  const variant = variantOf(catalogue, request.sku);
  let printerShippingCents = 0;
  let printerShippingQuoted = false;
  if (ctx.printify && catalogue.source === 'printify' && request.address) {
    try {
      const costs = await ctx.printify.client.calculateShipping({
        lineItems: [{ blueprintId: catalogue.blueprintId!, printProviderId: catalogue.printProviderId!, variantId: variant.id, quantity: request.quantity }],
        address: {
          ...splitFullName(request.address.fullName),
          country: request.countryCode,
          region: request.address.state,
          address1: request.address.addressLine1,
          address2: request.address.addressLine2,
          city: request.address.city,
          zip: request.address.zipCode,
        },
      });
      if (typeof costs.standard === 'number') {
        printerShippingCents = costs.standard;
        printerShippingQuoted = true;
      }
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'Printify could not quote shipping');
    }
  }
  return { variant, catalogue, price: priceMagnets(variant.cost, request.quantity, printerShippingCents), printerShippingQuoted };
}

export function quoteOf({ variant, price, printerShippingQuoted }: PricedMagnets, quantity: number, payment: MagnetPayment): MagnetQuote {
  return {
    variant,
    quantity,
    unitPrice: { amount: centsToAmount(price.unitPriceCents) },
    shipping: { amount: centsToAmount(price.shippingCents) },
    retailPrice: { amount: centsToAmount(price.totalCents) },
    wholesaleCost: { amount: centsToAmount(price.wholesaleCents) },
    yourProfit: { amount: centsToAmount(price.profitCents) },
    printerShippingQuoted,
    payment,
  };
}
