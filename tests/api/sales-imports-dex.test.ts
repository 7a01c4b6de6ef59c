import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { dexAudits, machineSales, planogramSlots, salesImports } from '../../src/server/db/schema.js';
import { SalesImportMessages, type SalesImportReport } from '../../src/shared/sales-imports.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { dexBytes, dexFile, type DexSelectionFigures } from '../support/dex-files.js';
import { api, DAY_MS, expectJsonError, signIn } from './helpers.js';

/** DEX audit files sent to `POST /api/sales/imports`: sales between audits, baselines, refusals, each file once. */

const IMPORTS = '/api/sales/imports';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An operator with a machine whose planogram holds cola in A1 and chips in A2. */
async function operator(serial = `VV-${Math.random().toString(36).slice(2, 10).toUpperCase()}`) {
  const signedIn = await signIn(t);
  const db = t.database.db;
  const machine = await createMachine(db, signedIn.user.id, { name: 'Lobby Snacks', serialNumber: serial });
  const cola = await createProduct(db, signedIn.user.id, { name: 'Cola' });
  const chips = await createProduct(db, signedIn.user.id, { name: 'Chips' });
  const started = new Date(Date.now() - 30 * DAY_MS);
  await db.insert(planogramSlots).values([
    { userId: signedIn.user.id, machineId: machine.id, code: 'A1', productId: cola.id, capacity: 10, par: 8, startedAt: started },
    { userId: signedIn.user.id, machineId: machine.id, code: 'A2', productId: chips.id, capacity: 12, par: 12, startedAt: started },
  ]);
  return { ...signedIn, machine, cola, chips, serial };
}

const send = (call: ReturnType<typeof api>, file: string | Buffer, query = '') =>
  call.post(`${IMPORTS}?fileName=audit.dex${query}`, typeof file === 'string' ? dexBytes(file) : file, { headers: { 'content-type': 'application/octet-stream' } });

const readAt = (daysAgo: number) => `&readAt=${encodeURIComponent(new Date(Date.now() - daysAgo * DAY_MS).toISOString())}`;
const audit = (serial: string, selections: DexSelectionFigures[]) => dexFile({ serial, selections });
const salesOf = (machineId: number) => t.database.db.select().from(machineSales).where(eq(machineSales.machineId, machineId)).orderBy(asc(machineSales.id));

describe('sales between audits', () => {
  test('the first audit is a baseline; the next counts each selection’s sales, told with the slot’s product', async () => {
    const { api: call, machine, cola, chips, serial } = await operator();
    const first = await send(call, audit(serial, [{ code: 'A1', vendsSinceInit: 100 }, { code: 'A2', vendsSinceInit: 40, price: 200 }]), readAt(2));
    expect(first.statusCode, first.body).toBe(200);
    const baseline: SalesImportReport = first.json();
    expect(baseline).toMatchObject({ status: 'imported', kind: 'dex', units: 0, fileName: 'audit.dex' });
    expect(baseline.summary).toMatch(/first audit/);
    expect(baseline.lines.filter((line) => line.outcome === 'baseline')).toHaveLength(2);

    const second = await send(call, audit(serial, [{ code: 'A1', vendsSinceInit: 103 }, { code: 'A2', vendsSinceInit: 45, price: 200 }, { code: 'A3', vendsSinceInit: 7 }]), readAt(1));
    expect(second.statusCode, second.body).toBe(200);
    const report: SalesImportReport = second.json();
    expect(report).toMatchObject({ status: 'imported', units: 8, machines: [{ machineId: machine.id, units: 8, value: '14.50' }] });
    expect(report.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ outcome: 'imported', message: 'A1: 3 units sold.' }),
        expect.objectContaining({ outcome: 'imported', message: 'A2: 5 units sold.' }),
        expect.objectContaining({ outcome: 'baseline', message: expect.stringMatching(/^A3: first audit/) }),
      ]),
    );
    const sales = await salesOf(machine.id);
    expect(sales.map((sale) => [sale.code, sale.productId, sale.quantity, sale.value])).toEqual([
      ['A1', cola.id, 3, '4.50'],
      ['A2', chips.id, 5, '10.00'],
    ]);
    const audits = await t.database.db.select().from(dexAudits).where(eq(dexAudits.machineId, machine.id)).orderBy(asc(dexAudits.readAt));
    expect(sales[0]!.soldFrom?.getTime()).toBe(audits[0]!.readAt.getTime());
    expect(sales[0]!.soldAt.getTime()).toBe(audits[1]!.readAt.getTime());
  });

  test('a counter that went back starts a new baseline, says so, and sells nothing negative', async () => {
    const { api: call, machine, serial } = await operator();
    await send(call, audit(serial, [{ code: 'A1', vendsSinceInit: 500 }, { code: 'A2', vendsSinceInit: 80 }]), readAt(3));
    const reset = await send(call, audit(serial, [{ code: 'A1', vendsSinceInit: 4 }, { code: 'A2', vendsSinceInit: 86 }]), readAt(2));
    expect(reset.statusCode, reset.body).toBe(200);
    const report: SalesImportReport = reset.json();
    expect(report.units).toBe(6);
    expect(report.lines).toContainEqual(expect.objectContaining({ outcome: 'baseline', message: expect.stringContaining('went back from 500 to 4') }));
    expect(report.summary).toMatch(/1 selection starts a new baseline/);
    await send(call, audit(serial, [{ code: 'A1', vendsSinceInit: 9 }, { code: 'A2', vendsSinceInit: 86 }]), readAt(1));
    expect((await salesOf(machine.id)).map((sale) => [sale.code, sale.quantity])).toEqual([
      ['A2', 6],
      ['A1', 5],
    ]);
  });

  test('a file read before the machine’s latest audit is refused', async () => {
    const { api: call, serial } = await operator();
    await send(call, audit(serial, [{ code: 'A1', vendsSinceInit: 10 }]), readAt(1));
    const late = await send(call, audit(serial, [{ code: 'A1', vendsSinceInit: 8 }]), readAt(2));
    expect(late.statusCode, late.body).toBe(422);
    expect(late.json<SalesImportReport>().summary).toMatch(/already has an audit read on .*, after this one/);
  });
});

describe('each file once, and bad files change nothing', () => {
  test('the same file again changes nothing and says when it was imported', async () => {
    const { api: call, machine, serial } = await operator();
    await send(call, audit(serial, [{ code: 'A1', vendsSinceInit: 10 }]), readAt(2));
    const file = audit(serial, [{ code: 'A1', vendsSinceInit: 14 }]);
    const first = await send(call, file, readAt(1));
    const again = await send(call, file);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'already-imported', id: first.json<SalesImportReport>().id, units: 0 });
    expect(again.json<SalesImportReport>().summary).toMatch(/was imported on .*the same file again changes nothing/);
    expect(await salesOf(machine.id)).toHaveLength(1);
  });

  test('a checksum that does not match refuses the file', async () => {
    const { api: call, user, serial } = await operator();
    const damaged = audit(serial, [{ code: 'A1', vendsSinceInit: 10 }]).replace('PA2*10*', 'PA2*19*');
    const res = await send(call, damaged);
    expect(res.statusCode, res.body).toBe(422);
    const report: SalesImportReport = res.json();
    expect(report).toMatchObject({ status: 'refused', id: null, summary: SalesImportMessages.checkFailed });
    expect(report.lines[0]).toMatchObject({ outcome: 'problem', message: expect.stringContaining('G85') });
    expect(await t.database.db.select().from(salesImports).where(eq(salesImports.userId, user.id))).toHaveLength(0);
  });

  test('a broken segment names its line', async () => {
    const { api: call, serial } = await operator();
    const broken = dexFile({ serial, withoutCheck: true, selections: [{ code: 'A1', vendsSinceInit: 10 }], extraLines: ['this is not a segment'] });
    const res = await send(call, broken);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<SalesImportReport>().lines).toEqual([expect.objectContaining({ line: 7, outcome: 'problem', message: expect.stringMatching(/^Line 7 is not a DEX segment/) })]);
  });

  test('an unknown serial is listed; once a machine has it, the same file imports', async () => {
    const { api: call, machine } = await operator('OLD-SERIAL');
    const file = audit('NEW-CONTROLLER-77', [{ code: 'A1', vendsSinceInit: 10 }]);
    const res = await send(call, file);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ status: 'refused', unknownSerials: ['NEW-CONTROLLER-77'], summary: SalesImportMessages.unknownSerial('NEW-CONTROLLER-77') });
    expect((await call.patch(`/api/machines/${machine.id}`, { serialNumber: 'new-controller-77' })).statusCode).toBe(200);
    expect((await send(call, file)).json()).toMatchObject({ status: 'imported', machines: [{ machineId: machine.id }] });
  });

  test('a file without a serial needs the machine named, and only one of the operator’s own', async () => {
    const { api: call, machine } = await operator();
    const anonymous = audit('', [{ code: 'A1', vendsSinceInit: 10 }]);
    expect((await send(call, anonymous)).json()).toMatchObject({ status: 'refused', summary: SalesImportMessages.noSerial });
    const stranger = await operator();
    expectJsonError(await send(call, anonymous, `&machineId=${stranger.machine.id}`), 404, 'Machine not found');
    expect((await send(call, anonymous, `&machineId=${machine.id}`)).json()).toMatchObject({ status: 'imported', machines: [{ machineId: machine.id }] });
  });

  test('files that are not DEX text are refused plainly', async () => {
    const { api: call } = await operator();
    expectJsonError(await send(call, Buffer.alloc(0)), 400, SalesImportMessages.empty);
    expectJsonError(await send(call, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1])), 400, SalesImportMessages.notText);
  });
});

describe('by API token, and tenancy', () => {
  test('a script sends the file as curl does; the import is the operator’s alone', async () => {
    const owner = await operator();
    const made = await owner.api.post('/api/settings/api-tokens', { name: 'telemetry forwarder', access: 'read-write' });
    expect(made.statusCode, made.body).toBe(201);
    const script = api(t, undefined, { headers: { authorization: `Bearer ${made.json<{ token: string }>().token}` } });
    const file = dexBytes(audit(owner.serial, [{ code: 'A1', vendsSinceInit: 10 }]));
    const res = await script.post(`${IMPORTS}?fileName=machine-1.dex`, file, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<SalesImportReport>();
    expect((await owner.api.get(IMPORTS)).json()).toEqual([expect.objectContaining({ id, source: 'api', fileName: 'machine-1.dex', kind: 'dex' })]);
    expect((await owner.api.get(`${IMPORTS}/${id}`)).json()).toMatchObject({ id, status: 'imported' });

    const other = await operator();
    expectJsonError(await other.api.get(`${IMPORTS}/${id}`), 404, SalesImportMessages.importNotFound);
    expect((await other.api.get(IMPORTS)).json()).toEqual([]);
    // Another operator's file naming this machine's serial does not reach it.
    expect((await send(other.api, audit(owner.serial, [{ code: 'A1', vendsSinceInit: 20 }]))).json()).toMatchObject({ status: 'refused', unknownSerials: [owner.serial] });
    expect((await api(t).get(IMPORTS)).statusCode).toBe(401);
  });
});
