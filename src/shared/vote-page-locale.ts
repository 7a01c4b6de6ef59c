/**
 * The languages of the public vote page and how one is chosen. No zod here: the vote page's bundle
 * imports this module. The server picks the language of the HTML it serves; the page picks the same
 * way when it has to (the dev server inlines nothing), and its switcher remembers a choice in a cookie.
 */
export const VOTE_PAGE_LOCALES = ['en', 'es', 'fr', 'de'] as const;
export type VotePageLocale = (typeof VOTE_PAGE_LOCALES)[number];
export const DEFAULT_VOTE_PAGE_LOCALE: VotePageLocale = 'en';

/** Each language's name in that language: a customer who cannot read the current one still finds theirs. */
export const VOTE_PAGE_LANGUAGE_NAMES: Record<VotePageLocale, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };

/** Intl's names for our languages: numbers and dates follow each language's usual region. */
const INTL_LOCALES: Record<VotePageLocale, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };
export const intlLocaleOf = (locale: VotePageLocale) => INTL_LOCALES[locale];

/**
 * The switcher's cookie: only a language code, nothing that tells one phone from another. Scoped to
 * the vote page's paths, so the operator app never receives it.
 */
export const VOTE_PAGE_LOCALE_COOKIE = 'lang';
export const VOTE_PAGE_LOCALE_COOKIE_PATH = '/vote';
/** `?lang=de` on a vote page link (e.g. printed under a QR code) asks for that language. */
export const VOTE_PAGE_LOCALE_PARAM = 'lang';

/** The id of the `<script type="application/json">` element holding the chosen language's texts. */
export const VOTE_PAGE_MESSAGES_ELEMENT_ID = 'vote-messages';

export function isVotePageLocale(value: unknown): value is VotePageLocale {
  return typeof value === 'string' && (VOTE_PAGE_LOCALES as readonly string[]).includes(value);
}

/** A language tag's primary subtag when we have that language: 'es-MX' → 'es', 'DE' → 'de', 'pt-BR' → null. */
function supportedLocaleOf(tag: string): VotePageLocale | null {
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return isVotePageLocale(primary) ? primary : null;
}

/** Enough for any real browser's list; a longer header is someone else's problem. */
const MAX_LANGUAGE_RANGES = 32;

/**
 * The best of our languages for an Accept-Language header (RFC 9110: ranges with q-values, the
 * highest q first, ties in the order given, q=0 meaning 'not this one') or for navigator.languages
 * (already in order). A range we do not have is skipped, so 'pt-BR, fr;q=0.5' gives French; with
 * none of ours, English.
 */
export function negotiateVotePageLocale(preferences: string | readonly string[] | null | undefined): VotePageLocale {
  if (!preferences) return DEFAULT_VOTE_PAGE_LOCALE;
  const ranges = typeof preferences === 'string' ? preferences.split(',') : preferences;
  const weighted: { locale: VotePageLocale; q: number; order: number }[] = [];
  ranges.slice(0, MAX_LANGUAGE_RANGES).forEach((range, order) => {
    const [tag = '', ...params] = range.split(';');
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((part) => part.trim());
      if (name?.toLowerCase() === 'q') q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    const locale = supportedLocaleOf(tag);
    if (locale && q > 0) weighted.push({ locale, q, order });
  });
  weighted.sort((a, b) => b.q - a.q || a.order - b.order);
  return weighted[0]?.locale ?? DEFAULT_VOTE_PAGE_LOCALE;
}

/**
 * The page's language: a `?lang=` on the link, then the switcher's cookie, then the browser's
 * preferences. An unknown value in the link or the cookie is ignored, not an error.
 */
export function chooseVotePageLocale(choice: {
  param?: unknown;
  cookie?: unknown;
  preferences?: string | readonly string[] | null;
}): VotePageLocale {
  if (isVotePageLocale(choice.param)) return choice.param;
  if (isVotePageLocale(choice.cookie)) return choice.cookie;
  return negotiateVotePageLocale(choice.preferences);
}

/**
 * A wait as people say it in the language: '40 seconds', '5 Minuten', '1 heure'. Rounded as the
 * server rounds its English waits (src/server/http-errors.ts describeWait).
 */
export function formatWait(seconds: number, locale: VotePageLocale): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [amount, unit] = whole < 60 ? [whole, 'second'] : whole < 3600 ? [Math.ceil(whole / 60), 'minute'] : [Math.ceil(whole / 3600), 'hour'];
  return new Intl.NumberFormat(intlLocaleOf(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}
