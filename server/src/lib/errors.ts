/**
 * An error the member's client can act on: `code` is a §8 code (or one we added), sent as
 * `{ "message": code }` with `status`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** Sent as the answer's `detail` (contract/message.ts): what the client may say beyond the code. */
    readonly detail?: string,
  ) {
    super(code);
  }
}

/** The Postgres error of a unique constraint that refused a write (SQLSTATE 23505), itself or one it was wrapped in (cause). */
function uniqueViolation(err: unknown): { constraint?: unknown } | undefined {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23505') return e;
  return undefined;
}

/**
 * A unique constraint refused a write: Postgres' SQLSTATE 23505 (unique_violation), on the driver's error or
 * on one it was wrapped in. Not a word in a message: an ApiError such as TRUELINK_DUPLICATE is not one.
 */
export const isUniqueViolation = (err: unknown): boolean => uniqueViolation(err) !== undefined;

/** A unique violation of that constraint (Postgres names it on the error), not of another in the same transaction. */
export const isUniqueViolationOf = (err: unknown, constraint: string): boolean => uniqueViolation(err)?.constraint === constraint;

export const badRequest = (code: string) => new ApiError(400, code);
export const unauthorized = (code = 'invalid-token', detail?: string) => new ApiError(401, code, detail);
export const forbidden = (code: string) => new ApiError(403, code);
export const conflict = (code: string) => new ApiError(409, code);
export const gone = () => new ApiError(410, 'gone');
export const tooMany = (code = 'REQUEST_LIMIT_1MIN') => new ApiError(429, code);
