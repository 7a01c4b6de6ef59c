import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import {
  AddToCartSchema,
  AdminCatalogQuerySchema,
  CartQuantitySchema,
  CartSchema,
  CatalogItemIdParamsSchema,
  CatalogItemInputSchema,
  CatalogItemSchema,
  CatalogItemUpdateSchema,
  CatalogListSchema,
  CatalogQuerySchema,
  CatalogueParamsSchema,
  CheckoutLinkSchema,
  HubSummarySchema,
} from '../../../shared/resources-hub.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { addToCart, checkoutLink, clearCart, readCart, removeFromCart, setCartQuantity } from './cart.service.js';
import { createItem, deleteItem, listAllItems, listCatalog, summarizeHub, updateItem } from './catalog.service.js';
import { recordRequestAudit } from '../audit/record-audit.js';

export const RESOURCES_API = '/api/resources';
const CART = `${RESOURCES_API}/cart`;

/** Operators browse the three catalogues and keep one cart across them. */
export async function resourcesHubRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(`${RESOURCES_API}/summary`, { schema: { response: { 200: HubSummarySchema } } }, async () => summarizeHub(ctx));

  app.get(
    `${RESOURCES_API}/catalogues/:catalogue`,
    { schema: { params: CatalogueParamsSchema, querystring: CatalogQuerySchema, response: { 200: CatalogListSchema } } },
    async (request) => listCatalog(ctx, signedInUser(request).id, request.params.catalogue, request.query),
  );

  app.get(CART, { schema: { response: { 200: CartSchema } } }, async (request) => readCart(ctx, signedInUser(request).id));

  app.post(`${CART}/items`, { schema: { body: AddToCartSchema, response: { 200: CartSchema } } }, async (request) =>
    addToCart(ctx, signedInUser(request).id, request.body.catalogItemId, request.body.quantity),
  );

  app.patch(
    `${CART}/items/:id`,
    { schema: { params: CatalogItemIdParamsSchema, body: CartQuantitySchema, response: { 200: CartSchema } } },
    async (request) => setCartQuantity(ctx, signedInUser(request).id, request.params.id, request.body.quantity),
  );

  app.delete(`${CART}/items/:id`, { schema: { params: CatalogItemIdParamsSchema, response: { 200: CartSchema } } }, async (request) =>
    removeFromCart(ctx, signedInUser(request).id, request.params.id),
  );

  app.delete(CART, { schema: { response: { 200: CartSchema } } }, async (request) => clearCart(ctx, signedInUser(request).id));

  app.get(`${CART}/checkout-link`, { schema: { response: { 200: CheckoutLinkSchema } } }, async (request) =>
    checkoutLink(ctx, signedInUser(request).id),
  );
}

export const ADMIN_CATALOG_API = '/api/admin/catalog-items';

/** Admins keep the catalogues: every item of the three, created, edited and removed here. */
export async function resourcesHubAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(ADMIN_CATALOG_API, { schema: { querystring: AdminCatalogQuerySchema, response: { 200: z.array(CatalogItemSchema) } } }, async (request) =>
    listAllItems(ctx, request.query.catalogue),
  );

  app.post(ADMIN_CATALOG_API, { schema: { body: CatalogItemInputSchema, response: { 201: CatalogItemSchema } } }, async (request, reply) => {
    const item = await createItem(ctx, request.body);
    await recordRequestAudit(ctx, request, { action: 'catalog_item.created', targetType: 'catalog_item', targetId: item.id, details: { name: item.name } });
    return reply.status(201).send(item);
  });

  app.patch(
    `${ADMIN_CATALOG_API}/:id`,
    { schema: { params: CatalogItemIdParamsSchema, body: CatalogItemUpdateSchema, response: { 200: CatalogItemSchema } } },
    async (request) => {
      const item = await updateItem(ctx, request.params.id, request.body);
      await recordRequestAudit(ctx, request, { action: 'catalog_item.updated', targetType: 'catalog_item', targetId: item.id, details: { name: item.name } });
      return item;
    },
  );

  app.delete(`${ADMIN_CATALOG_API}/:id`, { schema: { params: CatalogItemIdParamsSchema, response: { 200: DeletedSchema } } }, async (request) => {
    const deleted = await deleteItem(ctx, request.params.id);
    await recordRequestAudit(ctx, request, { action: 'catalog_item.deleted', targetType: 'catalog_item', targetId: request.params.id });
    return deleted;
  });
}
