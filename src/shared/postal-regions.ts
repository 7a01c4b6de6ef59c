/**
 * The states and provinces magnets ship to, by their postal codes: the printer is given the code,
 * whichever way the operator typed it ('IL', 'il' or 'Illinois').
 */
import type { MagnetCountry } from './magnet-pricing.js';

const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  PR: 'Puerto Rico', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas',
  UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

const CA_PROVINCES: Record<string, string> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
  QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
};

const REGIONS: Record<MagnetCountry, Record<string, string>> = { US: US_STATES, CA: CA_PROVINCES };

const simplified = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/gi, '')
    .toLowerCase();

/** The postal code of a state or province typed as its code or its name, or null if it is not one of the country's. */
export function regionCodeOf(country: MagnetCountry, typed: string): string | null {
  const regions = REGIONS[country];
  const code = typed.trim().toUpperCase();
  if (regions[code]) return code;
  const wanted = simplified(typed);
  const named = Object.entries(regions).find(([, name]) => simplified(name) === wanted);
  return named ? named[0] : null;
}

const POSTAL_CODES: Record<MagnetCountry, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
};

/** A ZIP code (12345 or 12345-6789) or a Canadian postal code (K1A 0B1). */
export const isPostalCode = (country: MagnetCountry, typed: string) => POSTAL_CODES[country].test(typed.trim());

/** As the post writes it: Canadian codes in capitals with their space. */
export function postalCodeOf(country: MagnetCountry, typed: string): string {
  const code = typed.trim().toUpperCase();
  return country === 'CA' ? `${code.replace(/\s+/g, '').slice(0, 3)} ${code.replace(/\s+/g, '').slice(3)}` : code;
}

export const RegionMessages = {
  unknownState: 'Enter a US state, such as IL or Illinois',
  unknownProvince: 'Enter a Canadian province, such as ON or Ontario',
  badZip: 'Enter a 5-digit ZIP code, such as 62701',
  badPostalCode: 'Enter a postal code, such as K1A 0B1',
} as const;

/**
 * The state or province an address names ('12 Main St, Springfield, IL 62701' → 'Illinois'), read
 * from its comma-separated parts, last first, with any postal code taken off; null when none does.
 */
export function regionNameInAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const parts = address.split(/[,\n]/).map((part) => part.trim()).filter(Boolean).reverse();
  for (const part of parts) {
    const withoutCode = part
      .replace(/\b\d{5}(-\d{4})?\b/g, '')
      .replace(/\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b/gi, '')
      .replace(/\b(USA|US|United States|Canada)\b/gi, '')
      .trim();
    if (!withoutCode) continue;
    for (const country of ['US', 'CA'] as const) {
      const code = regionCodeOf(country, withoutCode);
      if (code) return REGIONS[country][code]!;
    }
  }
  return null;
}
