import { intlLocaleOf, type VotePageLocale } from '../vote-page-locale.js';
import type { en } from './en.js';

/**
 * Texts of the public vote page. One catalogue per language (en.ts, es.ts, fr.ts, de.ts), plain
 * data so the server can inline the chosen one into the HTML as JSON. A text may hold `{name}`
 * placeholders; a text that depends on a count has one form per plural category (Intl.PluralRules),
 * 'other' always among them.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type MessageKey = keyof typeof en;
export type VotePageMessages = { [K in MessageKey]: (typeof en)[K] extends string ? string : PluralForms };
export type MessageParams = Record<string, string | number>;

export interface Translator {
  locale: VotePageLocale;
  /** The text of `key`; a `count` param picks the plural form. Number params are written the language's way. */
  t: (key: MessageKey, params?: MessageParams) => string;
  number: (value: number) => string;
  /** A whole percent (67 → '67%', '67 %' in French and German). */
  percent: (value: number) => string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

export function createTranslator(locale: VotePageLocale, messages: VotePageMessages): Translator {
  const intl = intlLocaleOf(locale);
  const numbers = new Intl.NumberFormat(intl);
  const percents = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 0 });
  const plurals = new Intl.PluralRules(intl);
  const number = (value: number) => numbers.format(value);
  const t = (key: MessageKey, params: MessageParams = {}) => {
    const entry: string | PluralForms | undefined = messages[key];
    // A catalogue from an older build may lack a newer key: its name shows rather than a crash.
    if (entry === undefined) return key;
    const text = typeof entry === 'string' ? entry : (entry[plurals.select(Number(params.count ?? 0))] ?? entry.other);
    return text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? number(value) : value;
    });
  };
  return { locale, t, number, percent: (value) => percents.format(value / 100) };
}

/** The placeholders of a text, or of all forms of a plural text (for the catalogue checks). */
export function placeholdersOf(entry: string | PluralForms): string[] {
  const texts = typeof entry === 'string' ? [entry] : Object.values(entry);
  return [...new Set(texts.flatMap((text) => [...(text ?? '').matchAll(PLACEHOLDER)].map((match) => match[1]!)))].sort();
}
