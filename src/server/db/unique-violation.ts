/**
 * True when a query failed on a unique index (SQLSTATE 23505), on either database. Drizzle wraps
 * the driver's error, so the code may be on the error or on its cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
