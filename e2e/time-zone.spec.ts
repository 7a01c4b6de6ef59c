import { expect, registerVerifiedOperator, test } from './fixtures.js';

/**
 * One time zone: with the browser in Tokyo and the operator's settings in New York, every date the
 * operator app shows is New York's, named where a time could be read in another zone.
 */
const account = { email: `zone-${Date.now()}@example.com`, password: 'one-zone-for-every-date-7' };
const OPERATOR_ZONE = 'America/New_York';

const inZone = (iso: string, options: Intl.DateTimeFormatOptions, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(iso));
const DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

test.use({ timezoneId: 'Asia/Tokyo' });

test('with the browser in another zone, the issues, suggestions, catalogue and chart follow the operator’s zone', async ({ page, login, server, smtp }) => {
  await registerVerifiedOperator(server, smtp, account);
  await login(account);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
  const settings = (await (await page.request.get('/api/settings')).json()) as { preferences: { timezone: string } };
  expect(settings.preferences.timezone).toBe(OPERATOR_ZONE);

  const machine = await page.request.post('/api/machines', { data: { name: 'Zone Lobby', location: 'Lobby', type: 'snacks', serialNumber: 'TZ-1' } });
  expect(machine.status()).toBe(201);
  const { id: machineId } = (await machine.json()) as { id: number };
  const reported = await page.request.post('/api/vending-issues', {
    data: { productName: 'Zone Chips', customerName: 'Tomo', customerEmail: 'tomo@example.com', machineId },
  });
  expect(reported.status()).toBe(201);
  const issue = (await reported.json()) as { createdAt: string };
  const product = await page.request.post('/api/products', { data: { name: 'Zone Soda', brand: 'Fizz', category: 'Soda', price: '1.50' } });
  expect(product.status()).toBe(201);
  const { createdAt: productAddedAt } = (await product.json()) as { createdAt: string };

  // The issue's time, as New York reads it and named as such; never Tokyo's.
  await page.goto('/vending-issues');
  const row = page.getByTestId('issue-row');
  await expect(row).toContainText(`Reported ${inZone(issue.createdAt, DATE_TIME, OPERATOR_ZONE)}`);
  await expect(row).not.toContainText(inZone(issue.createdAt, DATE_TIME, 'Asia/Tokyo'));

  // A plain date is New York's day.
  await page.goto('/products');
  await expect(page.getByText(`Added ${inZone(productAddedAt, { dateStyle: 'medium' }, OPERATOR_ZONE)}`)).toBeVisible();

  // The dashboard's chart ends on today in New York, whatever day it is in Tokyo.
  await page.goto('/dashboard');
  const today = inZone(new Date().toISOString(), { month: 'short', day: 'numeric' }, OPERATOR_ZONE);
  const chartTable = page.getByRole('table', { name: /votes per day/i });
  await expect(chartTable.locator('tbody tr').last()).toContainText(today);

  // A new zone in Settings moves every date with it.
  const saved = await page.request.patch('/api/settings/preferences', { data: { ...settings.preferences, timezone: 'America/Los_Angeles' } });
  expect(saved.status()).toBe(200);
  await page.goto('/vending-issues');
  await expect(page.getByTestId('issue-row')).toContainText(`Reported ${inZone(issue.createdAt, DATE_TIME, 'America/Los_Angeles')}`);
});
