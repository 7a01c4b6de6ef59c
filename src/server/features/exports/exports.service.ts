import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ExportDataset, ExportQuery } from '../../../shared/exports.schemas.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { spreadsheetCsvHeader, spreadsheetCsvLines } from '../../integrations/spreadsheet-csv.js';
import { loggableError } from '../../plugins/error-handler.js';
import { ownerPreferences } from '../stock/purchase-list.service.js';
import { ownedMachine } from '../stock/restocks.service.js';
import { highestId, type ExportContext, type ExportDefinition, type ExportScope } from './export-definition.js';
import type { Currency } from '../../../shared/money.js';
import { issueExport, magnetOrderExport, suggestionExport } from './record-exports.js';
import { productExport, voteExport } from './vote-exports.js';

/** The columns and the batch query of every export. */
const EXPORT_DEFINITIONS: Record<ExportDataset, ExportDefinition> = {
  votes: voteExport,
  products: productExport,
  suggestions: suggestionExport,
  'vending-issues': issueExport,
  'magnet-orders': magnetOrderExport,
};

/** Rows per query: large enough that a million rows take 200 round trips, small enough to hold a batch at a time. */
export const EXPORT_BATCH_ROWS = 5_000;
const CSV_SLICE_ROWS = 250;

/** Everything one file needs, settled before its first byte is sent (so a refusal is still a JSON answer). */
export interface ExportPlan {
  dataset: ExportDataset;
  scope: ExportScope;
  /** The highest id when the download started: rows added while it streams belong to the next export. */
  ceiling: number;
  fileName: string;
}

/** The start of a day on the operator's calendar, as an instant (PostgreSQL knows every zone's rules). */
async function periodInstants(ctx: AppContext, timeZone: string, from?: string, to?: string): Promise<{ start?: Date; end?: Date }> {
  if (!from && !to) return {};
  const [row] = await queryRows<{ start: number | null; end: number | null }>(
    ctx.db,
    sql`select
      extract(epoch from (${from ?? null}::date::timestamp at time zone ${timeZone}))::float8 as "start",
      extract(epoch from ((${to ?? null}::date + 1)::timestamp at time zone ${timeZone}))::float8 as "end"`,
  );
  const instant = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? undefined : new Date(Number(seconds) * 1000));
  return { start: instant(row?.start), end: instant(row?.end) };
}

/** A machine's name as it can stand in a file name: 'Café Lobby #2' → 'cafe-lobby-2'. */
export function fileNamePart(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** 'votes_front-lobby_2025-01-01_to_2025-01-31.csv': what is in the file, from where and when. */
export function exportFileName(dataset: ExportDataset, machine: { id: number; name: string } | undefined, from?: string, to?: string): string {
  const where = machine ? fileNamePart(machine.name, `machine-${machine.id}`) : 'all-machines';
  const when = from && to ? `${from}_to_${to}` : from ? `from_${from}` : to ? `until_${to}` : 'all-time';
  return `${dataset}_${where}_${when}.csv`;
}

/**
 * Checks the request and fixes what the file will hold. A machine that is not the operator's is a
 * 404, exactly like a missing one; the period's days are read on the operator's calendar.
 */
export async function planExport(ctx: AppContext, ownerId: number, dataset: ExportDataset, query: ExportQuery): Promise<ExportPlan> {
  const machine = query.machineId === undefined ? undefined : await ownedMachine(ctx.db, ownerId, query.machineId);
  const { currency, timeZone } = await ownerPreferences(ctx, ownerId);
  const period = await periodInstants(ctx, timeZone, query.from, query.to);
  const definition = EXPORT_DEFINITIONS[dataset];
  return {
    dataset,
    scope: { ownerId, machineId: machine?.id, currency, ...period },
    ceiling: await highestId(ctx, definition),
    fileName: exportFileName(dataset, machine, query.from, query.to),
  };
}

/** The whole of one dataset of the owner's, every machine and all time: the account's data export. */
export async function planWholeExport(ctx: ExportContext, ownerId: number, dataset: ExportDataset, currency: Currency): Promise<ExportPlan> {
  const definition = EXPORT_DEFINITIONS[dataset];
  return { dataset, scope: { ownerId, currency }, ceiling: await highestId(ctx, definition), fileName: exportFileName(dataset, undefined) };
}

/**
 * The file as text in parts: the header, then one part per batch of rows, read in order of id a
 * batch at a time. The caller pulls the next part only when the last one is sent (a Readable made
 * from this generator), so memory holds one batch whatever the size of the export. No transaction
 * spans the batches: on the embedded database that would hold its only connection for the whole
 * download, and on a server a connection per download.
 */
export async function* exportCsvParts(ctx: ExportContext, plan: ExportPlan, log: FastifyBaseLogger): AsyncGenerator<string> {
  const definition = EXPORT_DEFINITIONS[plan.dataset];
  yield spreadsheetCsvHeader(definition.headers(plan.scope));
  let afterId = 0;
  for (;;) {
    let rows;
    try {
      rows = await definition.batch(ctx, plan.scope, { afterId, ceiling: plan.ceiling, limit: EXPORT_BATCH_ROWS });
    } catch (error) {
      // The answer has started, so it can only be cut short; the log keeps the query, never its values.
      log.error({ err: loggableError(error), dataset: plan.dataset }, 'export failed while streaming');
      throw new Error('The export stopped before its end.');
    }
    // Written a slice at a time: text of a few dozen KB dies young, where one string per batch
    // (half a megabyte) would wait for a full garbage collection and swell the process meanwhile.
    for (let start = 0; start < rows.length; start += CSV_SLICE_ROWS) {
      yield spreadsheetCsvLines(rows.slice(start, start + CSV_SLICE_ROWS).map((row) => row.cells));
    }
    if (rows.length < EXPORT_BATCH_ROWS) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
