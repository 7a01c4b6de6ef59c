import { z } from 'zod';

/**
 * The languages operators' mails are written in (the settings' language preference). A mail to an
 * operator carries its locale in its props, read from the account when the mail is enqueued.
 */
export const MAIL_LOCALES = ['en', 'es', 'fr', 'de'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];
export const MailLocaleSchema = z.enum(MAIL_LOCALES).default('en');

/** One text in every language a mail is written in; a missing language fails to compile. */
export type Translated<T> = Record<MailLocale, T>;

/** Intl's names for our locales: the formats (dates, numbers) follow the language's usual region. */
const INTL_LOCALE: Translated<string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };

export const intlLocale = (locale: MailLocale) => INTL_LOCALE[locale];

/** A calendar date (YYYY-MM-DD, already local) as the reader's language writes it: 'Tuesday, November 24'. */
export function formatLocalDate(locale: MailLocale, date: string, style: 'long' | 'short' = 'long'): string {
  // Noon UTC of that date, shown in UTC, is that date whatever the server's own time zone.
  const instant = new Date(`${date}T12:00:00Z`);
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(instant);
}

/** An instant in the reader's time zone and language, with the zone named so there is no doubt. */
export function formatInstant(locale: MailLocale, timeZone: string, instant: Date): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(instant);
}

export function formatNumber(locale: MailLocale, value: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits }).format(value);
}
