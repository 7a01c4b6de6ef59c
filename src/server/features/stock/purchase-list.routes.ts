import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeletedSchema, FileResponseSchema } from '../../../shared/api-error.js';
import {
  AddPurchaseListItemsSchema,
  PurchaseListClearedSchema,
  PurchaseListAddedSchema,
  PurchaseListItemIdParamsSchema,
  PurchaseListItemSchema,
  PurchaseListItemUpdateSchema,
  PurchaseListMachineQuerySchema,
  PurchaseListSchema,
} from '../../../shared/stock.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { purchaseListCsv } from './purchase-list-csv.js';
import {
  addPurchaseListItems,
  clearPurchaseList,
  localDate,
  pickListMachines,
  purchaseListExport,
  readPurchaseList,
  removePurchaseListItem,
  updatePurchaseListItem,
} from './purchase-list.service.js';

export const PURCHASE_LIST_API = '/api/stock/purchase-list';
const ITEMS = `${PURCHASE_LIST_API}/items`;

/** The operator's purchase list: what to buy and load per machine, kept on the server, exported as CSV or a pick list. */
export async function purchaseListRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(PURCHASE_LIST_API, { schema: { response: { 200: PurchaseListSchema } } }, async (request) => readPurchaseList(ctx, signedInUser(request).id));

  app.post(ITEMS, { schema: { body: AddPurchaseListItemsSchema, response: { 200: PurchaseListAddedSchema } } }, async (request) =>
    addPurchaseListItems(ctx, signedInUser(request).id, request.body),
  );

  app.patch(
    `${ITEMS}/:id`,
    { schema: { params: PurchaseListItemIdParamsSchema, body: PurchaseListItemUpdateSchema, response: { 200: PurchaseListItemSchema } } },
    async (request) => updatePurchaseListItem(ctx, signedInUser(request).id, request.params.id, request.body),
  );

  app.delete(`${ITEMS}/:id`, { schema: { params: PurchaseListItemIdParamsSchema, response: { 200: DeletedSchema } } }, async (request) => {
    await removePurchaseListItem(ctx, signedInUser(request).id, request.params.id);
    return { id: request.params.id, deleted: true as const };
  });

  app.delete(PURCHASE_LIST_API, { schema: { querystring: PurchaseListMachineQuerySchema, response: { 200: PurchaseListClearedSchema } } }, async (request) => ({
    deleted: true as const,
    lines: await clearPurchaseList(ctx, signedInUser(request).id, request.query.machineId),
  }));

  app.get(`${PURCHASE_LIST_API}/export.csv`, { schema: { response: { 200: FileResponseSchema } } }, async (request, reply) => {
    const { list, timeZone } = await purchaseListExport(ctx, signedInUser(request).id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="purchase-list-${localDate(timeZone)}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(purchaseListCsv(list));
  });

  app.get(
    `${PURCHASE_LIST_API}/pick-list.pdf`,
    { schema: { querystring: PurchaseListMachineQuerySchema, response: { 200: FileResponseSchema } } },
    async (request, reply) => {
      const { machines, timeZone } = await pickListMachines(ctx, signedInUser(request).id, request.query.machineId);
      const now = new Date();
      const dateText = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(now);
      // Loaded on first use: most requests never draw a PDF.
      const { renderPickListPdf } = await import('./pick-list-pdf.js');
      const pdf = await renderPickListPdf({ machines, dateText });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="pick-list-${localDate(timeZone, now)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
