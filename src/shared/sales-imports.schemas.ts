import { z } from 'zod';
import { idSchema, MAX_ID, NotFoundMessages } from './ids.js';
import { countOf } from './wording.js';

/**
 * Sales files from the machines: DEX audit files (EVA-DTS) and telemetry providers' CSV exports,
 * sent by upload in the app or by an operator's script with an API token. Each file is taken once,
 * known by its content; a file that cannot be read whole changes nothing.
 */

export const SALES_IMPORTS_API = '/api/sales/imports';
export const TELEMETRY_MAPPINGS_API = '/api/sales/mappings';
/** A DEX file is a few KB; a year of a telemetry provider's transactions is tens of MB. */
export const SALES_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const FILE_NAME_MAX_LENGTH = 200;
/** Lines a report names one by one; past this it counts the rest. */
export const REPORT_MAX_LINES = 1_000;
export const SALES_IMPORT_LIST_LIMIT = 50;

export const SALES_IMPORT_KINDS = ['dex', 'csv'] as const;
export type SalesImportKind = (typeof SALES_IMPORT_KINDS)[number];
export const SALES_IMPORT_STATUSES = ['imported', 'already-imported', 'needs-mapping', 'refused'] as const;
export type SalesImportStatus = (typeof SALES_IMPORT_STATUSES)[number];

export const SalesImportMessages = {
  empty: 'The file is empty',
  tooLarge: `A sales file can be at most ${SALES_FILE_MAX_BYTES / 1024 / 1024} MB`,
  notText: 'This is not a DEX audit file or a CSV export: it is not text',
  fileNameTooLong: `The file name must be at most ${FILE_NAME_MAX_LENGTH} characters`,
  readAtInvalid: 'readAt must be a date and time such as 2026-05-01T09:30:00Z',
  readAtFuture: 'The time the file was read cannot be in the future',
  alreadyImported: (when: string) => `This file was imported on ${when}; the same file again changes nothing`,
  repeatedSales: (lines: number, units: number, firstLine: number) =>
    `${countOf(lines, 'line')} from line ${firstLine} (${countOf(units, 'unit')}): already imported from an earlier file with the same transaction IDs, so not counted again`,
  unknownSerial: (serial: string) => `No machine of yours has the serial number ${serial}: add it to the machine’s serial number field, then send the file again`,
  ambiguousSerial: (serial: string, count: number) => `${count} of your machines have the serial number ${serial}: give each its own, then send the file again`,
  machineNotFound: NotFoundMessages.machine,
  serialOfAnotherMachine: (serial: string, machine: string) => `The file is from serial number ${serial}, which is ${machine}, not the machine chosen`,
  noSerial: 'The file names no machine (its ID1 serial is empty): choose the machine it is from, then send it again',
  olderThanLatest: (machine: string, latest: string) =>
    `${machine} already has an audit read on ${latest}, after this one: send a machine's files in the order they were read`,
  checkFailed: 'The file’s G85 check does not match its content: it was damaged on the way, so nothing was imported. Read the machine again.',
  needsMapping: 'Tell VendVote which column is which; files of the same shape then import without questions',
  ambiguousMachineName: (name: string, count: number) =>
    `${count} of your machines are called ${name} and none has it as its serial number: give the machines their serial numbers, then send the file again`,
  noHeader: 'The file has no header line naming its columns',
  mappingNotFound: 'Column mapping not found',
  mappingColumnMissing: (column: string) => `The file has no column “${column}”`,
  mappingColumnTwice: 'Each column can play only one part',
  mappingNeedsSelectionOrProduct: 'Choose the column with the selection code or the one with the product name',
  columnsInvalid: 'Columns must be the header’s column names',
  importNotFound: 'Import not found',
} as const;

/** `?fileName=&readAt=&machineId=` on `POST /api/sales/imports` (the body is the file itself). */
export const SalesImportQuerySchema = z.object({
  fileName: z.string().trim().max(FILE_NAME_MAX_LENGTH, SalesImportMessages.fileNameTooLong).optional(),
  /** When a DEX file was read at the machine, if not just now (a script forwarding yesterday's files). */
  readAt: z
    .string({ error: SalesImportMessages.readAtInvalid })
    .pipe(z.iso.datetime({ offset: true, error: SalesImportMessages.readAtInvalid }))
    .transform((value) => new Date(value))
    .refine((date) => date.getTime() <= Date.now() + 5 * 60_000, SalesImportMessages.readAtFuture)
    .optional(),
  /** For a DEX file that names no machine (an empty ID101): the machine it was read from. */
  machineId: idSchema('machine').optional(),
});
export type SalesImportQuery = z.input<typeof SalesImportQuerySchema>;
export type SalesImportOptions = z.output<typeof SalesImportQuerySchema>;

/** 'note': read and used, with something worth knowing (a warning of the file's). */
export const LINE_OUTCOMES = ['imported', 'skipped', 'baseline', 'note', 'problem'] as const;
export type LineOutcome = (typeof LINE_OUTCOMES)[number];

/** What became of one line of the file. */
export const ImportLineSchema = z.object({
  line: z.number().int(),
  outcome: z.enum(LINE_OUTCOMES),
  message: z.string(),
});
export type ImportLine = z.infer<typeof ImportLineSchema>;

/** Sales the file brought to one machine. */
export const ImportMachineSchema = z.object({
  machineId: z.number().int(),
  machineName: z.string(),
  units: z.number().int(),
  /** Money taken, when the file gives it. */
  value: z.string().nullable(),
  /** For a DEX audit: when it was read; the sales run from the audit before it. */
  readAt: z.string().nullable(),
});

/** The roles a telemetry CSV's columns can play. */
export const MAPPING_ROLES = ['machine', 'selection', 'product', 'time', 'timeOfDay', 'quantity', 'price', 'transactionId'] as const;
export type MappingRole = (typeof MAPPING_ROLES)[number];
export const DATE_ORDERS = ['ymd', 'mdy', 'dmy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/** Which column (by its header text) plays each role; a role not in the file is null. */
export const TelemetryMappingFieldsSchema = z.strictObject({
  machine: z.string({ error: 'Choose the column that names the machine' }).min(1, 'Choose the column that names the machine'),
  /** The selection code keyed (A1); either this or `product` is needed. */
  selection: z.string().min(1).nullable(),
  /** The product's name as the provider writes it. */
  product: z.string().min(1).nullable(),
  time: z.string({ error: 'Choose the column with the time of the sale' }).min(1, 'Choose the column with the time of the sale'),
  /**
   * When the file gives the date and the time of day in two columns (Cantaloupe's Tran Date and
   * Tran Time): the time-of-day column, and `time` is the date's. Mappings saved before it read null.
   */
  timeOfDay: z.string().min(1).nullable().default(null),
  /** Units in the line; without it each line is one unit. */
  quantity: z.string().min(1).nullable(),
  /** The line's amount (what the customer paid for the line). */
  price: z.string().min(1).nullable(),
  /**
   * The provider's id of each sale. With it, a sale that two exports both hold (files that overlap
   * in time) is stored once. Mappings saved before it read null.
   */
  transactionId: z.string().min(1).nullable().default(null),
  /** How dates like 03/04/2026 are read; dates written year first need no choice. */
  dateOrder: z.enum(DATE_ORDERS).default('ymd'),
});
export type TelemetryMappingFields = z.output<typeof TelemetryMappingFieldsSchema>;
export type TelemetryMappingInput = z.input<typeof TelemetryMappingFieldsSchema>;

export const MAPPING_MAX_COLUMNS = 200;
export const COLUMN_NAME_MAX_LENGTH = 200;

/**
 * `POST /api/sales/mappings`: the mapping for files whose header has these columns. Every column it
 * names must be one of them, no column plays two parts, and a sale needs its selection or product.
 */
export const TelemetryMappingInputSchema = z
  .strictObject({
    columns: z
      .array(z.string({ error: SalesImportMessages.columnsInvalid }).max(COLUMN_NAME_MAX_LENGTH, SalesImportMessages.columnsInvalid), {
        error: SalesImportMessages.columnsInvalid,
      })
      .min(1, SalesImportMessages.columnsInvalid)
      .max(MAPPING_MAX_COLUMNS, SalesImportMessages.columnsInvalid),
    mapping: TelemetryMappingFieldsSchema,
  })
  .superRefine(({ columns, mapping }, context) => {
    // Columns compare as the file's shape does (trimmed, without case): one mapping serves them all.
    const key = (column: string) => column.trim().toLowerCase();
    const inFile = new Set(columns.map(key));
    const used = new Set<string>();
    for (const role of MAPPING_ROLES) {
      const column = mapping[role];
      if (column === null) continue;
      const path = ['mapping', role];
      if (!inFile.has(key(column))) context.addIssue({ code: 'custom', path, message: SalesImportMessages.mappingColumnMissing(column) });
      else if (used.has(key(column))) context.addIssue({ code: 'custom', path, message: SalesImportMessages.mappingColumnTwice });
      used.add(key(column));
    }
    if (mapping.selection === null && mapping.product === null) {
      context.addIssue({ code: 'custom', path: ['mapping', 'selection'], message: SalesImportMessages.mappingNeedsSelectionOrProduct });
    }
  });
export type TelemetryMappingRequest = z.input<typeof TelemetryMappingInputSchema>;

export const TelemetryMappingSchema = z.object({
  id: z.number().int(),
  columns: z.array(z.string()),
  mapping: TelemetryMappingFieldsSchema,
  updatedAt: z.string(),
});
export type TelemetryMapping = z.infer<typeof TelemetryMappingSchema>;
export const TelemetryMappingListSchema = z.array(TelemetryMappingSchema);

/** What an import did, or why it did nothing. */
export const SalesImportReportSchema = z.object({
  /** The stored import; null when nothing was stored (refused, or waiting for a mapping). */
  id: z.number().int().nullable(),
  kind: z.enum(SALES_IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(SALES_IMPORT_STATUSES),
  /** One sentence saying what happened. */
  summary: z.string(),
  receivedAt: z.string(),
  machines: z.array(ImportMachineSchema),
  units: z.number().int(),
  /** Lines named one by one (skipped, baselines, problems; imported lines past the first few are counted). */
  lines: z.array(ImportLineSchema),
  /** Lines past REPORT_MAX_LINES, counted. */
  moreLines: z.number().int(),
  /** Serials in the file that name none of the operator's machines. */
  unknownSerials: z.array(z.string()),
  /** For a CSV of a shape not seen before: its columns, a few lines, and a guess at which is which. */
  mapping: z
    .object({
      columns: z.array(z.string()),
      sample: z.array(z.array(z.string())),
      suggested: TelemetryMappingFieldsSchema.partial(),
    })
    .nullable(),
});
export type SalesImportReport = z.infer<typeof SalesImportReportSchema>;

/** `GET /api/sales/imports`: the newest first. */
export const SalesImportSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(SALES_IMPORT_KINDS),
  fileName: z.string(),
  source: z.enum(['upload', 'api']),
  summary: z.string(),
  units: z.number().int(),
  receivedAt: z.string(),
});
export const SalesImportListSchema = z.array(SalesImportSummarySchema);
export type SalesImportSummary = z.infer<typeof SalesImportSummarySchema>;

const recordId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(MAX_ID, message));

export const SalesImportIdParamsSchema = z.object({ id: recordId('Import id must be a whole number') });
export const TelemetryMappingIdParamsSchema = z.object({ id: recordId('Mapping id must be a whole number') });
