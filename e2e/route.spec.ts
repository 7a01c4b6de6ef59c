import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { linkFrom } from '../tests/support/smtp-server.js';
import { registerAndSignInOperator, signInThroughApi } from './accounts.js';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

/*
 * A driver's day on a phone (issue 31): the owner assigns a machine in Settings › Team; the driver
 * opens Today, loses the signal, reloads, records the visit slot by slot, resolves and notes issues,
 * marks the visit done, and gets the signal back: the server holds each record once, and an issue
 * the office resolved meanwhile is shown to the driver, not lost.
 */

const stamp = Date.now();
const owner = { email: `route-owner-${stamp}@example.com`, password: 'owner-of-the-route-5', firstName: 'Rita', lastName: 'Route' };
const driver = { email: `route-driver-${stamp}@example.com`, password: 'driver-in-the-van-6', firstName: 'Dan', lastName: 'Driver' };
const PHONE = { width: 390, height: 844 };

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

async function created<T>(call: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>, status = 201): Promise<T> {
  const response = await call;
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The owner's machine North Lobby with Cola in A1 and Chips in B1 (par 8), both last filled to 6, and South Hall. */
async function ownersFleet(api: APIRequestContext) {
  const cola = await created<{ id: number }>(api.post('/api/products', { data: { name: 'Cola', brand: 'Brand', category: 'Soda', price: '1.75', description: '', votes: 0 } }));
  const chips = await created<{ id: number }>(api.post('/api/products', { data: { name: 'Chips', brand: 'Brand', category: 'Chips', price: '1.50', description: '', votes: 0 } }));
  const north = await created<{ id: number }>(api.post('/api/machines', { data: { name: 'North Lobby', location: 'Building A', type: 'combo', serialNumber: `RT-N-${stamp}`, status: 'active' } }));
  await created(api.post('/api/machines', { data: { name: 'South Hall', location: 'Building B', type: 'combo', serialNumber: `RT-S-${stamp}`, status: 'active' } }));
  await created(
    api.put(`/api/machines/${north.id}/planogram`, {
      data: { slots: [{ code: 'A1', productId: cola.id, capacity: 10, par: 8 }, { code: 'B1', productId: chips.id, capacity: 10, par: 8 }] },
    }),
    200,
  );
  await created(
    api.post('/api/stock/restocks/slots', {
      data: { machineId: north.id, restockedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), slots: [{ code: 'A1', unitsLeft: 0, unitsFilled: 6 }, { code: 'B1', unitsLeft: 0, unitsFilled: 6 }] },
    }),
  );
  return { north };
}

const customerIssue = (api: APIRequestContext, machineId: number, productName: string, issueDescription: string) =>
  created<{ id: number }>(api.post('/api/vending-issues', { data: { machineId, customerName: 'Casey Customer', customerEmail: 'casey@example.com', productName, issueDescription } }));

test('a driver’s day on a phone, online and offline: each record reaches the server once', async ({ page, server, smtp, playwright, browser, baseURL }) => {
  test.setTimeout(120_000);
  const office = await registerAndSignInOperator({ server, smtp, playwright }, owner);
  await registerVerifiedOperator(server, smtp, driver);
  const van = await signInThroughApi(playwright, server, driver);
  const { north } = await ownersFleet(office.api);

  // The owner invites the driver, who accepts from the mailed link.
  await created(office.api.post('/api/team/invitations', { data: { email: driver.email, role: 'driver' } }));
  const mail = await smtp.waitForMail(driver.email, /^Join /);
  const token = decodeURIComponent(new URL(linkFrom(mail, '/invitations/')).pathname.split('/').pop()!);
  await created(van.api.post(`/api/invitations/${encodeURIComponent(token)}/accept`), 200);

  // At a desk, the owner gives the driver North Lobby in Settings › Team.
  await page.context().addCookies(office.session);
  await page.goto('/settings?tab=team');
  const row = page.getByRole('tabpanel').getByTestId('team-member').filter({ hasText: 'Dan Driver' });
  await expect(row.getByTestId('member-machines')).toHaveText('No machines assigned yet: they see none');
  await row.getByRole('button', { name: 'Machines of Dan Driver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Machines Dan Driver visits' });
  await dialog.getByLabel(/North Lobby/).check();
  await dialog.getByRole('button', { name: 'Save machines' }).click();
  await expect(toast(page, 'Machines assigned')).toBeVisible();
  await expect(row.getByTestId('member-machines')).toHaveText('Visits North Lobby');

  const coin = await customerIssue(office.api, north.id, 'Cola', 'Took my coin');
  const dented = await customerIssue(office.api, north.id, 'Chips', 'Dented bag');

  // The driver's phone: their home is Today, with their one machine.
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addCookies(van.session);
  const phone = await context.newPage();
  await phone.goto('/');
  await expect(phone).toHaveURL(/\/route$/);
  await expect(phone.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  const stops = phone.getByRole('list', { name: 'Machines to visit, in order' }).getByRole('listitem').filter({ has: phone.getByRole('heading', { level: 2 }) });
  await expect(stops).toHaveCount(1);
  await expect(stops.first()).toContainText('North Lobby');
  await expect(stops.first()).toContainText('4 units to bring');
  await expect(stops.first()).toContainText('2 open issues');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousViolations(phone)).toEqual([]);

  // The route's worker takes the page over; a reload online leaves today's route on the phone.
  // The route's worker installs (it keeps the app's files); the page opened again at /route is then
  // the worker's, which keeps today's route from its answer.
  await expect.poll(() => phone.evaluate(async () => (await navigator.serviceWorker.getRegistration('/route'))?.active?.state ?? 'none'), { timeout: 30_000 }).toBe('activated');
  await phone.goto('/route');
  await expect.poll(() => phone.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(stops.first()).toContainText('North Lobby');

  // In the basement: no signal, and the page is opened again.
  await context.setOffline(true);
  await phone.reload();
  await expect(phone.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(stops.first()).toContainText('North Lobby');

  await phone.getByRole('button', { name: 'Visit North Lobby' }).click();
  await phone.getByRole('button', { name: 'A1 filled to par (2 put in)' }).click();
  const b1 = phone.getByTestId('route-slot').filter({ hasText: 'B1 · Chips' });
  await b1.getByRole('button', { name: 'Other amount' }).click();
  await b1.getByLabel('Units left').fill('5');
  await b1.getByLabel('Units put in').fill('9');
  await b1.getByRole('button', { name: 'Save B1' }).click();
  await expect(b1.getByRole('alert')).toHaveText('B1 holds at most 10: units left plus units put in cannot be more');
  await b1.getByLabel('Units put in').fill('3');
  await b1.getByRole('button', { name: 'Save B1' }).click();
  await expect(b1).toContainText('3 put in · waiting to send');

  await phone.getByTestId('route-issue').filter({ hasText: 'Took my coin' }).getByRole('button', { name: 'Resolve' }).click();
  await phone.getByTestId('route-issue').filter({ hasText: 'Dented bag' }).getByRole('button', { name: 'Resolve' }).click();
  const noteForm = phone.getByRole('form', { name: 'Note an issue at North Lobby' });
  await noteForm.getByRole('button', { name: 'Save issue' }).click();
  await expect(noteForm.getByRole('alert')).toHaveText('Describe the issue');
  await noteForm.getByLabel('What is wrong').fill('Coin slot sticks');
  await noteForm.getByRole('button', { name: 'Save issue' }).click();
  await phone.getByRole('button', { name: 'Mark visit done' }).click();
  await expect(phone.getByText('6 changes waiting to be sent')).toBeVisible();

  // Still offline, the page opened again keeps every change on the phone.
  await phone.reload();
  await expect(phone.getByText('6 changes waiting to be sent')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Meanwhile the office resolves the dented bag itself.
  await created(office.api.patch(`/api/vending-issues/${dented.id}`, { data: { status: 'resolved' } }), 200);

  // Back in signal, the first answer is lost on the way (the server took the fills, the phone never
  // heard): the phone sends them again, and the server applies them once.
  let lostAnswers = 0;
  await context.route('**/api/route/machines/*/fills', async (route) => {
    if (lostAnswers > 0) return route.continue();
    lostAnswers++;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect(phone.getByText(/changes? waiting to be sent/)).toHaveCount(0, { timeout: 20_000 });
  const refused = phone.getByRole('alert').filter({ hasText: 'Not saved: North Lobby: issue “Chips” resolved' });
  await expect(refused).toContainText('Already resolved by Rita Route');
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toHaveCount(0);
  await expect(stops.first()).toContainText('Done today by Dan Driver');

  expect(lostAnswers).toBe(1);
  // The server holds each record once, named for the driver.
  const records = await created<{ slotCode: string; unitsLeft: number; unitsFilled: number; recordedBy: string | null }[]>(office.api.get(`/api/stock/restocks?machineId=${north.id}`), 200);
  expect(records.filter((record) => record.recordedBy === 'Dan Driver').map((record) => [record.slotCode, record.unitsLeft, record.unitsFilled]).sort()).toEqual([
    ['A1', 6, 2],
    ['B1', 5, 3],
  ]);
  const all = await created<{ id: number; status: string; reportedBy: string | null; changedBy: string | null; issueDescription: string | null }[]>(office.api.get('/api/vending-issues'), 200);
  expect(all.find((issue) => issue.id === coin.id)).toMatchObject({ status: 'resolved', changedBy: 'Dan Driver' });
  expect(all.find((issue) => issue.id === dented.id)).toMatchObject({ status: 'resolved', changedBy: 'Rita Route' });
  expect(all.filter((issue) => issue.issueDescription === 'Coin slot sticks')).toMatchObject([{ reportedBy: 'Dan Driver', status: 'open' }]);
  const day = await created<{ stops: { name: string; doneToday: { by: string | null } | null }[] }>(office.api.get('/api/route'), 200);
  expect(day.stops.find((stop) => stop.name === 'North Lobby')?.doneToday).toMatchObject({ by: 'Dan Driver' });

  // The office's Vending Issues page names who did what.
  await page.goto('/vending-issues');
  await expect(page.getByText('Noted at the machine by Dan Driver')).toBeVisible();
  await expect(page.getByTestId('issue-row').filter({ hasText: 'Took my coin' })).toContainText(/Resolved .* by Dan Driver/);

  // The stock follows at once: A1 and B1 are at their par of 8.
  const stock = await created<{ slots: { code: string; stock: number }[] }>(office.api.get(`/api/machines/${north.id}/stock`), 200);
  expect(stock.slots.map((slot) => [slot.code, slot.stock])).toEqual([
    ['A1', 8],
    ['B1', 8],
  ]);
  await context.close();
});
