import { formatWait } from '../../../shared/vote-page-locale.js';
import type { MessageKey, Translator } from '../../../shared/vote-page-messages/translate.js';
import { productVoteLimitMessage, VOTER_COOKIE_REQUIRED_MESSAGE } from '../../../shared/vote-rules.js';
import { ApiError } from './api.js';
import { fieldErrorFromServer, fieldErrorText } from './form-rules.js';

/** The fixed start of the hourly per-product limit's answer, whatever the wait. */
const PRODUCT_LIMIT_START = productVoteLimitMessage('').split('.')[0]!;

/**
 * What a failed public call says to the reader. The server answers in English, the spec's words;
 * in English the page shows them as sent. In another language the refusals a customer can meet
 * (by status and the shared message texts) are said in that language, Retry-After's wait
 * included; a message the page does not know stays as the server sent it.
 */
export function serverErrorText(error: unknown, { locale, t }: Translator, fallback: MessageKey): string {
  if (!(error instanceof ApiError) || !error.message) return t(fallback);
  if (locale === 'en') return error.message;
  if (error.message === VOTER_COOKIE_REQUIRED_MESSAGE) return t('server.voterCookieRequired');
  if (error.status === 429) {
    const wait = formatWait(error.retryAfterSeconds ?? 60, locale);
    return t(error.message.startsWith(PRODUCT_LIMIT_START) ? 'server.productVoteLimit' : 'server.tooManyAttempts', { wait });
  }
  if (error.status === 404) return t('server.notFound');
  if (error.status === 503) return t('server.unavailable');
  if (error.status === 400) return fieldErrorText(fieldErrorFromServer(error.message), { t })!;
  return error.message;
}
