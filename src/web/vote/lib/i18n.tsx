import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  chooseVotePageLocale,
  isVotePageLocale,
  VOTE_PAGE_LOCALE_COOKIE,
  VOTE_PAGE_LOCALE_COOKIE_PATH,
  VOTE_PAGE_LOCALE_PARAM,
  VOTE_PAGE_MESSAGES_ELEMENT_ID,
  type VotePageLocale,
} from '../../../shared/vote-page-locale.js';
import { createTranslator, type MessageKey, type Translator, type VotePageMessages } from '../../../shared/vote-page-messages/translate.js';

/**
 * Each catalogue is a chunk of its own, loaded only on a switch (or by the dev server, which
 * inlines none): the server puts the chosen language's texts into the HTML.
 */
const LOADERS: Record<VotePageLocale, () => Promise<VotePageMessages>> = {
  en: () => import('../../../shared/vote-page-messages/en.js').then((module) => module.en),
  es: () => import('../../../shared/vote-page-messages/es.js').then((module) => module.es),
  fr: () => import('../../../shared/vote-page-messages/fr.js').then((module) => module.fr),
  de: () => import('../../../shared/vote-page-messages/de.js').then((module) => module.de),
};

export interface Catalogue {
  locale: VotePageLocale;
  messages: VotePageMessages;
}

/** The texts the server inlined, or null (the dev server, or a damaged payload). */
export function readInlinedCatalogue(): Catalogue | null {
  const element = document.getElementById(VOTE_PAGE_MESSAGES_ELEMENT_ID);
  try {
    const parsed = element?.textContent ? (JSON.parse(element.textContent) as Partial<Catalogue>) : null;
    return parsed && isVotePageLocale(parsed.locale) && parsed.messages ? (parsed as Catalogue) : null;
  } catch {
    return null;
  }
}

function cookieLocale(): string | undefined {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${VOTE_PAGE_LOCALE_COOKIE}=`));
  return pair?.slice(VOTE_PAGE_LOCALE_COOKIE.length + 1);
}

/** The server's choice, made in the browser: the link's ?lang=, the cookie, then the browser's languages. */
export function preferredLocale(): VotePageLocale {
  return chooseVotePageLocale({
    param: new URLSearchParams(window.location.search).get(VOTE_PAGE_LOCALE_PARAM),
    cookie: cookieLocale(),
    preferences: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

export async function loadCatalogue(locale: VotePageLocale): Promise<Catalogue> {
  return { locale, messages: await LOADERS[locale]() };
}

/**
 * Keeps a switch across reloads: a year-long cookie with the language code only, for the vote
 * page's paths. A ?lang= in the address would outrank it, so it goes.
 */
function rememberLocale(locale: VotePageLocale) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VOTE_PAGE_LOCALE_COOKIE}=${locale}; Path=${VOTE_PAGE_LOCALE_COOKIE_PATH}; Max-Age=31536000; SameSite=Lax${secure}`;
  const url = new URL(window.location.href);
  if (url.searchParams.has(VOTE_PAGE_LOCALE_PARAM)) {
    url.searchParams.delete(VOTE_PAGE_LOCALE_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }
}

export interface I18n extends Translator {
  /** Loads and shows another language; false when its texts could not be loaded. */
  switchTo: (locale: VotePageLocale) => Promise<boolean>;
  switching: boolean;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ initial, children }: { initial: Catalogue; children: ReactNode }) {
  const [catalogue, setCatalogue] = useState(initial);
  const [switching, setSwitching] = useState(false);
  const latest = useRef(0);

  const switchTo = useCallback(async (locale: VotePageLocale) => {
    const request = ++latest.current;
    setSwitching(true);
    try {
      const next = await loadCatalogue(locale);
      // Quick successive choices: the last one wins, whatever order the chunks arrive in.
      if (request !== latest.current) return true;
      setCatalogue(next);
      document.documentElement.lang = locale;
      rememberLocale(locale);
      return true;
    } catch {
      return false;
    } finally {
      if (request === latest.current) setSwitching(false);
    }
  }, []);

  const value = useMemo(
    () => ({ ...createTranslator(catalogue.locale, catalogue.messages), switchTo, switching }),
    [catalogue, switchTo, switching],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nProvider above it.');
  return i18n;
}

/** A product category as the reader's language names it; one the catalogue does not know stays as stored. */
export function categoryLabelOf({ t }: Pick<Translator, 't'>, category: string): string {
  const key = `category.${category}` as MessageKey;
  const label = t(key);
  return label === key ? category : label;
}
