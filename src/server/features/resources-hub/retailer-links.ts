import { AMAZON_MARKETPLACES, AMAZON_REGIONS, type AmazonRegion } from '../../../shared/retail-affiliates.schemas.js';

/**
 * Links to the retailer, built on the server only: the tag and the items come from our settings and
 * the database, never from the browser, so nobody can swap the tag or the quantities in a request.
 */
export interface RetailSettings {
  /** Origin of the Amazon store, without a trailing slash (https://www.amazon.com). */
  amazonBaseUrl: string;
  /** The Associates tracking id links carry (AMAZON_ASSOCIATE_TAG, or the viewer's: see retailFor); none without one. */
  amazonAssociateTag?: string;
}

export const DEFAULT_AMAZON_BASE_URL = 'https://www.amazon.com';

export function retailSettingsFrom(env: { AMAZON_BASE_URL?: string; AMAZON_ASSOCIATE_TAG?: string }): RetailSettings {
  return {
    amazonBaseUrl: (env.AMAZON_BASE_URL ?? DEFAULT_AMAZON_BASE_URL).replace(/\/+$/, ''),
    amazonAssociateTag: env.AMAZON_ASSOCIATE_TAG,
  };
}

/**
 * The Associates region of the store the links go to. A tag earns only in its own store, so only a
 * tag of this region may replace the platform's. Another address (a local stand-in) counts as amazon.com.
 */
export function storeRegionOf(settings: RetailSettings): AmazonRegion {
  const host = new URL(settings.amazonBaseUrl).host.replace(/^www\./, '');
  const found = AMAZON_REGIONS.find((region) => AMAZON_MARKETPLACES[region].marketplace === `www.${host}`);
  return found ?? 'US';
}

/** The product's own page: https://www.amazon.com/dp/{ASIN}?tag={tag}. */
export function amazonProductUrl(settings: RetailSettings, asin: string): string {
  const url = new URL(`/dp/${encodeURIComponent(asin)}`, settings.amazonBaseUrl);
  const tag = settings.amazonAssociateTag;
  if (tag) url.searchParams.set('tag', tag);
  return url.toString();
}

/**
 * Amazon's add-to-cart form link, which puts every line in the shopper's own Amazon cart at once:
 * /gp/aws/cart/add.html?ASIN.1=…&Quantity.1=…&ASIN.2=…&AssociateTag=…
 */
export function amazonCartUrl(settings: RetailSettings, lines: { asin: string; quantity: number }[]): string {
  const url = new URL('/gp/aws/cart/add.html', settings.amazonBaseUrl);
  lines.forEach((line, index) => {
    url.searchParams.set(`ASIN.${index + 1}`, line.asin);
    url.searchParams.set(`Quantity.${index + 1}`, String(line.quantity));
  });
  const tag = settings.amazonAssociateTag;
  if (tag) url.searchParams.set('AssociateTag', tag);
  return url.toString();
}
