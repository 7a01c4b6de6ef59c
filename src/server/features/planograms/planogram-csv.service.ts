import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import {
  MAX_SLOTS,
  PLANOGRAM_CSV_COLUMNS,
  PlanogramMessages,
  SlotInputSchema,
  slotKey,
  type Planogram,
  type PlanogramCsvProblem,
  type SlotFields,
} from '../../../shared/planograms.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';
import { fileNamePart } from '../exports/exports.service.js';
import { productIdOfCell, readPlanogramCsv, writePlanogramCsv, type PlanogramCsvColumn, type PlanogramCsvLine } from './planogram-csv.js';
import { getPlanogram, planogramMachine, savePlanogram } from './planograms.service.js';

/** A planogram's CSV export and import: the file's product names matched to the operator's catalogue. */

type Reader = Pick<Database, 'select'>;
/** A name as the catalogue lookup compares it; the database's lower() does the same to the stored names. */
const nameKey = (name: string) => name.trim().toLowerCase();
const productNameKey = sql<string>`lower(btrim(${products.name}))`;

/** Names that more than one of the operator's products answer to: the export gives those products by id. */
async function sharedNames(db: Reader, userId: number, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ key: productNameKey })
    .from(products)
    .where(and(eq(products.userId, userId), inArray(productNameKey, [...new Set(names.map(nameKey))])))
    .groupBy(productNameKey)
    .having(sql`${count()} > 1`);
  return new Set(rows.map((row) => row.key));
}

export async function exportPlanogramCsv(ctx: AppContext, userId: number, machineId: number): Promise<{ fileName: string; csv: string }> {
  const machine = await planogramMachine(ctx, userId, machineId);
  const { slots } = await getPlanogram(ctx, userId, machineId);
  const shared = await sharedNames(ctx.db, userId, slots.flatMap((slot) => (slot.productName === null ? [] : [slot.productName])));
  // '#12' wherever the name would not come back as this product: shared, blank, or itself read as an id.
  const productLabel = (id: number | null, name: string | null) =>
    id === null ? '' : name === null || name.trim() === '' || shared.has(nameKey(name)) || productIdOfCell(name.trim()) !== null ? `#${id}` : name.trim();
  const csv = writePlanogramCsv(slots.map((slot) => ({ ...slot, product: productLabel(slot.productId, slot.productName) })));
  return { fileName: `planogram-${fileNamePart(machine.name, `machine-${machine.id}`)}.csv`, csv };
}

type Catalogue = { ids: Set<number>; idsByName: Map<string, number[]> };

/** The operator's products the file names, by '#id' or by name, in one query. */
async function catalogueFor(db: Reader, userId: number, cells: readonly string[]): Promise<Catalogue> {
  const ids = cells.flatMap((cell) => productIdOfCell(cell) ?? []);
  const names = [...new Set(cells.filter((cell) => cell !== '' && productIdOfCell(cell) === null).map(nameKey))];
  const catalogue: Catalogue = { ids: new Set(), idsByName: new Map() };
  if (ids.length === 0 && names.length === 0) return catalogue;
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.userId, userId), or(ids.length ? inArray(products.id, ids) : undefined, names.length ? inArray(productNameKey, names) : undefined)));
  for (const row of rows) {
    catalogue.ids.add(row.id);
    catalogue.idsByName.set(nameKey(row.name), [...(catalogue.idsByName.get(nameKey(row.name)) ?? []), row.id]);
  }
  return catalogue;
}

/** The product a cell names: null for an empty slot, or the message saying why it names none. */
function productOfCell(cell: string, catalogue: Catalogue): { id: number | null } | { problem: string } {
  if (cell === '') return { id: null };
  const id = productIdOfCell(cell);
  if (id !== null) return catalogue.ids.has(id) ? { id } : { problem: PlanogramMessages.csvProductUnknown(cell) };
  const matches = catalogue.idsByName.get(nameKey(cell)) ?? [];
  if (matches.length === 1) return { id: matches[0]! };
  return { problem: matches.length === 0 ? PlanogramMessages.csvProductUnknown(cell) : PlanogramMessages.csvProductAmbiguous(cell) };
}

/** A whole-number cell as a number, so the schema's messages speak of it; anything else goes as text for the schema to refuse. */
const numberOfCell = (cell: string) => (cell === '' ? undefined : /^[+-]?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell);
/** '1,50' from a spreadsheet in a decimal-comma locale is 1.50. */
const priceOfCell = (cell: string) => (/^\d{1,6},\d{1,2}$/.test(cell) ? cell.replace(',', '.') : cell);
const COLUMN_OF_FIELD: Record<string, PlanogramCsvColumn> = { code: 'code', productId: 'product', capacity: 'capacity', par: 'par', price: 'price' };

/** Every problem of one line, in the order of the columns, and the slot when it has none. */
function slotOfLine({ cells }: PlanogramCsvLine, catalogue: Catalogue, codesSeen: Set<string>) {
  const found: { column: PlanogramCsvColumn; message: string }[] = [];
  const product = productOfCell(cells.product, catalogue);
  if ('problem' in product) found.push({ column: 'product', message: product.problem });
  const parsed = SlotInputSchema.safeParse({
    code: cells.code,
    productId: 'id' in product ? product.id : null,
    capacity: numberOfCell(cells.capacity),
    par: numberOfCell(cells.par),
    price: priceOfCell(cells.price),
  });
  for (const issue of parsed.error?.issues ?? []) found.push({ column: COLUMN_OF_FIELD[String(issue.path[0])] ?? 'code', message: issue.message });
  if (!found.some((problem) => problem.column === 'code') && cells.code !== '') {
    if (codesSeen.has(slotKey(cells.code))) found.push({ column: 'code', message: PlanogramMessages.codeRepeated });
    codesSeen.add(slotKey(cells.code));
  }
  found.sort((a, b) => PLANOGRAM_CSV_COLUMNS.indexOf(a.column) - PLANOGRAM_CSV_COLUMNS.indexOf(b.column));
  return { slot: parsed.success && found.length === 0 ? parsed.data : null, messages: [...new Set(found.map((problem) => problem.message))] };
}

/**
 * Replaces the machine's planogram with the file's slots, or changes nothing: any problem on any
 * line is a 400 listing them all by line, `errors` keyed 'line 3' and `problems` in file order.
 */
export async function importPlanogramCsv(ctx: AppContext, userId: number, machineId: number, text: string): Promise<Planogram> {
  await planogramMachine(ctx, userId, machineId);
  const { lines, problems } = await readPlanogramCsv(text);
  const catalogue = await catalogueFor(ctx.db, userId, lines.map((line) => line.cells.product));
  const codesSeen = new Set<string>();
  const slots: SlotFields[] = [];
  for (const line of lines) {
    const { slot, messages } = slotOfLine(line, catalogue, codesSeen);
    if (slot) slots.push(slot);
    problems.push(...messages.map((message) => ({ line: line.line, message })));
  }
  if (lines.length > MAX_SLOTS) problems.push({ line: lines[MAX_SLOTS]!.line, message: PlanogramMessages.slotsTooMany });
  if (problems.length > 0) throw new PlanogramCsvRefusal(problems);
  return savePlanogram(ctx, userId, machineId, { slots });
}

/**
 * The 400 for a file with problems: an HttpError, so it answers like any other (`errors` keyed
 * 'line 3', a line's messages joined), and `problems` for the import route to add to the body.
 */
export class PlanogramCsvRefusal extends HttpError {
  readonly problems: PlanogramCsvProblem[];
  constructor(problems: PlanogramCsvProblem[]) {
    const inOrder = [...problems].sort((a, b) => a.line - b.line);
    const errors: Record<string, string> = {};
    for (const { line, message } of inOrder) {
      const key = `line ${line}`;
      errors[key] = errors[key] ? `${errors[key]}; ${message}` : message;
    }
    super(400, PlanogramMessages.csvRefused(Object.keys(errors).length), errors);
    this.problems = inOrder;
  }
}
