import { countOf } from '../shared/wording.js';

/** An error whose message is safe to show the user; the error handler answers it as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Sent with the answer, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A service we depend on is not set up (503) or did not answer as it should (502). */
export const serviceUnavailable = (message: string) => new HttpError(503, message);
export const badGateway = (message: string) => new HttpError(502, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);

/** A wait as people say it: '40 seconds', '5 minutes', '1 hour'. */
export function describeWait(seconds: number): string {
  const [amount, unit] =
    seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return countOf(amount, unit);
}

/** The answer to a caller who must wait; every limit on the server words it the same way. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(429, `Too many attempts. Please try again in ${describeWait(retryAfterSeconds)}.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}
