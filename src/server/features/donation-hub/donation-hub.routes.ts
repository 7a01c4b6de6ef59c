import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeletedSchema, FileResponseSchema } from '../../../shared/api-error.js';
import {
  AcceptedItemsInputSchema,
  AcceptedItemsSchemaOut,
  CHARITY_SEARCH_API,
  CharityDirectoryStatusSchema,
  CharityIdParamsSchema,
  CharityListSchema,
  CharitySchema,
  CharitySearchQuerySchema,
  DONATION_HISTORY_API,
  DONATION_HUB_API,
  DonationHistorySchema,
  DonationIdParamsSchema,
  DonationRecordSchema,
  EXPORT_CSV_API,
  DIRECTORY_STATUS_API,
  OWN_CHARITIES_API,
  OwnCharityInputSchema,
  RECORD_DONATION_API,
  RecordDonationInputSchema,
  SUMMARY_PDF_API,
  TAX_SETTINGS_API,
  TAX_SUMMARY_API,
  TOTAL_COUNT_HEADER,
} from '../../../shared/donation-hub.schemas.js';
import { TaxSettingsInputSchema, TaxSettingsSchema, TaxSummarySchema, TaxYearQuerySchema } from '../../../shared/donation-tax.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { localDate, ownerPreferences } from '../stock/purchase-list.service.js';
import { addOwnCharity, deleteOwnCharity, directoryStatus, listOwnCharities, searchCharities, setAcceptedItems, updateOwnCharity } from './charities.service.js';
import { donationHistory, ownDonation, readTaxSettings, recordDonation, saveTaxSettings, taxYearFigures } from './donations.service.js';
import { donorOf } from './donor.js';

const sendFile = (reply: FastifyReply, type: string, fileName: string, body: string | Buffer) =>
  reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(body);

/** The donation hub's operator calls: the directory search, own charities, donations, receipts and the tax summary. */
export async function donationHubRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  // The spec's call answers a list; the number of charities in the circle travels in a header.
  app.get(CHARITY_SEARCH_API, { schema: { querystring: CharitySearchQuerySchema, response: { 200: CharityListSchema } } }, async (request, reply) => {
    const page = await searchCharities(ctx, signedInUser(request).id, request.query);
    reply.header(TOTAL_COUNT_HEADER, String(page.total));
    return page.charities;
  });

  app.get(DIRECTORY_STATUS_API, { schema: { response: { 200: CharityDirectoryStatusSchema } } }, async () => directoryStatus(ctx));

  app.get(OWN_CHARITIES_API, { schema: { response: { 200: CharityListSchema } } }, async (request) => listOwnCharities(ctx, signedInUser(request).id));

  app.post(OWN_CHARITIES_API, { schema: { body: OwnCharityInputSchema, response: { 201: CharitySchema } } }, async (request, reply) =>
    reply.status(201).send(await addOwnCharity(ctx, signedInUser(request).id, request.body)),
  );

  app.put(`${OWN_CHARITIES_API}/:id`, { schema: { params: CharityIdParamsSchema, body: OwnCharityInputSchema, response: { 200: CharitySchema } } }, async (request) =>
    updateOwnCharity(ctx, signedInUser(request).id, request.params.id, request.body),
  );

  app.delete(`${OWN_CHARITIES_API}/:id`, { schema: { params: CharityIdParamsSchema, response: { 200: DeletedSchema } } }, async (request) => {
    await deleteOwnCharity(ctx, signedInUser(request).id, request.params.id);
    return { id: request.params.id, deleted: true as const };
  });

  app.put(
    `${OWN_CHARITIES_API}/:id/accepted-items`,
    { schema: { params: CharityIdParamsSchema, body: AcceptedItemsInputSchema, response: { 200: AcceptedItemsSchemaOut } } },
    async (request) => setAcceptedItems(ctx, signedInUser(request).id, request.params.id, request.body.items),
  );

  app.post(RECORD_DONATION_API, { schema: { body: RecordDonationInputSchema, response: { 201: DonationRecordSchema } } }, async (request, reply) =>
    reply.status(201).send(await recordDonation(ctx, signedInUser(request).id, request.body)),
  );

  app.get(DONATION_HISTORY_API, { schema: { querystring: TaxYearQuerySchema, response: { 200: DonationHistorySchema } } }, async (request) =>
    donationHistory(ctx, signedInUser(request).id, request.query.year),
  );

  app.get(`${DONATION_HUB_API}/donations/:id`, { schema: { params: DonationIdParamsSchema, response: { 200: DonationRecordSchema } } }, async (request) =>
    ownDonation(ctx, signedInUser(request).id, request.params.id),
  );

  app.get(`${DONATION_HUB_API}/donations/:id/receipt.pdf`, { schema: { params: DonationIdParamsSchema, response: { 200: FileResponseSchema } } }, async (request, reply) => {
    const userId = signedInUser(request).id;
    const [record, donor] = await Promise.all([ownDonation(ctx, userId, request.params.id), donorOf(ctx, userId)]);
    // Loaded on first use: most requests never draw a PDF.
    const { renderReceiptPdf, receiptNumberOf } = await import('./receipt-pdf.js');
    return sendFile(reply, 'application/pdf', `donation-receipt-${receiptNumberOf(record.id)}.pdf`, await renderReceiptPdf(record, donor));
  });

  app.get(TAX_SUMMARY_API, { schema: { querystring: TaxYearQuerySchema, response: { 200: TaxSummarySchema } } }, async (request) =>
    (await taxYearFigures(ctx, signedInUser(request).id, request.query.year)).summary,
  );

  app.get(TAX_SETTINGS_API, { schema: { response: { 200: TaxSettingsSchema } } }, async (request) => readTaxSettings(ctx, signedInUser(request).id));

  app.put(TAX_SETTINGS_API, { schema: { body: TaxSettingsInputSchema, response: { 200: TaxSettingsSchema } } }, async (request) =>
    saveTaxSettings(ctx, signedInUser(request).id, request.body),
  );

  app.get(SUMMARY_PDF_API, { schema: { querystring: TaxYearQuerySchema, response: { 200: FileResponseSchema } } }, async (request, reply) => {
    const userId = signedInUser(request).id;
    const [{ summary, records }, donor] = await Promise.all([taxYearFigures(ctx, userId, request.query.year), donorOf(ctx, userId)]);
    const { renderSummaryPdf } = await import('./summary-pdf.js');
    return sendFile(reply, 'application/pdf', `donation-summary-${summary.year}.pdf`, await renderSummaryPdf(summary, records, donor));
  });

  app.get(EXPORT_CSV_API, { schema: { response: { 200: FileResponseSchema } } }, async (request, reply) => {
    const userId = signedInUser(request).id;
    const [records, { timeZone }] = await Promise.all([donationHistory(ctx, userId), ownerPreferences(ctx, userId)]);
    const { donationsCsv } = await import('./donations-csv.js');
    return sendFile(reply, 'text/csv; charset=utf-8', `donations-${localDate(timeZone)}.csv`, donationsCsv(records));
  });
}
