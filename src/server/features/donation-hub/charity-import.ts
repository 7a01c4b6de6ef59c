import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { CharityImportReport } from '../../../shared/donation-hub.schemas.js';
import type { Database } from '../../db/client.js';
import { charities, charityImports } from '../../db/schema.js';
import { badRequest } from '../../http-errors.js';
import { readBmfRow, REQUIRED_BMF_COLUMNS, type BmfCharity } from './bmf-rows.js';
import { zipLocator, type ZipLocator } from './zip-locations.js';

/** Rows written per statement: 2,000 rows of 15 columns stay well inside PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 2000;
/** The report lists this many refused rows; the count covers all of them. */
const PROBLEMS_LISTED = 50;

export interface ImportFile {
  name: string;
  stream: Readable;
}

export interface ImportOptions {
  /** 'irs' for the extract; 'example' for the invented records a new install shows. */
  source: 'irs' | 'example';
  /** The admin who imported, for the record of imports; null from the command line. */
  userId: number | null;
}

export const emptyImportReport = (): CharityImportReport => ({
  files: [],
  rowsRead: 0,
  imported: 0,
  updated: 0,
  skippedNotCharitable: 0,
  rejected: 0,
  problems: [],
  seconds: 0,
});

/**
 * Reads IRS EO BMF extract files into the charity directory: 501(c)(3) organisations only, located
 * by their ZIP code's centroid, written by EIN so that a re-import updates and never duplicates.
 * Files are streamed and written in batches, so a state's file of several hundred thousand rows
 * never sits in memory whole. `files` may arrive one by one (an upload's parts). The import is
 * recorded once, with what was written, even when a file is refused partway; `report` then holds
 * what went in before the refusal.
 */
export async function importCharityFiles(
  db: Database,
  files: Iterable<ImportFile> | AsyncIterable<ImportFile>,
  options: ImportOptions,
  report: CharityImportReport = emptyImportReport(),
): Promise<CharityImportReport> {
  const started = performance.now();
  const locate = await zipLocator();
  try {
    for await (const file of files) {
      await importOneFile(db, file, options, locate, report);
      report.files.push(file.name);
    }
  } finally {
    report.seconds = Math.round((performance.now() - started) / 100) / 10;
    if (report.files.length > 0) {
      await db.insert(charityImports).values({
        userId: options.userId,
        fileNames: report.files,
        rowsRead: report.rowsRead,
        imported: report.imported,
        updated: report.updated,
        skippedNotCharitable: report.skippedNotCharitable,
        rejected: report.rejected,
      });
    }
  }
  return report;
}

async function importOneFile(db: Database, file: ImportFile, options: ImportOptions, locate: ZipLocator, report: CharityImportReport) {
  // Rows as arrays, empty lines kept, so that the line numbers reported are the file's own.
  // Papa Parse is loaded with the first import rather than at start.
  const { default: Papa } = await import('papaparse');
  const rows = file.stream.pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { header: false })) as AsyncIterable<string[]>;
  // Rows of one batch by EIN: a file that lists an organisation twice keeps its last row.
  let batch = new Map<string, BmfCharity & { latitude: number; longitude: number }>();
  let columns: string[] | null = null;
  let line = 0;
  const refuse = (ein: string | null, reason: string) => {
    report.rejected += 1;
    if (report.problems.length < PROBLEMS_LISTED) report.problems.push({ file: file.name, line, ein, reason });
  };
  for await (const cells of rows) {
    line += 1;
    if (cells.length === 1 && cells[0]!.trim() === '') continue;
    if (columns === null) {
      columns = cells.map((cell) => cell.trim().toUpperCase());
      assertBmfColumns(file.name, columns);
      continue;
    }
    report.rowsRead += 1;
    const outcome = readBmfRow(Object.fromEntries(columns.map((column, index) => [column, cells[index]])));
    if (outcome.kind === 'not-charitable') {
      report.skippedNotCharitable += 1;
      continue;
    }
    if (outcome.kind === 'rejected') {
      refuse(outcome.ein, outcome.reason);
      continue;
    }
    const point = locate(outcome.charity.zip);
    if (!point) {
      refuse(outcome.charity.ein, `ZIP code ${outcome.charity.zip} is not in the ZIP code table`);
      continue;
    }
    batch.set(outcome.charity.ein, { ...outcome.charity, latitude: point.latitude, longitude: point.longitude });
    if (batch.size >= BATCH_ROWS) {
      await writeBatch(db, [...batch.values()], options, report);
      batch = new Map();
    }
  }
  if (columns === null) throw badRequest(`${file.name} is empty: an IRS EO BMF extract starts with a header row (EIN, NAME, …).`);
  if (batch.size > 0) await writeBatch(db, [...batch.values()], options, report);
}

function assertBmfColumns(fileName: string, columns: string[]) {
  const missing = REQUIRED_BMF_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw badRequest(`${fileName} is not an IRS EO BMF extract: it has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}.`);
  }
}

async function writeBatch(db: Database, rows: (BmfCharity & { latitude: number; longitude: number })[], options: ImportOptions, report: CharityImportReport) {
  const written = await db
    .insert(charities)
    .values(rows.map((row) => ({ ...row, source: options.source })))
    .onConflictDoUpdate({
      target: charities.ein,
      set: {
        source: sql`excluded.source`,
        name: sql`excluded.name`,
        type: sql`excluded.type`,
        nteeCode: sql`excluded.ntee_code`,
        description: sql`excluded.description`,
        address: sql`excluded.address`,
        city: sql`excluded.city`,
        state: sql`excluded.state`,
        zip: sql`excluded.zip`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        contactPerson: sql`excluded.contact_person`,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = written.filter((row) => row.inserted).length;
  report.imported += inserted;
  report.updated += written.length - inserted;
}
