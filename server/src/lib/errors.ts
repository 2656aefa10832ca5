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

/** A unique constraint refused a write (Postgres says one of these words). */
export const isUniqueViolation = (err: unknown): boolean =>
  /unique|duplicate/i.test(String((err as { message?: unknown })?.message ?? '') + String((err as { detail?: unknown })?.detail ?? ''));

/** A unique violation of that constraint (Postgres names it on the error), not of another in the same transaction. */
export const isUniqueViolationOf = (err: unknown, constraint: string): boolean =>
  isUniqueViolation(err) && (err as { constraint?: unknown })?.constraint === constraint;

export const badRequest = (code: string) => new ApiError(400, code);
export const unauthorized = (code = 'invalid-token', detail?: string) => new ApiError(401, code, detail);
export const forbidden = (code: string) => new ApiError(403, code);
export const conflict = (code: string) => new ApiError(409, code);
export const gone = () => new ApiError(410, 'gone');
export const tooMany = (code = 'REQUEST_LIMIT_1MIN') => new ApiError(429, code);
