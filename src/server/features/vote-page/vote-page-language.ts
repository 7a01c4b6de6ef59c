import type { FastifyRequest } from 'fastify';
import { de } from '../../../shared/vote-page-messages/de.js';
import { en } from '../../../shared/vote-page-messages/en.js';
import { es } from '../../../shared/vote-page-messages/es.js';
import { fr } from '../../../shared/vote-page-messages/fr.js';
import { createTranslator, type Translator, type VotePageMessages } from '../../../shared/vote-page-messages/translate.js';
import {
  chooseVotePageLocale,
  VOTE_PAGE_LOCALE_COOKIE,
  VOTE_PAGE_LOCALE_PARAM,
  VOTE_PAGE_LOCALES,
  type VotePageLocale,
} from '../../../shared/vote-page-locale.js';

/** Every catalogue: the server inlines the chosen one into the page; the page loads another only on a switch. */
export const VOTE_PAGE_CATALOGUES: Record<VotePageLocale, VotePageMessages> = { en, es, fr, de };

const translators = new Map<VotePageLocale, Translator>(VOTE_PAGE_LOCALES.map((locale) => [locale, createTranslator(locale, VOTE_PAGE_CATALOGUES[locale])]));

export const votePageTranslator = (locale: VotePageLocale) => translators.get(locale)!;

/**
 * The language of a vote page request: `?lang=` on the link, then the switcher's `lang` cookie,
 * then Accept-Language, then English.
 */
export function votePageLocaleOf(request: FastifyRequest): VotePageLocale {
  const query = request.query as Record<string, unknown> | undefined;
  return chooseVotePageLocale({
    param: query?.[VOTE_PAGE_LOCALE_PARAM],
    cookie: request.cookies?.[VOTE_PAGE_LOCALE_COOKIE],
    preferences: request.headers['accept-language'],
  });
}
