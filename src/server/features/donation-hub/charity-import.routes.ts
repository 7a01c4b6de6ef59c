import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_CHARITIES_API, ADMIN_CHARITY_IMPORT_API, CharityDirectorySchema, CharityImportReportSchema, type CharityImportReport } from '../../../shared/donation-hub.schemas.js';
import { HttpError } from '../../http-errors.js';
import { signedInUser } from '../../route-scopes.js';
import { importCharityFiles } from './charity-import.js';
import { describeDirectory } from './charities.service.js';

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

/** Admins keep the charity directory: its counts and imports, and new IRS extract files. */
export async function charityAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(ADMIN_CHARITIES_API, { schema: { response: { 200: CharityDirectorySchema } } }, async () => describeDirectory(ctx));

  // Multipart is parsed only here. Each file streams into the directory as it arrives, in batches.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: LIMITS });
    uploads.withTypeProvider<ZodTypeProvider>().post(ADMIN_CHARITY_IMPORT_API, { schema: { response: { 200: CharityImportReportSchema } } }, async (request) => {
      const userId = signedInUser(request).id;
      const total: CharityImportReport = { files: [], rowsRead: 0, imported: 0, updated: 0, skippedNotCharitable: 0, rejected: 0, problems: [], seconds: 0 };
      try {
        for await (const part of request.files()) {
          await importPart(part, userId, total);
        }
      } catch (error) {
        throw asUploadError(error);
      }
      if (total.files.length === 0) throw new HttpError(400, 'Choose one or more IRS EO BMF files (eo_xx.csv) to import');
      return total;
    });

    async function importPart(part: MultipartFile, userId: number, total: CharityImportReport) {
      const name = part.filename || 'upload.csv';
      if (!/\.csv$/i.test(name)) {
        part.file.resume();
        throw new HttpError(400, `${name} is not a CSV file: upload the IRS extract's files, such as eo_tx.csv`);
      }
      const report = await importCharityFiles(ctx.db, [{ name, stream: part.file }], { source: 'irs', userId });
      total.files.push(...report.files);
      total.rowsRead += report.rowsRead;
      total.imported += report.imported;
      total.updated += report.updated;
      total.skippedNotCharitable += report.skippedNotCharitable;
      total.rejected += report.rejected;
      total.problems.push(...report.problems.slice(0, Math.max(0, 50 - total.problems.length)));
      total.seconds = Math.round((total.seconds + report.seconds) * 10) / 10;
    }
  });
}
