import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { charities, users } from '../../src/server/db/schema.js';
import { importCharityFiles } from '../../src/server/features/donation-hub/charity-import.js';
import type { DonationLineInput, DonationRecord, RecordDonationInput } from '../../src/shared/donation-hub.schemas.js';
import type { TestApp } from '../support/index.js';

/** The small IRS EO BMF extract kept for tests (its rows are described in donation-hub-import.test.ts). */
export const SAMPLE_FILE = new URL('../fixtures/eo-bmf-sample.csv', import.meta.url).pathname;

/** The extract's columns, in its order; generated files use the same header. */
export const BMF_HEADER =
  'EIN,NAME,ICO,STREET,CITY,STATE,ZIP,GROUP,SUBSECTION,AFFILIATION,CLASSIFICATION,RULING,DEDUCTIBILITY,FOUNDATION,ACTIVITY,ORGANIZATION,STATUS,TAX_PERIOD,ASSET_CD,INCOME_CD,FILING_REQ_CD,PF_FILING_REQ_CD,ACCT_PD,ASSET_AMT,INCOME_AMT,REVENUE_AMT,NTEE_CD,SORT_NAME';

export interface BmfRowFields {
  ein: string;
  name: string;
  ico?: string;
  street?: string;
  city?: string;
  state?: string;
  zip: string;
  subsection?: string;
  ntee?: string;
}

/** One line of the extract, with the fields the importer reads and the usual filler in the others. */
export function bmfLine(row: BmfRowFields): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [
    row.ein,
    quote(row.name),
    quote(row.ico ?? ''),
    quote(row.street ?? '1 TEST ST'),
    row.city ?? 'AUSTIN',
    row.state ?? 'TX',
    row.zip,
    '0000',
    row.subsection ?? '03',
    '3,1000,201001,1,15,000000000,1,01,202312,3,3,01,0,12,150000,90000,85000',
    row.ntee ?? '',
    '',
  ].join(',');
}

export const bmfFile = (rows: BmfRowFields[]) => `${BMF_HEADER}\n${rows.map(bmfLine).join('\n')}\n`;

/** Imports extract files straight through the importer, as the command line does. */
export function importText(t: TestApp, name: string, text: string, source: 'irs' | 'example' = 'irs') {
  return importCharityFiles(t.database.db, [{ name, stream: Readable.from([text]) }], { source, userId: null });
}

export function importSample(t: TestApp) {
  return importCharityFiles(t.database.db, [{ name: 'eo-bmf-sample.csv', stream: createReadStream(SAMPLE_FILE) }], { source: 'irs', userId: null });
}

/** The directory's id of the organisation with this EIN ('000000201'). */
export async function charityIdByEin(t: TestApp, ein: string): Promise<number> {
  const [row] = await t.database.db.select({ id: charities.id }).from(charities).where(eq(charities.ein, ein));
  if (!row) throw new Error(`No charity with EIN ${ein}`);
  return row.id;
}

export async function setTimeZone(t: TestApp, userId: number, timeZone: string) {
  await t.database.db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

/** The calendar day in a time zone, as the server computes it ('2026-11-26'). */
export function dayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A calendar day moved by whole days ('2026-03-01' minus 1 is '2026-02-28'). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The operators the tests make live in New York (the column's default). */
export const OPERATOR_ZONE = 'America/New_York';
export const thisYear = () => Number(dayIn(OPERATOR_ZONE).slice(0, 4));

export const line = (name: string, quantity: number, unitValue: string, extra: Partial<DonationLineInput> = {}): DonationLineInput => ({
  name,
  quantity,
  unitValue,
  ...extra,
});

export function donationBody(charityId: number, products: DonationLineInput[], extra: Partial<RecordDonationInput> = {}): RecordDonationInput {
  return { charityId, charityName: 'As the dialog shows it', products, ...extra };
}

type Caller = { post: (url: string, body?: unknown) => Promise<{ statusCode: number; body: string; json: () => unknown }> };

/** Records a donation that must succeed, and returns the record. */
export async function record(call: Caller, body: RecordDonationInput): Promise<DonationRecord> {
  const res = await call.post('/api/donation-hub/record', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DonationRecord;
}

/** The text of a PDF, one string per page, with runs of white space as one space. */
export async function pdfPages(body: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { totalPages, text } = await extractText(document, { mergePages: false });
  expect(text).toHaveLength(totalPages);
  return text.map((page) => page.replace(/\s+/g, ' ').trim());
}

export const pdfText = async (body: Buffer) => (await pdfPages(body)).join(' ');

/** A multipart body as a browser's FormData sends it. */
export async function multipartFiles(files: { name: string; text: string | Buffer; type?: string }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([typeof file.text === 'string' ? file.text : new Uint8Array(file.text)], { type: file.type ?? 'text/csv' }), file.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
