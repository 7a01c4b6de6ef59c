import { ACCEPTED_ITEMS_SHOWN, MAX_ACCEPTED_ITEMS, type Charity } from '../../../shared/donation-hub.schemas.js';
import { countOf } from '../../../shared/wording.js';

/** How a charity and a search read on the Find Charities tab. */

export interface AcceptedItemsPreview {
  shown: string[];
  /** How many more there are: '+2 more' on the card. */
  more: number;
}

/** The first three accepted items (spec 9) and the count of the rest. */
export function acceptedItemsPreview(items: readonly string[], shown = ACCEPTED_ITEMS_SHOWN): AcceptedItemsPreview {
  return { shown: items.slice(0, shown), more: Math.max(0, items.length - shown) };
}

export const moreText = (more: number) => `+${more} more`;

/** What was typed as accepted items, one per line or separated by commas: trimmed, without blanks or repeats. */
export function parseItems(text: string): string[] {
  const items = text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Accepted items back into the text box, one per line. */
export const itemsText = (items: readonly string[]) => items.join('\n');

export const ITEMS_HINT = `One per line (or separated by commas), at most ${MAX_ACCEPTED_ITEMS}, for example Snacks or Bottled water.`;

/** '12 Main St, Austin, TX 78701', leaving out what is missing. */
export function charityPlace(charity: Pick<Charity, 'address' | 'city' | 'state' | 'zip'>): string {
  const stateZip = [charity.state, charity.zip].filter(Boolean).join(' ');
  return [charity.address, charity.city, stateZip].filter(Boolean).join(', ');
}

/** '0 miles away', '3.4 miles away', '1 mile away'. */
export function distanceText(miles: number): string {
  return `${miles.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${miles === 1 ? 'mile' : 'miles'} away`;
}

/** '12 charities within 10 miles of 78701'. */
export function searchHeadline(total: number, radius: number, zipCode: string): string {
  return `${countOf(total, 'charity', 'charities')} within ${radius} miles of ${zipCode}`;
}

/** What a card says of where a record comes from, beside or instead of Verified. */
export function charityOrigin(charity: Pick<Charity, 'verified' | 'source' | 'addedByYou'>): 'verified' | 'example' | 'yours' | null {
  if (charity.verified) return 'verified';
  if (charity.source === 'example') return 'example';
  if (charity.addedByYou) return 'yours';
  return null;
}

export const VERIFIED_TEXT = 'Listed by the IRS as a 501(c)(3) organization';
