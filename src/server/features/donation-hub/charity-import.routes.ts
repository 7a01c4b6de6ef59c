import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_CHARITIES_API, ADMIN_CHARITY_IMPORT_API, CharityDirectorySchema, CharityImportReportSchema, type CharityImportReport } from '../../../shared/donation-hub.schemas.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http-errors.js';
import { signedInUser } from '../../route-scopes.js';
import { emptyImportReport, importCharityFiles, type ImportFile } from './charity-import.js';
import { describeDirectory } from './charities.service.js';
import { recordRequestAudit } from '../audit/record-audit.js';

/** The largest state file (California) is about 100 MB; this leaves room without inviting abuse. */
const LARGEST_FILE_BYTES = 300 * 1024 * 1024;
/** One file per state, district and territory, and the extract's regional files besides. */
const MOST_FILES = 60;

const LIMITS = { files: MOST_FILES, fields: 0, parts: MOST_FILES, fileSize: LARGEST_FILE_BYTES, headerPairs: 20 };

function asUploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, `Each file may be at most ${LARGEST_FILE_BYTES / 1024 / 1024} MB`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, `At most ${MOST_FILES} files at a time`);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, 'Send the files as multipart/form-data');
  if (error instanceof Error && /Unexpected end of (form|multipart)|Malformed/i.test(error.message)) return new HttpError(400, 'The upload was cut off or malformed; please try again');
  return error;
}

/** The upload's files as they arrive; anything but a .csv file is refused before it is read. */
async function* csvFilesOf(parts: AsyncIterable<MultipartFile>): AsyncIterable<ImportFile> {
  for await (const part of parts) {
    const name = part.filename || 'upload.csv';
    if (!/\.csv$/i.test(name)) {
      part.file.resume();
      throw new HttpError(400, `${name} is not a CSV file: upload the IRS extract's files, such as eo_tx.csv`);
    }
    yield { name, stream: part.file };
  }
}

/** A refusal after some files went in says what did: those rows are in the directory, and a re-import only updates them. */
function withEarlierFiles(error: unknown, total: CharityImportReport): unknown {
  if (!(error instanceof HttpError) || total.files.length === 0) return error;
  const done = `${total.files.join(', ')} ${total.files.length === 1 ? 'was' : 'were'} imported before it (${total.imported} added, ${total.updated} updated).`;
  return new HttpError(error.statusCode, `${error.message} ${done}`, error.errors, error.headers);
}

function recordCharityImport(ctx: AppContext, request: FastifyRequest, report: CharityImportReport, partial: boolean) {
  const details = { files: report.files.join(', '), imported: report.imported, updated: report.updated, partial };
  return recordRequestAudit(ctx, request, { action: 'charities.imported', targetType: 'charity_directory', details });
}

/** Admins keep the charity directory: its counts and imports, and new IRS extract files. */
export async function charityAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(ADMIN_CHARITIES_API, { schema: { response: { 200: CharityDirectorySchema } } }, async () => describeDirectory(ctx));

  // Multipart is parsed only here. Each file streams into the directory as it arrives, in batches.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: LIMITS });
    uploads.withTypeProvider<ZodTypeProvider>().post(ADMIN_CHARITY_IMPORT_API, { schema: { response: { 200: CharityImportReportSchema } } }, async (request) => {
      const report = emptyImportReport();
      try {
        await importCharityFiles(ctx.db, csvFilesOf(request.files()), { source: 'irs', userId: signedInUser(request).id }, report);
      } catch (error) {
        // Files imported before the failure stay imported, so they are recorded all the same.
        if (report.files.length > 0) await recordCharityImport(ctx, request, report, true);
        throw withEarlierFiles(asUploadError(error), report);
      }
      if (report.files.length === 0) throw new HttpError(400, 'Choose one or more IRS EO BMF files (eo_xx.csv) to import');
      await recordCharityImport(ctx, request, report, false);
      return report;
    });
  });
}
