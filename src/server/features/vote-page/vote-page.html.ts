import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { currentUser } from '../auth/guards.js';
import { demoPageTarget, loadVotePage, machinePageTarget } from './vote-page.service.js';

/**
 * Serves /vote and /vote/… with the built vote.html (its own small entry, never the operator
 * app's index.html), when there is a build.
 */
export function registerVotePageServing(app: FastifyInstance, webDir: string) {
  const file = join(webDir, 'vote.html');
  if (!existsSync(file)) return;
  const template = readFileSync(file, 'utf8');
  const servePage = (request: FastifyRequest, reply: FastifyReply) => sendVotePage(app.ctx, request, reply, template);
  const schema = { response: { 200: FileResponseSchema, 404: FileResponseSchema } };
  app.get('/vote', { schema }, servePage);
  app.get('/vote/*', { schema }, servePage);
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

async function inlinedPage(ctx: AppContext, request: FastifyRequest, path: string): Promise<{ status: number; page: InlinedVotePage }> {
  const signedIn = Boolean(await currentUser(ctx, request));
  const target = votePageTargetOf(path);
  if (target === 'invalid') return { status: 404, page: { status: 'invalid', signedIn } };
  try {
    const pageTarget = target === 'demo' ? await demoPageTarget(ctx) : await machinePageTarget(ctx, target);
    const data = await loadVotePage(ctx, pageTarget, DEFAULT_VOTE_PAGE_PERIOD);
    return { status: 200, page: { status: 'ok', signedIn, data } };
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
    const inlined = await inlinedPage(ctx, request, path);
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
