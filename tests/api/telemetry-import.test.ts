import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { machineSales, planogramSlots, salesImports, users } from '../../src/server/db/schema.js';
import { emptyReport, insertSales, salesFileOf, storeImport } from '../../src/server/features/sales/sales-import-store.js';
import { importTelemetryCsv } from '../../src/server/features/sales/telemetry-import.js';
import { SALES_IMPORTS_API, SalesImportReportSchema, TELEMETRY_MAPPINGS_API, type SalesImportReport, type TelemetryMappingRequest } from '../../src/shared/sales-imports.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { CANTALOUPE_COLUMNS, NAYAX_COLUMNS, cantaloupeCsv, csvBytes, nayaxCsv } from '../support/telemetry-files.js';
import { api, expectJsonError, signIn } from './helpers.js';

// One app and one operator for the file (CI runs it on two databases); each test its own machines.
let t: TestApp;
let operator: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signIn(t);
  await t.database.db.update(users).set({ timeZone: 'America/Chicago' }).where(eq(users.id, operator.user.id));
});
afterAll(async () => {
  await t?.close();
});

async function importFile(text: string, fileName: string, userId = operator.user.id) {
  return SalesImportReportSchema.parse(await importTelemetryCsv(t.app.ctx, userId, salesFileOf(csvBytes(text), fileName, 'upload')));
}

async function stored(userId = operator.user.id) {
  const db = t.database.db;
  const [imports] = await db.select({ n: count() }).from(salesImports).where(eq(salesImports.userId, userId));
  const [sales] = await db.select({ n: count() }).from(machineSales).where(eq(machineSales.userId, userId));
  return { imports: imports!.n, sales: sales!.n };
}

const salesOf = (importId: number) =>
  t.database.db.select().from(machineSales).where(eq(machineSales.importId, importId)).orderBy(asc(machineSales.soldAt), asc(machineSales.id));

async function saveMapping(body: TelemetryMappingRequest) {
  const res = await operator.api.post(TELEMETRY_MAPPINGS_API, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the first test saves from the mapping step; the others save it again (a replace) to stand alone. */
const NAYAX_MAPPING: TelemetryMappingRequest = {
  columns: NAYAX_COLUMNS,
  mapping: {
    machine: 'Device Serial', selection: 'Product Selection Info', product: 'Product Name', time: 'Machine Authorization Time', quantity: 'Quantity', price: 'Settlement Value',
    transactionId: 'Transaction ID', dateOrder: 'mdy',
  },
};

describe('a Nayax-like export', () => {
  test('asks for its mapping once; then imports, the next file of its shape without questions, the same file never twice', async () => {
    const db = t.database.db;
    const userId = operator.user.id;
    const lobby = await createMachine(db, userId, { name: 'Lobby', serialNumber: 'NX-1001' });
    const gym = await createMachine(db, userId, { name: 'Gym', serialNumber: 'NX-1002' });
    const [cola, water, chips] = await Promise.all(['Cola', 'Water', 'Chips'].map((name) => createProduct(db, userId, { name })));
    // A1 held cola until 10 March, water after: each sale is told with what the slot held then.
    await db.insert(planogramSlots).values([
      { userId, machineId: lobby.id, code: 'A1', productId: cola!.id, capacity: 10, par: 8, startedAt: new Date('2026-01-01T00:00:00Z'), endedAt: new Date('2026-03-10T12:00:00Z') },
      { userId, machineId: lobby.id, code: 'A1', productId: water!.id, capacity: 10, par: 8, startedAt: new Date('2026-03-10T12:00:00Z') },
      { userId, machineId: gym.id, code: 'B4', productId: chips!.id, capacity: 10, par: 8, startedAt: new Date('2026-01-01T00:00:00Z') },
    ]);
    const first = nayaxCsv([
      { serial: 'NX-1001', code: 'A1', product: 'Cola', at: '2026-03-08 01:30:00', amount: 1.5 },
      { serial: 'nx-1001', code: 'a1', product: 'Water', at: '2026-03-14 14:05:09', quantity: 2, amount: 3 },
      { serial: 'NX-1002', code: 'B4', at: '2026-03-14 15:00:00', amount: 1.25 },
      { serial: 'NX-1002', code: 'B4', at: '2026-03-14 15:01:00', quantity: -1, amount: -1.25 },
    ]);
    const asked = await importFile(first, 'nayax-march.csv');
    expect(asked).toMatchObject({ id: null, status: 'needs-mapping', units: 0, machines: [] });
    expect(asked.mapping!.columns).toEqual(NAYAX_COLUMNS);
    expect(asked.mapping!.sample).toHaveLength(4);
    expect(await stored()).toEqual({ imports: 0, sales: 0 });

    expect(asked.mapping!.suggested).toEqual({ ...NAYAX_MAPPING.mapping, timeOfDay: null });
    await saveMapping({ columns: asked.mapping!.columns, mapping: asked.mapping!.suggested as TelemetryMappingRequest['mapping'] });
    const imported = await importFile(first, 'nayax-march.csv');
    expect(imported).toMatchObject({ status: 'imported', units: 4, summary: 'Imported 4 units from 3 lines for 2 machines; 1 line skipped.', unknownSerials: [], mapping: null });
    expect(imported.machines).toEqual([
      { machineId: gym.id, machineName: 'Gym', units: 1, value: '1.25', readAt: null },
      { machineId: lobby.id, machineName: 'Lobby', units: 3, value: '4.50', readAt: null },
    ]);
    expect(imported.lines).toEqual([{ line: 5, outcome: 'skipped', message: 'Line 5: refund or void, not a sale' }]);
    const rows = await salesOf(imported.id!);
    expect(rows.map(({ machineId, code, productId, quantity, value, soldFrom, soldAt }) => ({ machineId, code, productId, quantity, value, soldFrom, soldAt }))).toEqual([
      { machineId: lobby.id, code: 'A1', productId: cola!.id, quantity: 1, value: '1.50', soldFrom: null, soldAt: new Date('2026-03-08T07:30:00Z') },
      { machineId: lobby.id, code: 'a1', productId: water!.id, quantity: 2, value: '3.00', soldFrom: null, soldAt: new Date('2026-03-14T19:05:09Z') },
      { machineId: gym.id, code: 'B4', productId: chips!.id, quantity: 1, value: '1.25', soldFrom: null, soldAt: new Date('2026-03-14T20:00:00Z') },
    ]);
    const [kept] = await db.select().from(salesImports).where(eq(salesImports.id, imported.id!));
    expect(kept).toMatchObject({ kind: 'csv', fileName: 'nayax-march.csv', source: 'upload', report: { status: 'imported', units: 4 } });

    const next = await importFile(nayaxCsv([{ serial: 'NX-1002', code: 'B4', at: '2026-03-15 09:00:00' }]), 'nayax-march-15.csv');
    expect(next).toMatchObject({ status: 'imported', units: 1 });
    expect(await stored()).toEqual({ imports: 2, sales: 4 });

    const again = await importFile(first, 'renamed.csv');
    expect(again).toMatchObject({ id: imported.id, status: 'already-imported', units: 0, lines: [] });
    expect(again.summary).toMatch(/^This file was imported on .*2026.*; the same file again changes nothing$/);
    expect(await stored()).toEqual({ imports: 2, sales: 4 });
  });

  test('exports that overlap: a sale both hold counts once, the lines of one transaction each count, and the report says what was left out', async () => {
    const db = t.database.db;
    const kiosk = await createMachine(db, operator.user.id, { name: 'Kiosk', serialNumber: 'NX-3101' });
    await saveMapping(NAYAX_MAPPING);
    const sunday = { serial: 'NX-3101', code: 'C1', at: '2026-05-03 10:00:00', amount: 1.5 };
    // One transaction of two products: two lines with one id.
    const monday = [
      { serial: 'NX-3101', code: 'C1', at: '2026-05-04 09:00:00', transactionId: 'T-77', amount: 1.5 },
      { serial: 'NX-3101', code: 'C2', at: '2026-05-04 09:00:00', transactionId: 'T-77', quantity: 2, amount: 3 },
    ];
    const tuesday = { serial: 'NX-3101', code: 'C3', at: '2026-05-05 12:00:00', amount: 2 };
    expect(await importFile(nayaxCsv([sunday, ...monday]), 'sunday-monday.csv')).toMatchObject({ status: 'imported', units: 4 });

    const second = await importFile(nayaxCsv([...monday, tuesday]), 'monday-tuesday.csv');
    expect(second).toMatchObject({ status: 'imported', units: 1 });
    expect(second.summary).toMatch(/^Imported 1 unit from 1 line for 1 machine; 2 lines already imported from an earlier file;/);
    expect(second.machines).toEqual([{ machineId: kiosk.id, machineName: 'Kiosk', units: 1, value: '2.00', readAt: null }]);
    expect(second.lines).toContainEqual({
      line: 2,
      outcome: 'skipped',
      message: '2 lines from line 2 (3 units): already imported from an earlier file with the same transaction IDs, so not counted again',
    });
    const kept = await db
      .select({ code: machineSales.code, quantity: machineSales.quantity, key: machineSales.transactionKey })
      .from(machineSales)
      .where(eq(machineSales.machineId, kiosk.id))
      .orderBy(asc(machineSales.soldAt), asc(machineSales.code));
    expect(kept).toEqual([
      { code: 'C1', quantity: 1, key: expect.stringMatching(/^\d+#1$/) },
      { code: 'C1', quantity: 1, key: 'T-77#1' },
      { code: 'C2', quantity: 2, key: 'T-77#2' },
      { code: 'C3', quantity: 1, key: expect.stringMatching(/^\d+#1$/) },
    ]);
  });
});

describe('a Cantaloupe-like export', () => {
  const cantaloupeMapping: TelemetryMappingRequest = {
    columns: CANTALOUPE_COLUMNS,
    mapping: { machine: 'Device Serial Number', selection: 'Column', product: 'Item Description', time: 'Tran Date', timeOfDay: 'Tran Time', quantity: 'Qty', price: 'Tran Amount', transactionId: 'Tran ID', dateOrder: 'mdy' },
  };

  test('date and time in two columns; a product known by name; products not recognised grouped, not listed by line', async () => {
    const db = t.database.db;
    const userId = operator.user.id;
    const library = await createMachine(db, userId, { name: 'Library', serialNumber: 'VJ300123456' });
    const granola = await createProduct(db, userId, { name: 'Granola Bar' });
    await saveMapping(cantaloupeMapping);
    const mystery = Array.from({ length: 30 }, (_, index) => ({ serial: 'VJ300123456', code: '12', product: 'Mystery Bar', at: `2026-04-02 10:${String(index).padStart(2, '0')}:00` }));
    const report = await importFile(
      cantaloupeCsv([
        { serial: 'VJ300123456', code: '11', product: 'granola bar', at: '2026-04-01 21:15:00', amount: 2 },
        ...mystery,
        { serial: 'VJ300123456', code: '13', at: '2026-04-03 08:00:00', quantity: null, amount: null },
      ]),
      'cantaloupe-april.csv',
    );
    expect(report).toMatchObject({ status: 'imported', units: 32, summary: 'Imported 32 units from 32 lines for 1 machine; 31 lines with a product not recognised.' });
    expect(report.machines).toEqual([{ machineId: library.id, machineName: 'Library', units: 32, value: '47.00', readAt: null }]);
    expect(report.lines).toEqual([
      { line: 3, outcome: 'imported', message: expect.stringMatching(/^Selection 12 “Mystery Bar” at Library: product not recognised; 30 units on 30 lines from line 3 were imported without a product\. .*planogram or give a product of your catalogue that name\.$/) },
      { line: 33, outcome: 'imported', message: expect.stringMatching(/^Selection 13 at Library: product not recognised; 1 unit on 1 line from line 33/) },
    ]);
    const rows = await salesOf(report.id!);
    expect(rows[0]).toMatchObject({ code: '11', productId: granola.id, value: '2.00', soldAt: new Date('2026-04-02T02:15:00Z') });
    expect(rows.at(-1)).toMatchObject({ code: '13', productId: null, value: null, quantity: 1 });
  });
});

describe('files refused whole', () => {
  beforeAll(() => saveMapping(NAYAX_MAPPING));

  test('an unknown serial is listed and nothing is stored; once a machine has it, the same file imports', async () => {
    const db = t.database.db;
    const userId = operator.user.id;
    await createMachine(db, userId, { name: 'Atrium', serialNumber: 'NX-2001' });
    const file = nayaxCsv([
      { serial: 'NX-2001', code: 'C1', at: '2026-05-01 12:00:00' },
      { serial: 'NX-2999', code: 'C1', at: '2026-05-01 12:05:00' },
      { serial: 'NX-2999', code: 'C2', at: '2026-05-01 12:06:00' },
    ]);
    const before = await stored();
    const refused = await importFile(file, 'unknown-serial.csv');
    expect(refused).toMatchObject({ id: null, status: 'refused', units: 0, unknownSerials: ['NX-2999'], summary: 'Nothing was imported: 1 machine in the file is not among yours. Correct that, then send the file again.' });
    expect(refused.lines).toEqual([{ line: 3, outcome: 'problem', message: expect.stringMatching(/^Line 3 and 1 more line: No machine of yours has the serial number NX-2999:/) }]);
    expect(await stored()).toEqual(before);

    await createMachine(db, userId, { name: 'Annex', serialNumber: 'nx-2999' });
    expect(await importFile(file, 'unknown-serial.csv')).toMatchObject({ status: 'imported', units: 3 });
  });

  test('broken lines are named by number and nothing is stored; a serial two machines share is refused', async () => {
    const db = t.database.db;
    const userId = operator.user.id;
    await createMachine(db, userId, { name: 'Hall', serialNumber: 'NX-3001' });
    const before = await stored();
    const broken = nayaxCsv([{ serial: 'NX-3001', code: 'D1', at: '2026-05-02 12:00:00' }, { serial: 'NX-3001', code: 'D2', at: '2026-05-02 12:01:00', quantity: 1.5 }], {
      extraLines: ['1,Hall,NX-3001,05/02/2026 12:02:00 PM', '2,Hall,NX-3001,05/32/2026 12:03:00 PM,05/32/2026 12:03:00 PM,D1,,1,USD,1.50,Card'],
    });
    const refused = await importFile(broken, 'broken.csv');
    expect(refused).toMatchObject({ status: 'refused', summary: 'Nothing was imported: 3 lines cannot be read. Correct that, then send the file again.' });
    expect(refused.lines.map(({ line, outcome }) => [line, outcome])).toEqual([[3, 'problem'], [4, 'problem'], [5, 'problem']]);
    expect(refused.lines[0]!.message).toBe('Line 3: the quantity “1.5” is not a whole number');
    expect(refused.lines[1]!.message).toBe(`Line 4 has 4 fields where the header has ${NAYAX_COLUMNS.length}`);
    expect(refused.lines[2]!.message).toMatch(/^Line 5: “05\/32\/2026” is not a day of the calendar/);
    expect(await stored()).toEqual(before);

    await createMachine(db, userId, { name: 'Hall annex', serialNumber: 'NX-3001' });
    const shared = await importFile(nayaxCsv([{ serial: 'NX-3001', code: 'D1', at: '2026-05-02 12:00:00' }]), 'shared.csv');
    expect(shared).toMatchObject({ status: 'refused', unknownSerials: [] });
    expect(shared.lines).toEqual([{ line: 2, outcome: 'problem', message: 'Line 2: 2 of your machines have the serial number NX-3001: give each its own, then send the file again' }]);
    expect(await stored()).toEqual(before);
  });

  test('the same new file sent twice at once is stored once', async () => {
    await createMachine(t.database.db, operator.user.id, { name: 'Dock', serialNumber: 'NX-4001' });
    const file = nayaxCsv([{ serial: 'NX-4001', code: 'E1', at: '2026-05-03 12:00:00' }]);
    const before = await stored();
    const answers = await Promise.all([importFile(file, 'twice-a.csv'), importFile(file, 'twice-b.csv')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(['already-imported', 'imported']);
    expect(answers[0]!.id).toBe(answers[1]!.id);
    expect(await stored()).toEqual({ imports: before.imports + 1, sales: before.sales + 1 });
  });
});

describe(`POST ${SALES_IMPORTS_API}`, () => {
  test('a CSV upload asks for its mapping; a script with an API token is refused an unknown serial (422), then imports, once', async () => {
    const uploaded = await operator.api.post(`${SALES_IMPORTS_API}?fileName=other-provider.csv`, csvBytes('Terminal;Slot;Sold at\nT-1;A1;2026-05-01 10:00\n'), {
      headers: { 'content-type': 'text/csv' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ kind: 'csv', status: 'needs-mapping', mapping: { columns: ['Terminal', 'Slot', 'Sold at'], sample: [['T-1', 'A1', '2026-05-01 10:00']], suggested: { machine: 'Terminal', selection: 'Slot', time: 'Sold at', dateOrder: 'ymd' } } });

    await saveMapping(NAYAX_MAPPING);
    const made = await operator.api.post('/api/settings/api-tokens', { name: 'Nayax forwarder', access: 'read-write' });
    const script = api(t, undefined, { headers: { authorization: `Bearer ${made.json<{ token: string }>().token}`, 'content-type': 'application/x-www-form-urlencoded' } });
    const file = csvBytes(nayaxCsv([{ serial: 'NX-5001', code: 'F1', at: '2026-05-04 12:00:00' }]));
    const refused = await script.post(`${SALES_IMPORTS_API}?fileName=nayax-0504.csv`, file);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ status: 'refused', unknownSerials: ['NX-5001'] });

    await createMachine(t.database.db, operator.user.id, { name: 'Kiosk', serialNumber: 'NX-5001' });
    const imported = await script.post(`${SALES_IMPORTS_API}?fileName=nayax-0504.csv`, file);
    expect(imported.statusCode, imported.body).toBe(200);
    const { id } = imported.json<SalesImportReport>();
    expect(imported.json()).toMatchObject({ id, kind: 'csv', status: 'imported', units: 1 });
    expect((await script.post(`${SALES_IMPORTS_API}?fileName=again.csv`, file)).json()).toMatchObject({ id, status: 'already-imported' });
    expect((await operator.api.get(SALES_IMPORTS_API)).json()).toContainEqual(expect.objectContaining({ id, kind: 'csv', source: 'api', fileName: 'nayax-0504.csv', units: 1 }));
  });
});

describe('storing sales', () => {
  test('codes with quotes, backslashes and commas, and empty values, arrive as they were sent', async () => {
    const machine = await createMachine(t.database.db, operator.user.id, { name: 'Odd codes' });
    const file = salesFileOf(csvBytes('odd codes'), 'odd.dex', 'upload');
    const soldFrom = new Date('2026-05-01T08:00:00.123Z');
    const importId = await t.database.db.transaction(async (tx) => {
      const id = await storeImport(tx, operator.user.id, file, emptyReport('dex', file));
      const sale = { userId: operator.user.id, machineId: machine.id, importId: id, quantity: 1, soldAt: new Date('2026-05-02T08:00:00Z') };
      await insertSales(tx, [
        { ...sale, code: 'A"1\\,{x}', value: '12.50', soldFrom },
        { ...sale, code: 'NULL', productId: null, value: null },
      ]);
      return id;
    });
    expect((await salesOf(importId)).map(({ code, value, soldFrom: from }) => ({ code, value, from }))).toEqual([
      { code: 'A"1\\,{x}', value: '12.50', from: soldFrom },
      { code: 'NULL', value: null, from: null },
    ]);
  });
});

describe(TELEMETRY_MAPPINGS_API, () => {
  test('field messages; saved again for the same shape it is replaced; another operator sees none and cannot delete it', async () => {
    const columns = ['Serial', 'When', 'Slot', 'Extra'];
    const mapping = { machine: 'Serial', selection: 'Slot', product: null, time: 'When', quantity: null, price: null, dateOrder: 'ymd' as const };
    const missing = expectJsonError(await operator.api.post(TELEMETRY_MAPPINGS_API, { columns, mapping: { ...mapping, machine: 'Device', price: 'Slot' } }), 400);
    expect(missing.errors).toEqual({ 'mapping.machine': 'The file has no column “Device”', 'mapping.price': 'Each column can play only one part' });
    const neither = expectJsonError(await operator.api.post(TELEMETRY_MAPPINGS_API, { columns, mapping: { ...mapping, selection: null } }), 400);
    expect(neither.errors).toEqual({ 'mapping.selection': 'Choose the column with the selection code or the one with the product name' });

    const saved = await saveMapping({ columns, mapping });
    const replaced = await saveMapping({ columns: [' serial', 'WHEN', 'slot', 'extra'], mapping: { ...mapping, machine: 'serial', selection: 'slot', time: 'WHEN', quantity: 'extra' } });
    expect(replaced).toMatchObject({ id: saved.id, mapping: { quantity: 'extra', timeOfDay: null } });
    const mine = await operator.api.get(TELEMETRY_MAPPINGS_API);
    expect(mine.json().filter((entry: { id: number }) => entry.id === saved.id)).toEqual([replaced]);

    const other = await signIn(t);
    expect((await other.api.get(TELEMETRY_MAPPINGS_API)).json()).toEqual([]);
    expectJsonError(await other.api.delete(`${TELEMETRY_MAPPINGS_API}/${saved.id}`), 404, 'Column mapping not found');
    expect((await operator.api.delete(`${TELEMETRY_MAPPINGS_API}/${saved.id}`)).json()).toEqual({ id: saved.id, deleted: true });
    expectJsonError(await operator.api.delete(`${TELEMETRY_MAPPINGS_API}/${saved.id}`), 404);
    // Another operator's file of a shape this operator mapped is still asked about.
    expect((await importFile(nayaxCsv([{ serial: 'X', code: 'A1', at: '2026-05-01 10:00:00' }]), 'theirs.csv', other.user.id)).status).toBe('needs-mapping');
  });
});
