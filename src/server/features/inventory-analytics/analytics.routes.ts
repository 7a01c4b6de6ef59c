import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FileResponseSchema } from '../../../shared/api-error.js';
import {
  DemographicsQuerySchema,
  DemographicsSchema,
  ForecastDetailParamsSchema,
  ForecastDetailSchema,
  InventoryAnalyticsSchema,
  InventoryQuerySchema,
  RefreshAnalyticsSchema,
} from '../../../shared/analytics.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { localClock } from '../notifications/local-time.js';
import { requestRefresh } from './analytics-store.js';
import { readDemographics } from './demographics-read.js';
import { readForecastDetail } from './forecast-detail.js';
import { readInventoryAnalytics } from './inventory-read.js';

/** Inventory analytics and demographics: the operator's own figures, from their stored votes. */
export async function analyticsRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = server.ctx;

  app.get('/api/analytics/inventory', { schema: { querystring: InventoryQuerySchema, response: { 200: InventoryAnalyticsSchema } } }, async (request) =>
    readInventoryAnalytics(db, signedInUser(request).id, request.query, new Date()),
  );

  app.get(
    '/api/analytics/forecasts/:machineId/:productId',
    { schema: { params: ForecastDetailParamsSchema, response: { 200: ForecastDetailSchema } } },
    async (request) => readForecastDetail(db, signedInUser(request).id, request.params.machineId, request.params.productId),
  );

  app.get('/api/analytics/demographics', { schema: { querystring: DemographicsQuerySchema, response: { 200: DemographicsSchema } } }, async (request) =>
    readDemographics(db, signedInUser(request).id, request.query, new Date()),
  );

  app.get(
    '/api/analytics/demographics/report.pdf',
    { schema: { querystring: DemographicsQuerySchema, response: { 200: FileResponseSchema } } },
    async (request, reply) => {
      const figures = await readDemographics(db, signedInUser(request).id, request.query, new Date());
      // pdfkit loads with the first report, not with the server.
      const { renderDemographicsReportPdf } = await import('./demographics-report-pdf.js');
      const pdf = await renderDemographicsReportPdf(figures);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="vendvote-market-insights-${localClock(new Date(figures.computedAt), figures.timeZone).date}.pdf"`)
        .send(pdf);
    },
  );

  // Figures are recomputed nightly; this asks for a recompute now (at most one every few minutes).
  app.post('/api/analytics/refresh', { schema: { response: { 202: RefreshAnalyticsSchema } } }, async (request, reply) =>
    reply.status(202).send(await requestRefresh(db, signedInUser(request).id, new Date())),
  );
}
