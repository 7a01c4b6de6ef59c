import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { FileResponseSchema } from '../../../shared/api-error.js';
import { formatWait, VOTE_PAGE_MESSAGES_ELEMENT_ID, type VotePageLocale } from '../../../shared/vote-page-locale.js';
import type { Translator } from '../../../shared/vote-page-messages/translate.js';
import {
  DEFAULT_VOTE_PAGE_PERIOD,
  VOTE_PAGE_DATA_ELEMENT_ID,
  votePageDocumentTitle,
  votePageSubtitle,
  votePageTargetOf,
  votePageTitle,
  type InlinedVotePage,
} from '../../../shared/vote-page.js';
import { SCAN_SOURCE_PARAM, scanSourceOf } from '../../../shared/scan-sources.js';
import type { AppContext } from '../../context.js';
import { countPageView } from '../scan-funnel/page-views.js';
import { HttpError } from '../../http-errors.js';
import type { LimitVerdict } from '../../plugins/rate-limit.js';
import { currentUser } from '../auth/guards.js';
import { issueVoterCookie } from '../votes/voter-cookie.js';
import { demoPageTarget, loadVotePage, machinePageTarget } from './vote-page.service.js';
import { VOTE_PAGE_CATALOGUES, votePageLocaleOf, votePageTranslator } from './vote-page-language.js';

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
  const localized = new Map<VotePageLocale, string>();
  const templateIn = (locale: VotePageLocale) => {
    let html = localized.get(locale);
    if (html === undefined) localized.set(locale, (html = localizeTemplate(template, locale)));
    return html;
  };
  const servePage = (request: FastifyRequest, reply: FastifyReply) => sendVotePage(app.ctx, request, reply, templateIn);
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
    const locale = votePageLocaleOf(request);
    const { t } = votePageTranslator(locale);
    // English keeps the server's own words; other languages say the same with the wait in their words.
    const message = locale === 'en' ? verdict.message : t('server.readLimit', { wait: formatWait(verdict.retryAfterSeconds, locale) });
    const html =
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t('wait.document'))}</title></head>` +
      '<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">' +
      `<h1>${escapeHtml(t('wait.heading'))}</h1><p>${escapeHtml(message)}</p></body></html>`;
    return reply
      .status(429)
      .header('retry-after', verdict.retryAfterSeconds)
      .header('cache-control', 'no-store')
      .header('content-language', locale)
      .header('vary', LANGUAGE_VARY)
      .type('text/html; charset=utf-8')
      .send(html);
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The answer depends on these request headers (the cookie carries the switcher's choice). */
const LANGUAGE_VARY = 'Accept-Language, Cookie';
const TITLE_TAG = /<title>[\s\S]*?<\/title>/;
const SHELL_TITLE = /<!--title-->[\s\S]*?<!--\/title-->/;
const SHELL_SUBTITLE = /<!--subtitle-->[\s\S]*?<!--\/subtitle-->/;

/**
 * vote.html in one language, the same for every page: `<html lang>`, the title and description,
 * the shell's placeholder texts (its markers stay for fillShell) and the language's texts inlined
 * as JSON for the script, so the first paint needs no second request for them either.
 */
function localizeTemplate(template: string, locale: VotePageLocale): string {
  const { t } = votePageTranslator(locale);
  const messages = { locale, messages: VOTE_PAGE_CATALOGUES[locale] };
  const script = `<script id="${VOTE_PAGE_MESSAGES_ELEMENT_ID}" type="application/json">${scriptSafeJson(messages)}</script>`;
  return template
    .replace(/<html\b[^>]*>/i, (tag) => `${tag.replace(/\s+lang="[^"]*"/i, '').replace(/>$/, '')} lang="${locale}">`)
    .replace(TITLE_TAG, () => `<title>${escapeHtml(t('document.default'))}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, (_whole, start: string, end: string) => `${start}${escapeHtml(t('document.description'))}${end}`)
    .replace(SHELL_TITLE, () => `<!--title-->${escapeHtml(t('shell.title'))}<!--/title-->`)
    .replace(SHELL_SUBTITLE, () => `<!--subtitle-->${escapeHtml(t('shell.loading'))}<!--/subtitle-->`)
    .replace('</body>', () => `${script}</body>`);
}

/**
 * Fills vote.html's shell (a header painted before the script runs) with the machine's name and
 * location, and the document's title; pages without data (invalid or unknown ids) go out without the shell.
 */
function fillShell(template: string, page: InlinedVotePage, translator: Translator): string {
  if (page.status !== 'ok') return template.replace(/<!--shell-->[\s\S]*<!--\/shell-->/, '');
  const { machine } = page.data;
  // Replacer functions, not strings: a '$&' in a machine's name must stay text.
  return template
    .replace(TITLE_TAG, () => `<title>${escapeHtml(votePageDocumentTitle(machine, translator))}</title>`)
    .replace(SHELL_TITLE, () => escapeHtml(votePageTitle(machine, translator)))
    .replace(SHELL_SUBTITLE, () => escapeHtml(votePageSubtitle(machine, translator)));
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
    // The funnel's first step; the owner looking at their own page is not a customer.
    if (pageTarget.scope.kind === 'machine' && !isOwner) {
      const source = scanSourceOf((request.query as Record<string, unknown> | undefined)?.[SCAN_SOURCE_PARAM]);
      await countPageView(ctx, pageTarget.scope.machineId, source, pageTarget.scope.timeZone).catch((error: unknown) => {
        request.log.warn({ err: error instanceof Error ? { message: error.message } : undefined }, 'a vote page view was not counted');
      });
    }
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
async function sendVotePage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  templateIn: (locale: VotePageLocale) => string,
) {
  const path = request.url.split('?')[0] ?? '/vote';
  const locale = votePageLocaleOf(request);
  const template = templateIn(locale);
  reply.header('content-language', locale).header('vary', LANGUAGE_VARY);
  let html = template;
  let status = 200;
  try {
    const inlined = await inlinedPage(ctx, request, reply, path);
    status = inlined.status;
    const script = `<script id="${VOTE_PAGE_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(inlined.page)}</script>`;
    html = fillShell(template, inlined.page, votePageTranslator(locale)).replace('</body>', () => `${script}</body>`);
  } catch (error) {
    // Only the first line: a failed query's message goes on with its parameters.
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    request.log.error({ err: { message } }, 'vote page data could not be inlined');
  }
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}
