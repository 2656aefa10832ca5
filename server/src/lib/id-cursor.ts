/** The largest id a `serial` column holds (a Postgres integer). */
export const SERIAL_MAX = 2_147_483_647;

/**
 * A page cursor a caller sent as digits (`before`, `from`), for a `serial` id column: one past every
 * id is read as the largest id (every row is older), never handed to Postgres as an integer out of
 * range (a 500 where a page, or an empty one, is the answer).
 */
export function serialCursor(digits: string): number {
  return Math.min(Number(digits), SERIAL_MAX);
}
