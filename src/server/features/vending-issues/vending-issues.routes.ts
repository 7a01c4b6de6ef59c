import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IssueCountsSchema,
  IssueIdParamsSchema,
  IssueListQuerySchema,
  IssueReportSchema,
  IssueStatusSchema,
  VendingIssueSchema,
} from '../../../shared/feedback.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { resolveFeedbackRecipient } from '../suggestions/feedback-recipient.js';
import { ScanSourceQuerySchema } from '../../../shared/scan-sources.schemas.js';
import { memberOf } from '../teams/team-of-request.js';
import { changeIssueStatus, countIssues, listIssues, reportIssue } from './vending-issues.service.js';

const TEN_MINUTES = 10 * 60_000;

/** Customers report problems from a machine's page (or the demo page). */
export async function vendingIssuePublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/vending-issues',
    {
      schema: { querystring: ScanSourceQuerySchema, body: IssueReportSchema, response: { 201: VendingIssueSchema } },
      // Generous: many phones at one site can share a carrier's address.
      preHandler: [limit(server, { name: 'issue-report-ip', max: 30, windowMs: TEN_MINUTES, per: 'ip' })],
    },
    async (request, reply) => {
      const recipient = await resolveFeedbackRecipient(ctx, request, request.body.machineId);
      const issue = await reportIssue(ctx, recipient, request.body, request.query.src);
      return reply.status(201).send(issue);
    },
  );
}

export async function vendingIssueRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/vending-issues', { schema: { querystring: IssueListQuerySchema, response: { 200: z.array(VendingIssueSchema) } } }, async (request) =>
    listIssues(ctx, signedInUser(request).id, request.query),
  );

  app.get('/api/vending-issues/counts', { schema: { response: { 200: IssueCountsSchema } } }, async (request) =>
    countIssues(ctx, signedInUser(request).id),
  );

  // The dashboard uses /status, the issues page the bare path; both follow the same rules. Resolving
  // may carry a public reply, which is mailed to the customer who reported the issue.
  for (const path of ['/api/vending-issues/:id/status', '/api/vending-issues/:id']) {
    app.patch(
      path,
      { schema: { params: IssueIdParamsSchema, body: IssueStatusSchema, response: { 200: VendingIssueSchema } } },
      async (request) => changeIssueStatus(ctx, signedInUser(request).id, request.params.id, request.body.status, request.body.publicReply, memberOf(request).userId),
    );
  }
}
