/**
 * Links to the retailer, built on the server only: the tag and the items come from our settings and
 * the database, never from the browser, so nobody can swap the tag or the quantities in a request.
 */
export interface RetailSettings {
  /** Origin of the Amazon store, without a trailing slash (https://www.amazon.com). */
  amazonBaseUrl: string;
  /** The platform's Amazon Associates tracking id; links carry no tag without one. */
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
 * The tag a link carries. For now always the platform's: once operators connect their own Amazon
 * Associates account (the affiliate-setup issue), their tag replaces this one for their cart.
 */
function associateTagFor(settings: RetailSettings): string | undefined {
  return settings.amazonAssociateTag;
}

/** The product's own page: https://www.amazon.com/dp/{ASIN}?tag={tag}. */
export function amazonProductUrl(settings: RetailSettings, asin: string): string {
  const url = new URL(`/dp/${encodeURIComponent(asin)}`, settings.amazonBaseUrl);
  const tag = associateTagFor(settings);
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
  const tag = associateTagFor(settings);
  if (tag) url.searchParams.set('AssociateTag', tag);
  return url.toString();
}
