import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { FileResponseSchema } from '../../../shared/api-error.js';
import {
  DEFAULT_VOTE_PAGE_PERIOD,
  VOTE_PAGE_DATA_ELEMENT_ID,
  votePageSubtitle,
  votePageTargetOf,
  votePageTitle,
  type InlinedVotePage,
} from '../../../shared/vote-page.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http-errors.js';
import type { LimitVerdict } from '../../plugins/rate-limit.js';
import { currentUser } from '../auth/guards.js';
import { issueVoterCookie } from '../votes/voter-cookie.js';
import { demoPageTarget, loadVotePage, machinePageTarget } from './vote-page.service.js';

type ReadCounter = (request: FastifyRequest) => Promise<LimitVerdict>;

/**
 * Serves /vote and /vote/… with the built vote.html (its own small entry, never the operator
 * app's index.html), when there is a build. Each load counts against the same per-address read
 * limit as the page's data call, since it carries the same data.
 */
export function registerVotePageServing(app: FastifyInstance, webDir: string, countRead: ReadCounter) {
  const file = join(webDir, 'vote.html');
  if (!existsSync(file)) return;
  const template = readFileSync(file, 'utf8');
  const servePage = (request: FastifyRequest, reply: FastifyReply) => sendVotePage(app.ctx, request, reply, template);
  const preHandler = [limitPageReads(countRead)];
  const schema = { response: { 200: FileResponseSchema, 404: FileResponseSchema, 429: FileResponseSchema } };
  app.get('/vote', { schema, preHandler }, servePage);
  app.get('/vote/*', { schema, preHandler }, servePage);
}

/** Over the limit, a phone gets a short page it can read, not a JSON error. */
function limitPageReads(countRead: ReadCounter): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const verdict = await countRead(request);
    if (verdict.allowed) return;
    const html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Please wait · VendVote</title></head>' +
      '<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">' +
      `<h1>Please wait a moment</h1><p>${escapeHtml(verdict.message)}</p></body></html>`;
    return reply.status(429).header('retry-after', verdict.retryAfterSeconds).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * Fills vote.html's shell (a header painted before the script runs) with the machine's name and
 * location; pages without data (invalid or unknown ids) go out without the shell.
 */
function fillShell(template: string, page: InlinedVotePage): string {
  if (page.status !== 'ok') return template.replace(/<!--shell-->[\s\S]*<!--\/shell-->/, '');
  const { machine } = page.data;
  // Replacer functions, not strings: a '$&' in a machine's name must stay text.
  return template
    .replace(/<!--title-->[\s\S]*?<!--\/title-->/, () => escapeHtml(votePageTitle(machine)))
    .replace(/<!--subtitle-->[\s\S]*?<!--\/subtitle-->/, () => escapeHtml(votePageSubtitle(machine)));
}

/** JSON that is safe inside a <script> element: no '<' can close it or open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

async function inlinedPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<{ status: number; page: InlinedVotePage }> {
  const viewer = await currentUser(ctx, request);
  const signedIn = Boolean(viewer);
  const target = votePageTargetOf(path);
  if (target === 'invalid') return { status: 404, page: { status: 'invalid', signedIn } };
  try {
    const pageTarget = target === 'demo' ? await demoPageTarget(ctx) : await machinePageTarget(ctx, target);
    const data = await loadVotePage(ctx, pageTarget, DEFAULT_VOTE_PAGE_PERIOD, issueVoterCookie(request, reply));
    // The machine's owner is told how to fill an empty page; nobody else needs to know who owns it.
    const isOwner = viewer !== null && pageTarget.machine !== null && viewer.id === pageTarget.scope.ownerId;
    return { status: 200, page: { status: 'ok', signedIn, isOwner, data } };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return { status: 404, page: { status: 'not-found', signedIn } };
    throw error;
  }
}

/**
 * The page with its data inlined as a JSON script (which the CSP allows: it is never executed),
 * so a phone paints it without another round trip. Unknown and invalid ids answer 404 with the
 * page, which shows why. If the data cannot be read, the page goes out without it and fetches it.
 */
async function sendVotePage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, template: string) {
  const path = request.url.split('?')[0] ?? '/vote';
  let html = template;
  let status = 200;
  try {
    const inlined = await inlinedPage(ctx, request, reply, path);
    status = inlined.status;
    const script = `<script id="${VOTE_PAGE_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(inlined.page)}</script>`;
    html = fillShell(template, inlined.page).replace('</body>', () => `${script}</body>`);
  } catch (error) {
    // Only the first line: a failed query's message goes on with its parameters.
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    request.log.error({ err: { message } }, 'vote page data could not be inlined');
  }
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}
