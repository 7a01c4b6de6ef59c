import { sql } from 'drizzle-orm';

/** PostgreSQL's text form of an array: each element quoted, NULL bare. Sent as one parameter, cast where used. */
export function arrayLiteral(values: readonly (string | number | null | undefined)[]): string {
  return `{${values.map((value) => (value === null || value === undefined ? 'NULL' : `"${String(value).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/** An int[] parameter, for `= any(...)` and unnest: one parameter however many ids. */
export const intArray = (values: readonly number[]) => sql`${arrayLiteral(values)}::int[]`;
