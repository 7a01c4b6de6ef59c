import type { Locator, Page } from '@playwright/test';
import { dexBytes, dexFile } from '../tests/support/dex-files.js';
import { registerAndSignInOperator } from './accounts.js';
import { expect, test } from './fixtures.js';

/*
 * The Sales Import page with one operator and one machine: a telemetry CSV of a new shape, mapped
 * once and refused as a repeat, and a DEX audit counted from the audit before it.
 */
const SERIAL = 'VV-E2E-0001';

const KIOSK_CSV = ['Kiosk,Pos,Sold,N,Paid', `${SERIAL},A1,2026-11-02 14:05,2,3.50`, `${SERIAL},A2,2026-11-02 15:10,1,1.25`].join('\r\n');

const audit = (a1: number, a2: number) =>
  dexBytes(
    dexFile({
      serial: SERIAL,
      selections: [
        { code: 'A1', vendsSinceInit: a1 },
        { code: 'A2', vendsSinceInit: a2, price: 125 },
      ],
    }),
  );

const entry = (page: Page, index: number) => page.getByTestId('upload-entry').nth(index);
const status = (item: Locator) => item.getByTestId('import-status');

async function choose(page: Page, form: Locator, role: string, column: string) {
  await form.getByRole('combobox', { name: role, exact: true }).click();
  await page.getByRole('option', { name: column, exact: true }).click();
}

test('a CSV of a new shape is mapped then imported, the same file again is already imported, and a DEX audit counts per machine', async ({
  page,
  server,
  smtp,
  playwright,
}) => {
  const { api, session } = await registerAndSignInOperator(
    { server, smtp, playwright },
    { email: `sales-${Date.now()}@example.com`, password: 'audits-every-tuesday-9' },
  );
  const machine = await api.post('/api/machines', {
    data: { name: 'Lobby Snacks', location: 'Building A', type: 'combo', serialNumber: SERIAL, status: 'active' },
  });
  expect(machine.status(), await machine.text()).toBe(201);
  // The machine's first audit, sent by a script: its counters are the baseline the next one counts from.
  const baseline = await api.post(`/api/sales/imports?fileName=monday.dex`, { data: audit(100, 40), headers: { 'content-type': 'application/octet-stream' } });
  expect(baseline.status(), await baseline.text()).toBe(200);
  await page.context().addCookies(session);

  await page.goto('/sales-import');
  const files = page.getByLabel('Drop sales files here or choose them');
  await files.setInputFiles({ name: 'kiosk.csv', mimeType: 'text/csv', buffer: Buffer.from(KIOSK_CSV) });
  const csv = entry(page, 0);
  await expect(status(csv)).toHaveText('Needs column mapping');
  const form = csv.getByRole('form', { name: 'Column mapping' });
  await expect(form.getByRole('table')).toContainText('2026-11-02 14:05');
  await choose(page, form, 'Machine', 'Kiosk');
  await choose(page, form, 'Selection code', 'Pos');
  await choose(page, form, 'Date and time', 'Sold');
  await choose(page, form, 'Quantity', 'N');
  await choose(page, form, 'Amount', 'Paid');
  await form.getByRole('button', { name: 'Save mapping and import' }).click();
  await expect(status(csv)).toHaveText('Imported');
  await expect(csv.getByRole('table', { name: 'Sales per machine' })).toContainText('Lobby Snacks');
  await expect(csv.getByTestId('import-summary')).toContainText('3 units');

  // Two files at once, sent in order: the CSV again, then Tuesday's audit.
  await files.setInputFiles([
    { name: 'kiosk.csv', mimeType: 'text/csv', buffer: Buffer.from(KIOSK_CSV) },
    { name: 'tuesday.dex', mimeType: 'text/plain', buffer: audit(103, 42) },
  ]);
  await expect(status(entry(page, 1))).toHaveText('Already imported');
  await expect(entry(page, 1)).toContainText('the same file again changes nothing');
  const dex = entry(page, 2);
  await expect(status(dex)).toHaveText('Imported');
  await expect(dex.getByRole('table', { name: 'Sales per machine' }).getByRole('row', { name: /Lobby Snacks/ })).toContainText('5');
  await expect(dex.getByText('A1: 3 units sold', { exact: false })).toBeVisible();

  // The imports are listed with their reports, and the mapping is kept for the next file of its shape.
  await expect(page.getByRole('list', { name: 'Past imports' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Saved column mappings' })).toContainText('Columns: Kiosk, Pos, Sold, N, Paid');
  await api.dispose();
});
