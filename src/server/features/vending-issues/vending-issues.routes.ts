import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IssueIdParamsSchema,
  IssueListQuerySchema,
  IssueReportSchema,
  IssueStatusSchema,
} from '../../../shared/feedback.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { operatorOnly as operatorOnlyHook, requireOperator } from '../auth/guards.js';
import { resolveFeedbackRecipient } from '../suggestions/feedback-recipient.js';
import { changeIssueStatus, countIssues, listIssues, reportIssue } from './vending-issues.service.js';

const TEN_MINUTES = 10 * 60_000;

export async function vendingIssueRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const operatorOnly = operatorOnlyHook(ctx);

  app.post(
    '/api/vending-issues',
    {
      schema: { body: IssueReportSchema },
      // Generous: many phones at one site can share a carrier's address.
      preHandler: [limit(server, { name: 'issue-report-ip', max: 30, windowMs: TEN_MINUTES, per: 'ip' })],
    },
    async (request, reply) => {
      const recipient = await resolveFeedbackRecipient(ctx, request, request.body.machineId);
      const issue = await reportIssue(ctx, recipient, request.body);
      return reply.status(201).send(issue);
    },
  );

  app.get('/api/vending-issues', { onRequest: operatorOnly, schema: { querystring: IssueListQuerySchema } }, async (request) => {
    const user = await requireOperator(ctx, request);
    return listIssues(ctx, user.id, request.query);
  });

  app.get('/api/vending-issues/counts', { onRequest: operatorOnly }, async (request) => {
    const user = await requireOperator(ctx, request);
    return countIssues(ctx, user.id);
  });

  // The dashboard uses /status, the issues page the bare path; both follow the same rules.
  for (const path of ['/api/vending-issues/:id/status', '/api/vending-issues/:id']) {
    app.patch(path, { onRequest: operatorOnly, schema: { params: IssueIdParamsSchema, body: IssueStatusSchema } }, async (request) => {
      const user = await requireOperator(ctx, request);
      return changeIssueStatus(ctx, user.id, request.params.id, request.body.status);
    });
  }
}
