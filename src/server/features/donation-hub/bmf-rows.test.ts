import { describe, expect, test } from 'vitest';
import { charityTypeOf, describeNtee, formatEin, nteeCodeOf, readBmfRow } from './bmf-rows.js';

describe('nteeCodeOf', () => {
  test.each([
    ['K31', 'K31'],
    ['k31', 'K31'],
    ['X22Z', 'X22'],
    ['K310', 'K31'],
    [' p85 ', 'P85'],
    ['Z99', 'Z99'],
  ])('%j is %s', (raw, code) => {
    expect(nteeCodeOf(raw)).toBe(code);
  });

  test.each([[''], ['   '], [undefined], ['31'], ['K3'], ['KK1'], ['3K1']])('%j holds no code', (raw) => {
    expect(nteeCodeOf(raw)).toBeNull();
  });
});

describe('charityTypeOf', () => {
  test.each([
    ['X20', 'church'],
    ['X21', 'church'],
    ['X22', 'church'],
    ['K30', 'food_bank'],
    ['K31', 'food_bank'],
    ['K34', 'food_bank'],
    ['K35', 'food_bank'],
    ['L41', 'homeless_shelter'],
    ['P85', 'homeless_shelter'],
    ['P20', 'community_center'],
    ['P28', 'community_center'],
  ])('%s is a %s', (code, type) => {
    expect(charityTypeOf(code)).toBe(type);
  });

  test.each([['X23'], ['X30'], ['K32'], ['K36'], ['L40'], ['L42'], ['P21'], ['P84'], ['B11'], ['Z99']])('every other code (%s) is a nonprofit', (code) => {
    expect(charityTypeOf(code)).toBe('nonprofit');
  });

  test('no code is a nonprofit', () => {
    expect(charityTypeOf(null)).toBe('nonprofit');
  });
});

describe('describeNtee', () => {
  test('the mapped codes by their own names, the others by their major group, none as listed by the IRS', () => {
    expect(describeNtee('K31')).toBe('Food Banks & Pantries (NTEE K31)');
    expect(describeNtee('X22')).toBe('Roman Catholic (NTEE X22)');
    expect(describeNtee('P28')).toBe('Neighborhood Centers (NTEE P28)');
    expect(describeNtee('B11')).toBe('Education (NTEE B11)');
    expect(describeNtee('N63')).toBe('Recreation & Sports (NTEE N63)');
    expect(describeNtee('Z99')).toBe('Unknown (NTEE Z99)');
    expect(describeNtee(null)).toBe('501(c)(3) organization listed by the IRS');
  });
});

/** A row as the importer hands it over: the extract's column names, in capitals. */
const row = (fields: Record<string, string | undefined> = {}) => ({
  EIN: '000000201',
  NAME: 'SAMPLE FOOD BANK ONE',
  ICO: '',
  STREET: '10 TEST ST',
  CITY: 'AUSTIN',
  STATE: 'TX',
  ZIP: '78741',
  SUBSECTION: '03',
  NTEE_CD: 'K31',
  ...fields,
});

describe('readBmfRow', () => {
  test('a 501(c)(3) row becomes a directory record', () => {
    expect(readBmfRow(row({ ICO: '% JANE DOE', ZIP: '78741-1234' }))).toEqual({
      kind: 'charity',
      charity: {
        ein: '000000201',
        name: 'SAMPLE FOOD BANK ONE',
        nteeCode: 'K31',
        type: 'food_bank',
        description: 'Food Banks & Pantries (NTEE K31)',
        address: '10 TEST ST',
        city: 'AUSTIN',
        state: 'TX',
        zip: '78741',
        contactPerson: 'JANE DOE',
      },
    });
  });

  test.each([['03'], ['3'], ['003'], [' 03 ']])('SUBSECTION %j is 501(c)(3)', (subsection) => {
    expect(readBmfRow(row({ SUBSECTION: subsection })).kind).toBe('charity');
  });

  test.each([['04'], ['05'], ['30'], ['13'], ['00'], [''], [undefined]])('SUBSECTION %j is skipped as not charitable, before anything else is read', (subsection) => {
    expect(readBmfRow(row({ SUBSECTION: subsection, EIN: 'bad', NAME: '' }))).toEqual({ kind: 'not-charitable' });
  });

  test('the EIN: nine digits, with or without the dash; anything else is refused with the reason', () => {
    expect(readBmfRow(row({ EIN: '12-3456789' }))).toMatchObject({ kind: 'charity', charity: { ein: '123456789' } });
    expect(readBmfRow(row({ EIN: '12345' }))).toEqual({ kind: 'rejected', ein: '12345', reason: 'EIN must be 9 digits' });
    expect(readBmfRow(row({ EIN: '1234567890' }))).toEqual({ kind: 'rejected', ein: '1234567890', reason: 'EIN must be 9 digits' });
    expect(readBmfRow(row({ EIN: '' }))).toEqual({ kind: 'rejected', ein: null, reason: 'EIN must be 9 digits' });
    expect(readBmfRow(row({ EIN: undefined }))).toEqual({ kind: 'rejected', ein: null, reason: 'EIN must be 9 digits' });
  });

  test('a row without a name, or without a 5-digit ZIP code or ZIP+4, is refused', () => {
    expect(readBmfRow(row({ NAME: '   ' }))).toEqual({ kind: 'rejected', ein: '000000201', reason: 'NAME is empty' });
    for (const zip of ['ABCDE', '7874', '787411', '78741-12', '', 'Austin 78741']) {
      expect(readBmfRow(row({ ZIP: zip }))).toEqual({ kind: 'rejected', ein: '000000201', reason: 'ZIP must be 5 digits, or ZIP+4' });
    }
    for (const zip of ['78741', '78741-1234', '787411234', ' 78741 ']) {
      expect(readBmfRow(row({ ZIP: zip }))).toMatchObject({ kind: 'charity', charity: { zip: '78741' } });
    }
  });

  test('the care-of name is the contact person without its %; runs of spaces are collapsed; long fields are cut', () => {
    const read = (fields: Record<string, string>) => {
      const outcome = readBmfRow(row(fields));
      if (outcome.kind !== 'charity') throw new Error(`not a charity: ${JSON.stringify(outcome)}`);
      return outcome.charity;
    };
    expect(read({ ICO: '%JANE   DOE' }).contactPerson).toBe('JANE DOE');
    expect(read({ ICO: 'C/O JOHN ROE' }).contactPerson).toBe('C/O JOHN ROE');
    expect(read({ ICO: '  ' }).contactPerson).toBeNull();
    expect(read({ ICO: '%' }).contactPerson).toBeNull();
    expect(read({ NAME: ' SAMPLE    FOOD  BANK ', STREET: '10   TEST  ST', CITY: 'SAN   MARCOS' })).toMatchObject({ name: 'SAMPLE FOOD BANK', address: '10 TEST ST', city: 'SAN MARCOS' });
    expect(read({ NAME: 'N'.repeat(250) }).name).toHaveLength(200);
    expect(read({ ICO: `% ${'C'.repeat(150)}` }).contactPerson).toHaveLength(120);
  });

  test('the state in capitals when it is a two-letter code, else blank; no NTEE code makes a nonprofit', () => {
    const charity = readBmfRow(row({ STATE: 'tx', NTEE_CD: '' }));
    expect(charity).toMatchObject({ kind: 'charity', charity: { state: 'TX', nteeCode: null, type: 'nonprofit', description: '501(c)(3) organization listed by the IRS' } });
    expect(readBmfRow(row({ STATE: 'TEXAS' }))).toMatchObject({ charity: { state: '' } });
    const { NTEE_CD: _dropped, ...withoutColumn } = row();
    expect(readBmfRow(withoutColumn)).toMatchObject({ charity: { nteeCode: null, type: 'nonprofit' } });
  });
});

test('formatEin writes the EIN as the IRS does', () => {
  expect(formatEin('123456789')).toBe('12-3456789');
  expect(formatEin('000000201')).toBe('00-0000201');
});
