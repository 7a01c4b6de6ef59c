import { readFileSync } from 'node:fs';
import { asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { charities, charityImports } from '../../src/server/db/schema.js';
import { seedExampleCharities } from '../../src/server/db/demo-charities.js';
import type { Charity, CharityDirectory, CharityImportReport } from '../../src/shared/donation-hub.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { bmfFile, charityIdByEin, importText, multipartFiles, SAMPLE_FILE } from './donation-hub-helpers.js';
import { api, expectJsonError, signIn } from './helpers.js';

/**
 * The charity directory from the IRS EO BMF extract: the sample file's rows (line numbers count
 * the header as line 1):
 *   2 K31 food bank at 78741-1234, ICO '% JANE DOE'   3 X21 church 78702      4 X22Z church 78744
 *   5 L41 shelter 78704    6 P85 shelter 78721          7 P28 centre 78723     8 P20 centre 78752
 *   9 B11 nonprofit 78745  10 no NTEE, 78660            11 SUBSECTION '3' K35 78666
 *   12 K34 78130           13 K30 78626                 14 SUBSECTION 04, 15 SUBSECTION 05: skipped
 *   16 EIN '12345', 17 empty NAME, 18 ZIP 'ABCDE', 19 ZIP 00000: rejected    20 X20 church 78758
 */
const IMPORT = '/api/admin/charities/import';
const DIRECTORY = '/api/admin/charities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let operator: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator] = await Promise.all([signIn(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' }), signIn(t)]);
});
afterAll(() => t?.close());

async function upload(files: { name: string; text: string | Buffer; type?: string }[], cookie = admin.cookie, fields: Record<string, string> = {}) {
  const { payload, headers } = await multipartFiles(files, fields);
  return api(t, cookie).post(IMPORT, payload, { headers });
}

const sampleText = () => readFileSync(SAMPLE_FILE, 'utf8');
const directoryRows = () => t.database.db.select().from(charities).where(isNotNull(charities.ein)).orderBy(asc(charities.ein));
const charityCount = async () => (await t.database.db.select({ n: count() }).from(charities))[0]!.n;

const SAMPLE_PROBLEMS = [
  { file: 'eo-bmf-sample.csv', line: 16, ein: '12345', reason: 'EIN must be 9 digits' },
  { file: 'eo-bmf-sample.csv', line: 17, ein: '000000216', reason: 'NAME is empty' },
  { file: 'eo-bmf-sample.csv', line: 18, ein: '000000217', reason: 'ZIP must be 5 digits, or ZIP+4' },
  { file: 'eo-bmf-sample.csv', line: 19, ein: '000000218', reason: 'ZIP code 00000 is not in the ZIP code table' },
];

/** [EIN, type, NTEE code, ZIP, contact person, description] of every organisation the sample holds. */
const SAMPLE_DIRECTORY = [
  ['000000201', 'food_bank', 'K31', '78741', 'JANE DOE', 'Food Banks & Pantries (NTEE K31)'],
  ['000000202', 'church', 'X21', '78702', null, 'Protestant (NTEE X21)'],
  ['000000203', 'church', 'X22', '78744', null, 'Roman Catholic (NTEE X22)'],
  ['000000204', 'homeless_shelter', 'L41', '78704', null, 'Homeless Shelters (NTEE L41)'],
  ['000000205', 'homeless_shelter', 'P85', '78721', null, 'Homeless Services (NTEE P85)'],
  ['000000206', 'community_center', 'P28', '78723', null, 'Neighborhood Centers (NTEE P28)'],
  ['000000207', 'community_center', 'P20', '78752', null, 'Human Service Organizations (NTEE P20)'],
  ['000000208', 'nonprofit', 'B11', '78745', null, 'Education (NTEE B11)'],
  ['000000209', 'nonprofit', null, '78660', null, '501(c)(3) organization listed by the IRS'],
  ['000000210', 'food_bank', 'K35', '78666', null, 'Soup Kitchens (NTEE K35)'],
  ['000000211', 'food_bank', 'K34', '78130', null, 'Congregate Meals (NTEE K34)'],
  ['000000212', 'food_bank', 'K30', '78626', null, 'Food Programs (NTEE K30)'],
  ['000000219', 'church', 'X20', '78758', null, 'Christian (NTEE X20)'],
];

describe('GET /api/donation-hub/directory: whether the IRS extract is in', () => {
  test('examples only: no IRS records, so the page can say why most ZIP codes find nothing; signed out is 401', async () => {
    // An install of its own: the examples stay out of this file's directory.
    const fresh = await createTestApp();
    try {
      await seedExampleCharities(fresh.database.db);
      const status = await (await signIn(fresh)).api.get('/api/donation-hub/directory');
      expect(status.statusCode, status.body).toBe(200);
      expect(status.json()).toEqual({ irsRecords: 0, exampleRecords: 14 });
      expect((await api(fresh).get('/api/donation-hub/directory')).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /api/admin/charities/import (the sample file)', () => {
  test('imports the 501(c)(3) rows with their types, ZIP codes and contact persons, and reports every refused row with its line and reason', async () => {
    const res = await upload([{ name: 'eo-bmf-sample.csv', text: sampleText() }]);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as CharityImportReport;
    expect(report).toEqual({
      files: ['eo-bmf-sample.csv'],
      rowsRead: 19,
      imported: 13,
      updated: 0,
      skippedNotCharitable: 2,
      rejected: 4,
      problems: SAMPLE_PROBLEMS,
      seconds: expect.any(Number),
    });

    const rows = await directoryRows();
    expect(rows.map((row) => [row.ein, row.type, row.nteeCode, row.zip, row.contactPerson, row.description])).toEqual(SAMPLE_DIRECTORY);
    for (const row of rows) {
      expect(row.source).toBe('irs');
      expect(row.ownerId).toBeNull();
    }
    // ZIP+4 is filed under its five digits, at that ZIP code's centroid; the fields are kept as the IRS writes them.
    const foodBank = rows.find((row) => row.ein === '000000201')!;
    expect(foodBank).toMatchObject({ name: 'SAMPLE FOOD BANK ONE', address: '10 TEST ST', city: 'AUSTIN', state: 'TX', zip: '78741' });
    expect(foodBank.latitude).toBeCloseTo(30.2315, 4);
    expect(foodBank.longitude).toBeCloseTo(-97.7223, 4);
    // Neither the 501(c)(4) league nor the 501(c)(5) union, nor any refused row, is in the directory.
    for (const ein of ['000000213', '000000214', '12345', '000000216', '000000217', '000000218']) {
      expect(rows.some((row) => row.ein === ein)).toBe(false);
    }
  });

  test('a re-import updates by EIN and never duplicates; a changed name is updated', async () => {
    const before = await charityCount();
    const again = await upload([{ name: 'eo-bmf-sample.csv', text: sampleText() }]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ rowsRead: 19, imported: 0, updated: 13, skippedNotCharitable: 2, rejected: 4 });
    expect(await charityCount()).toBe(before);

    const id = await charityIdByEin(t, '000000202');
    const renamed = sampleText().replace('SAMPLE PROTESTANT CHURCH,,20 TEST ST', 'SAMPLE PROTESTANT CHURCH OF AUSTIN,,22 NEW ST');
    const res = await upload([{ name: 'eo-bmf-sample.csv', text: renamed }]);
    expect(res.json()).toMatchObject({ imported: 0, updated: 13 });
    expect(await charityCount()).toBe(before);
    const [row] = await t.database.db.select().from(charities).where(eq(charities.id, id));
    expect(row).toMatchObject({ ein: '000000202', name: 'SAMPLE PROTESTANT CHURCH OF AUSTIN', address: '22 NEW ST' });
  });

  test('a new organisation in a later file is added beside the ones already there', async () => {
    const before = await charityCount();
    const res = await upload([{ name: 'eo_ok.csv', text: bmfFile([{ ein: '000000301', name: 'LATER PANTRY', zip: '78741', ntee: 'K31' }, { ein: '000000201', name: 'SAMPLE FOOD BANK ONE', zip: '78741', ntee: 'K31' }]) }]);
    expect(res.json()).toMatchObject({ files: ['eo_ok.csv'], rowsRead: 2, imported: 1, updated: 1, rejected: 0, problems: [] });
    expect(await charityCount()).toBe(before + 1);
  });

  test('several files in one upload: the report adds them up and names each', async () => {
    const first = bmfFile([{ ein: '000000401', name: 'FIRST FILE PANTRY', zip: '78701' }]);
    const second = bmfFile([
      { ein: '000000402', name: 'SECOND FILE PANTRY', zip: '78701' },
      { ein: '000000403', name: '', zip: '78701' },
    ]);
    const res = await upload([
      { name: 'eo_a.csv', text: first },
      { name: 'eo_b.CSV', text: second },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      files: ['eo_a.csv', 'eo_b.CSV'],
      rowsRead: 3,
      imported: 2,
      rejected: 1,
      problems: [{ file: 'eo_b.CSV', line: 3, ein: '000000403', reason: 'NAME is empty' }],
    });
  });
});

describe('files the importer refuses', () => {
  test('an empty file, or one with a header row of other columns and no rows, answers 400', async () => {
    const before = await charityCount();
    expectJsonError(await upload([{ name: 'empty.csv', text: '' }]), 400, 'empty.csv is empty: an IRS EO BMF extract starts with a header row (EIN, NAME, …).');
    expectJsonError(await upload([{ name: 'blank.csv', text: '\n\n' }]), 400, /^blank\.csv is empty/);
    expectJsonError(await upload([{ name: 'header.csv', text: 'Name,City\n' }]), 400, 'header.csv is not an IRS EO BMF extract: it has no EIN, ZIP, SUBSECTION columns.');
    expect(await charityCount()).toBe(before);
  });

  test('a refused file after good ones says which files went in before it, and the import is recorded with them', async () => {
    const good = bmfFile([{ ein: '000000601', name: 'BEFORE THE BAD FILE PANTRY', zip: '78701' }]);
    const res = await upload([
      { name: 'eo_good.csv', text: good },
      { name: 'members.csv', text: 'Name,City\nPantry,Austin\n' },
    ]);
    expectJsonError(
      res,
      400,
      'members.csv is not an IRS EO BMF extract: it has no EIN, ZIP, SUBSECTION columns. eo_good.csv was imported before it (1 added, 0 updated).',
    );
    const [record] = await t.database.db.select().from(charityImports).orderBy(desc(charityImports.id)).limit(1);
    expect(record).toMatchObject({ fileNames: ['eo_good.csv'], imported: 1 });
  });

  test('blank lines keep the reported line numbers the file’s own', async () => {
    const text = bmfFile([{ ein: '000000701', name: '', zip: '78701' }]).replace(/\r?\n/, '\n\n');
    const res = await upload([{ name: 'eo_gap.csv', text }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().problems).toEqual([{ file: 'eo_gap.csv', line: 3, ein: '000000701', reason: 'NAME is empty' }]);
  });

  test('a file without the extract’s columns answers 400 naming the file and the missing columns, and imports nothing', async () => {
    const before = await charityCount();
    const res = await upload([{ name: 'members.csv', text: 'Name,City,Zip\nEastside Pantry,Austin,78741\n' }]);
    expectJsonError(res, 400, 'members.csv is not an IRS EO BMF extract: it has no EIN, SUBSECTION columns.');
    const one = await upload([{ name: 'nearly.csv', text: 'EIN,NAME,ZIP\n000000501,NEARLY,78741\n' }]);
    expectJsonError(one, 400, 'nearly.csv is not an IRS EO BMF extract: it has no SUBSECTION column.');
    expect(await charityCount()).toBe(before);
  });

  test('a file that is not a .csv is refused before it is read', async () => {
    const before = await charityCount();
    const res = await upload([{ name: 'eo_tx.xlsx', text: bmfFile([{ ein: '000000601', name: 'XLSX PANTRY', zip: '78741' }]), type: 'application/vnd.ms-excel' }]);
    expectJsonError(res, 400, "eo_tx.xlsx is not a CSV file: upload the IRS extract's files, such as eo_tx.csv");
    expect(await charityCount()).toBe(before);
  });

  test('an upload without files, or not multipart at all, is refused', async () => {
    const { payload, headers } = await multipartFiles([]);
    const empty = await api(t, admin.cookie).post(IMPORT, payload, { headers });
    expectJsonError(empty, 400, 'Choose one or more IRS EO BMF files (eo_xx.csv) to import');
    expectJsonError(await admin.api.post(IMPORT, { files: ['eo_tx.csv'] }), 415, 'Send the files as multipart/form-data');
  });

  test('more than 50 refused rows: all are counted, the first 50 listed', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ ein: `9${String(i).padStart(2, '0')}`, name: `BAD EIN ${i}`, zip: '78741' }));
    const res = await upload([{ name: 'eo_bad.csv', text: bmfFile(rows) }]);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as CharityImportReport;
    expect(report).toMatchObject({ rowsRead: 60, imported: 0, rejected: 60 });
    expect(report.problems).toHaveLength(50);
    expect(report.problems[0]).toEqual({ file: 'eo_bad.csv', line: 2, ein: '900', reason: 'EIN must be 9 digits' });
    expect(report.problems[49]!.line).toBe(51);
  });

  test('an organisation listed twice in one file is filed once, with its last row', async () => {
    const res = await importText(t, 'eo_twice.csv', bmfFile([
      { ein: '000000701', name: 'TWICE FIRST', zip: '78741' },
      { ein: '000000701', name: 'TWICE SECOND', zip: '78702', ntee: 'X21' },
    ]));
    expect(res).toMatchObject({ rowsRead: 2, imported: 1, updated: 0 });
    const [row] = await t.database.db.select().from(charities).where(eq(charities.ein, '000000701'));
    expect(row).toMatchObject({ name: 'TWICE SECOND', zip: '78702', type: 'church' });
  });
});

describe('who may import', () => {
  test('an operator is refused (403) and a signed-out caller asked to sign in (401); neither imports', async () => {
    const before = await charityCount();
    const text = bmfFile([{ ein: '000000801', name: 'SNEAKY PANTRY', zip: '78741' }]);
    expectJsonError(await upload([{ name: 'eo_tx.csv', text }], operator.cookie), 403);
    const signedOut = await upload([{ name: 'eo_tx.csv', text }], '');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
    expectJsonError(await operator.api.get(DIRECTORY), 403);
    expect((await api(t).get(DIRECTORY)).statusCode).toBe(401);
    expect(await charityCount()).toBe(before);
  });
});

describe('GET /api/admin/charities', () => {
  test('counts the directory by source and type, and lists the imports newest first with who made them', async () => {
    const res = await admin.api.get(DIRECTORY);
    expect(res.statusCode, res.body).toBe(200);
    const directory = res.json() as CharityDirectory;
    const rows = await t.database.db.select().from(charities);
    const irs = rows.filter((row) => row.source === 'irs');
    expect(directory.bySource).toEqual({ irs: irs.length, example: 0, operator: 0 });
    expect(directory.total).toBe(irs.length);
    const byType = { church: 0, food_bank: 0, homeless_shelter: 0, community_center: 0, nonprofit: 0 };
    for (const row of irs) byType[row.type] += 1;
    expect(directory.byType).toEqual(byType);
    expect(byType.church).toBeGreaterThanOrEqual(4);

    const stored = await t.database.db.select().from(charityImports);
    expect(directory.imports).toHaveLength(Math.min(10, stored.length));
    const [newest] = directory.imports;
    // The newest record is the direct import of 'eo_twice.csv' (the command line's way: nobody named).
    expect(newest).toMatchObject({ fileNames: ['eo_twice.csv'], rowsRead: 2, imported: 1, by: null });
    // One record per upload, naming all its files.
    const uploaded = directory.imports.find((entry) => entry.fileNames.join() === 'eo_a.csv,eo_b.CSV');
    expect(uploaded).toMatchObject({ rowsRead: 3, imported: 2, rejected: 1, by: 'Ada Admin' });
    const times = directory.imports.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test('an operator’s own charities are counted apart from the directory', async () => {
    const created = await operator.api.post('/api/donation-hub/charities', { name: 'Counted Apart Pantry', zip: '78741' });
    expect(created.statusCode, created.body).toBe(201);
    const directory = (await admin.api.get(DIRECTORY)).json() as CharityDirectory;
    expect(directory.bySource.operator).toBe(1);
    expect(directory.total).toBe(directory.bySource.irs + directory.bySource.example);
    expect(Object.values(directory.byType).reduce((a, b) => a + b, 0)).toBe(directory.total);
  });
});

describe('the example records of a new install', () => {
  test('are imported as examples beside the IRS records, and are never shown as verified', async () => {
    const report = await seedExampleCharities(t.database.db);
    expect(report).toMatchObject({ rowsRead: 14, imported: 14, rejected: 0 });
    const examples = await t.database.db.select().from(charities).where(eq(charities.source, 'example'));
    expect(examples).toHaveLength(14);
    for (const row of examples) expect(row.ein).toMatch(/^00\d{7}$/);

    const search = await operator.api.get('/api/donation-hub/search?zipCode=78741&radius=5');
    expect(search.statusCode, search.body).toBe(200);
    const found = search.json() as Charity[];
    const example = found.find((charity) => charity.name === 'EXAMPLE EASTSIDE COMMUNITY FOOD PANTRY')!;
    expect(example).toMatchObject({ source: 'example', verified: false, addedByYou: false, ein: '00-0000101', contactPerson: 'MARIA EXAMPLE', distance: 0 });
    const listed = found.find((charity) => charity.name === 'SAMPLE FOOD BANK ONE')!;
    expect(listed).toMatchObject({ source: 'irs', verified: true });

    const directory = (await admin.api.get(DIRECTORY)).json() as CharityDirectory;
    expect(directory.bySource.example).toBe(14);
  });
});

describe('GET /api/donation-hub/directory after an import', () => {
  test('counts the IRS records', async () => {
    const status = (await operator.api.get('/api/donation-hub/directory')).json() as { irsRecords: number };
    expect(status.irsRecords).toBeGreaterThan(0);
  });
});
