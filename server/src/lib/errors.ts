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

/**
 * Every error inside `err`: itself, what it wraps (`cause`), and an AggregateError's own (a dual-stack connect
 * fails with one of both attempts), a few levels deep.
 */
export function* causes(err: unknown, depth = 0): Generator<unknown> {
  yield err;
  if (typeof err !== 'object' || err === null || depth >= 4) return;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (cause !== undefined) yield* causes(cause, depth + 1);
  if (Array.isArray(errors)) for (const inner of errors) yield* causes(inner, depth + 1);
}

/** The Postgres error of a unique constraint that refused a write (SQLSTATE 23505) inside `err`. */
const uniqueViolation = (err: unknown) =>
  [...causes(err)].find((e): e is { constraint?: unknown } => (e as { code?: unknown } | null)?.code === '23505');

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
