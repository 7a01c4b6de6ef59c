/** Returned by withinMs when the work did not settle in time. */
export const TIMED_OUT = 'timeout' as const;

/**
 * The work's result, or TIMED_OUT when it has not settled within `ms`. The work goes on (a query
 * cannot be called back); a failure after the deadline is ignored, not left unhandled.
 */
export async function withinMs<T>(ms: number, work: Promise<T>): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
