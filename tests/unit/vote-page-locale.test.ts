import { describe, expect, test } from 'vitest';
import { describeWait } from '../../src/server/http-errors.js';
import { chooseVotePageLocale, formatWait, negotiateVotePageLocale } from '../../src/shared/vote-page-locale.js';

describe('choosing the vote page language from Accept-Language', () => {
  test.each([
    ['de-DE,de;q=0.9', 'de'],
    ['de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7', 'de'],
    ['es-MX', 'es'],
    ['fr-CA,fr;q=0.9', 'fr'],
    ['FR', 'fr'],
    ['en-GB', 'en'],
    // A language we do not have is skipped for the next one the reader accepts.
    ['pt-BR,pt;q=0.9,es;q=0.5,en;q=0.3', 'es'],
    ['nl-NL, de;q=0.4', 'de'],
    // The q-values decide, not the order; equal q-values keep the order given.
    ['en;q=0.5,fr;q=0.8', 'fr'],
    ['de;q=0.7, es;q=0.7', 'de'],
    ['es, fr', 'es'],
    // q=0 means 'not this one'.
    ['fr;q=0, de;q=0.1', 'de'],
    ['de;q=0', 'en'],
    // Spaces and parameters other than q are allowed.
    [' es-ES ; q=0.9 , en ; q=0.8', 'es'],
    ['de;level=1;q=0.9,fr;q=0.5', 'de'],
  ])('%s → %s', (header, locale) => {
    expect(negotiateVotePageLocale(header)).toBe(locale);
  });

  test.each([undefined, null, '', '*', 'pt-BR,ja;q=0.8', 'zh-Hant-TW', ';;,,', 'de;q=abc', 'de;q=1.5', 'x'.repeat(5000)])(
    'nothing usable (%s) is English',
    (header) => {
      expect(negotiateVotePageLocale(header)).toBe('en');
    },
  );

  test("navigator.languages, already in the reader's order", () => {
    expect(negotiateVotePageLocale(['es-ES', 'es', 'en'])).toBe('es');
    expect(negotiateVotePageLocale(['ja-JP', 'fr-FR'])).toBe('fr');
    expect(negotiateVotePageLocale([])).toBe('en');
  });

  test('only the first 32 ranges of a long header are read', () => {
    expect(negotiateVotePageLocale(`${Array.from({ length: 40 }, (_, i) => `x${i}`).join(',')},de`)).toBe('en');
    expect(negotiateVotePageLocale(`${Array.from({ length: 20 }, (_, i) => `x${i}`).join(',')},de`)).toBe('de');
  });
});

describe('the link, the cookie, then the browser', () => {
  test('?lang= wins over the cookie, the cookie over Accept-Language', () => {
    expect(chooseVotePageLocale({ param: 'es', cookie: 'fr', preferences: 'de' })).toBe('es');
    expect(chooseVotePageLocale({ cookie: 'fr', preferences: 'de' })).toBe('fr');
    expect(chooseVotePageLocale({ preferences: 'de' })).toBe('de');
    expect(chooseVotePageLocale({})).toBe('en');
  });

  test('an unknown or malformed choice is ignored, not an error', () => {
    expect(chooseVotePageLocale({ param: 'xx', cookie: 'FR', preferences: 'de' })).toBe('de');
    expect(chooseVotePageLocale({ param: ['es', 'fr'], cookie: 'es-ES', preferences: 'fr' })).toBe('fr');
  });
});

describe('waits in the reader’s language', () => {
  test('English says a wait exactly as the server does', () => {
    for (const seconds of [1, 2, 40, 59, 60, 61, 119, 600, 2400, 3599, 3600, 3601, 7200]) {
      expect(formatWait(seconds, 'en'), String(seconds)).toBe(describeWait(seconds));
    }
  });

  test('the other languages round the same way and use their own words', () => {
    expect(formatWait(40, 'es')).toBe('40 segundos');
    expect(formatWait(61, 'fr')).toBe('2 minutes');
    expect(formatWait(1, 'de')).toBe('1 Sekunde');
    expect(formatWait(3601, 'de')).toBe('2 Stunden');
  });
});
