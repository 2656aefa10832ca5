/**
 * The ledger's own refusals (its database functions raise them as SQLSTATE WL001 to WL005, migration
 * 0038): what the caller can do about each is its business; the routes map them to HTTP (app.ts).
 */
export type LedgerRefusal =
  /** An account that may not go below zero would (the wallet, a game, money in transit). */
  | 'NOT_ENOUGH'
  /** The pending entry was posted or voided already. */
  | 'ENDED'
  /** No pending entry by that id. */
  | 'NOT_PENDING'
  /** Postings that do not sum to zero, or an amount that is not a positive whole number of minor units. */
  | 'UNBALANCED'
  /** An entry or posting changed after its transaction committed. */
  | 'CHANGED';

export class LedgerError extends Error {
  constructor(
    readonly refusal: LedgerRefusal,
    /** What the database said of it (an account id, a pending entry id). */
    readonly detail?: string,
  ) {
    super(`ledger: ${refusal}${detail ? ` (${detail})` : ''}`);
  }
}

const BY_STATE: Record<string, LedgerRefusal> = {
  WL001: 'NOT_ENOUGH',
  WL002: 'ENDED',
  WL003: 'NOT_PENDING',
  WL004: 'UNBALANCED',
  WL005: 'CHANGED',
};

/** The ledger refused because an account that may not go below zero would have. */
export const isNotEnough = (err: unknown): err is LedgerError => err instanceof LedgerError && err.refusal === 'NOT_ENOUGH';

/** The LedgerError a database error stands for, or the error itself when it is none of the ledger's. */
export function ledgerErrorOf(err: unknown): unknown {
  const { code, detail } = (err ?? {}) as { code?: unknown; detail?: unknown };
  const refusal = typeof code === 'string' ? BY_STATE[code] : undefined;
  return refusal ? new LedgerError(refusal, typeof detail === 'string' ? detail : undefined) : err;
}
