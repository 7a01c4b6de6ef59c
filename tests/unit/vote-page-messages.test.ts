import { describe, expect, test } from 'vitest';
import { describeWait, tooManyAttempts } from '../../src/server/http-errors.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/plugins/error-handler.js';
import { VOTE_PAGE_CATALOGUES } from '../../src/server/features/vote-page/vote-page-language.js';
import { intlLocaleOf, VOTE_PAGE_LOCALES, formatWait } from '../../src/shared/vote-page-locale.js';
import { en } from '../../src/shared/vote-page-messages/en.js';
import { createTranslator, placeholdersOf, type MessageKey } from '../../src/shared/vote-page-messages/translate.js';
import { PRODUCT_CATEGORIES } from '../../src/shared/catalog.js';
import { productVoteLimitMessage, VOTER_COOKIE_REQUIRED_MESSAGE, votePageReadLimitMessage } from '../../src/shared/vote-rules.js';
import { ApiError } from '../../src/web/vote/lib/api.js';
import { fieldErrorFromServer, fieldErrorText } from '../../src/web/vote/lib/form-rules.js';
import { serverErrorText } from '../../src/web/vote/lib/server-messages.js';

const keys = Object.keys(en).sort();
const others = VOTE_PAGE_LOCALES.filter((locale) => locale !== 'en');

describe('the vote page catalogues', () => {
  test.each(others)('%s has exactly the English keys', (locale) => {
    expect(Object.keys(VOTE_PAGE_CATALOGUES[locale]).sort()).toEqual(keys);
  });

  test.each(others)('%s has the same placeholders as English in every text', (locale) => {
    const catalogue = VOTE_PAGE_CATALOGUES[locale];
    const differing = keys.filter((key) => placeholdersOf(catalogue[key as MessageKey]).join() !== placeholdersOf(en[key as MessageKey]).join());
    expect(differing).toEqual([]);
  });

  test.each(VOTE_PAGE_LOCALES)('%s: plural texts are plural where English is, with forms the language has', (locale) => {
    const catalogue = VOTE_PAGE_CATALOGUES[locale];
    const categories = new Intl.PluralRules(intlLocaleOf(locale)).resolvedOptions().pluralCategories as string[];
    for (const key of keys as MessageKey[]) {
      const text = catalogue[key];
      expect(typeof text, key).toBe(typeof en[key]);
      if (typeof text === 'string') {
        expect(text.trim(), key).not.toBe('');
        continue;
      }
      expect(text.other, key).toBeTruthy();
      expect(text.one, key).toBeTruthy();
      expect(Object.keys(text).filter((form) => !categories.includes(form)), key).toEqual([]);
    }
  });

  test.each(others)('%s is really translated: no more than a few texts equal to the English', (locale) => {
    const catalogue = VOTE_PAGE_CATALOGUES[locale];
    const same = keys.filter((key) => JSON.stringify(catalogue[key as MessageKey]) === JSON.stringify(en[key as MessageKey]));
    // Words that are the same in both (Chips, Dashboard, Score) may be; whole sentences may not.
    expect(same.filter((key) => (en[key as MessageKey] as string).includes(' '))).toEqual(
      locale === 'de' ? ['category.Beef Jerky'] : [],
    );
  });

  test('every product category has a name in each language', () => {
    for (const category of PRODUCT_CATEGORIES) expect(keys).toContain(`category.${category}`);
  });
});

describe('English says what the server says', () => {
  const { t } = createTranslator('en', en);

  test('the limits, with any wait', () => {
    for (const seconds of [5, 59, 60, 2400, 3600, 7201]) {
      const wait = formatWait(seconds, 'en');
      expect(t('server.productVoteLimit', { wait })).toBe(productVoteLimitMessage(describeWait(seconds)));
      expect(t('server.readLimit', { wait })).toBe(votePageReadLimitMessage(describeWait(seconds)));
      expect(t('server.tooManyAttempts', { wait })).toBe(tooManyAttempts(seconds).message);
    }
  });

  test('the other refusals a customer can meet', () => {
    expect(t('server.voterCookieRequired')).toBe(VOTER_COOKIE_REQUIRED_MESSAGE);
    expect(t('server.unavailable')).toBe(DATABASE_UNAVAILABLE_MESSAGE);
  });

  test("the server's field messages map to the page's keys and back to the same words", () => {
    for (const message of ['Product name is required', 'Category is required', 'Your name is required', 'Please enter a valid email address', 'Must be at most 120 characters']) {
      const error = fieldErrorFromServer(message);
      expect('key' in error, message).toBe(true);
      expect(fieldErrorText(error, { t })).toBe(message);
    }
    expect(fieldErrorFromServer('Something new')).toEqual({ text: 'Something new' });
  });
});

describe('texts in use', () => {
  test('plural forms follow the language: French counts 0 as one, English does not', () => {
    expect(createTranslator('en', en).t('product.voters', { count: 0 })).toBe('0 voters');
    expect(createTranslator('en', en).t('product.voters', { count: 1 })).toBe('1 voter');
    const fr = createTranslator('fr', VOTE_PAGE_CATALOGUES.fr);
    expect(fr.t('product.voters', { count: 0 })).toBe('0 votant');
    expect(fr.t('product.voters', { count: 2 })).toBe('2 votants');
  });

  test('numbers and percents are written the language’s way', () => {
    expect(createTranslator('en', en).t('voting.showing', { shown: 10, count: 2487 })).toBe('Showing 10 of 2,487 products');
    const de = createTranslator('de', VOTE_PAGE_CATALOGUES.de);
    expect(de.t('voting.showing', { shown: 10, count: 2487 })).toBe('10 von 2.487 Produkten');
    expect(de.percent(67)).toBe('67\u00a0%');
    expect(createTranslator('en', en).percent(67)).toBe('67%');
  });

  test('a machine id is not written as a number with separators', () => {
    expect(createTranslator('de', VOTE_PAGE_CATALOGUES.de).t('header.machine', { id: '12345' })).toBe('Automat 12345');
  });
});

describe('server refusals on the page', () => {
  const es = createTranslator('es', VOTE_PAGE_CATALOGUES.es);
  const english = createTranslator('en', en);
  const limit = new ApiError(429, productVoteLimitMessage('40 minutes'), {}, 2400);

  test("English shows the server's words as sent", () => {
    expect(serverErrorText(limit, english, 'vote.failedDetail')).toBe(productVoteLimitMessage('40 minutes'));
    expect(serverErrorText(new ApiError(500, 'Something broke (request abc)'), english, 'vote.failedDetail')).toBe('Something broke (request abc)');
  });

  test('another language says the known refusals in its words, the wait from Retry-After', () => {
    expect(serverErrorText(limit, es, 'vote.failedDetail')).toBe(
      'Han llegado muchos votos para este producto desde tu red en la última hora. Inténtalo de nuevo dentro de 40 minutos.',
    );
    expect(serverErrorText(new ApiError(429, tooManyAttempts(30).message, {}, 30), es, 'vote.failedDetail')).toBe(
      'Demasiados intentos. Inténtalo de nuevo dentro de 30 segundos.',
    );
    expect(serverErrorText(new ApiError(403, VOTER_COOKIE_REQUIRED_MESSAGE), es, 'vote.failedDetail')).toBe(es.t('server.voterCookieRequired'));
    expect(serverErrorText(new ApiError(404, 'Product not found'), es, 'vote.failedDetail')).toBe(es.t('server.notFound'));
    expect(serverErrorText(new ApiError(400, 'Category is required', { category: 'Category is required' }), es, 'suggest.failedDetail')).toBe(
      'La categoría es obligatoria',
    );
  });

  test('no message (a network failure) is the fallback in the language; an unknown message stays as sent', () => {
    expect(serverErrorText(new ApiError(0, ''), es, 'vote.failedDetail')).toBe('No se pudo registrar el voto');
    expect(serverErrorText(new Error('boom'), english, 'vote.failedDetail')).toBe('Failed to register vote');
    expect(serverErrorText(new ApiError(500, 'Something broke (request abc)'), es, 'vote.failedDetail')).toBe('Something broke (request abc)');
  });
});
