import { Type, type Static } from 'typebox';
import { QueueIdParam, StaffReason } from './staff-queues.js';

/**
 * Adjustments (issue 23): a finance clerk or an admin credits or debits a member's wallet by hand, or reverses
 * a credit the wallet received (a deposit, a staff credit), with a reason. A credit is applied at once when it,
 * with the same person's credits applied alone in the last 24 hours in its currency, stays at or below the
 * `adjustments` setting's threshold (the money policy, issue 36); a debit or reversal when it is at or below
 * the threshold. Otherwise it waits (PENDING) until a second finance clerk or admin, not the one who asked,
 * approves it (then it is applied) or rejects it (nothing moves).
 * Agents get 403 STAFF_FORBIDDEN. Sessions, CSRF and the refusals of contract/staff.ts hold for every call.
 * Amounts are in major units of the member's currency (baht with satang, whole kip).
 *
 * Money moves as one balanced journal entry between the wallet and the house adjustments account (a reversal:
 * the reversed entry's postings, negated), shown in the member's statement as `adjustment` (from STAFF to
 * WALLET, or WALLET to STAFF); its `made_by` names whoever applied it. A debit or reversal never takes the
 * wallet below zero: 409 MONEY_NOT_ENOUGH, nothing moved (the adjustment stays PENDING when it was waiting).
 */

export const AdjustmentKind = Type.Union([Type.Literal('credit'), Type.Literal('debit'), Type.Literal('reverse')]);
export type AdjustmentKind = Static<typeof AdjustmentKind>;
export const AdjustmentStatus = Type.Union([Type.Literal('PENDING'), Type.Literal('APPLIED'), Type.Literal('REJECTED')]);
export type AdjustmentStatus = Static<typeof AdjustmentStatus>;

/**
 * POST /api/staff/adjustments. `phone` names the member (404 NO_DATA when none has it). credit and debit
 * take `amount` (400 AMOUNT_INVALID when it is not above 0 or has too many decimals for the currency);
 * reverse takes `journalId`, a successful credit into that member's wallet (404 NO_DATA otherwise; 409
 * ADJUSTMENT_REVERSED when it was already reversed or a reversal of it waits). `reason` is required
 * (400 REASON_REQUIRED). Answers the adjustment: APPLIED, or PENDING when it needs a second approver.
 */
export const AdjustmentRequestBody = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  kind: AdjustmentKind,
  amount: Type.Optional(Type.Number()),
  journalId: Type.Optional(Type.Integer({ minimum: 1 })),
  reason: Type.String({ maxLength: 500 }),
  /**
   * The console's key of this one request (a random id made when the form is filled): the same key from the
   * same requester again answers the adjustment it made, as it now is, and asks for nothing more.
   */
  key: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })),
});
export type AdjustmentRequestBody = Static<typeof AdjustmentRequestBody>;

export const Adjustment = Type.Object({
  id: Type.Integer(),
  member: Type.Object({ id: Type.Integer(), phone: Type.String(), name: Type.String() }),
  kind: AdjustmentKind,
  amount: Type.Number(),
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  /** The entry a reversal reverses; null for a credit or debit. */
  reverses: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.String(),
  /** `staff:<username>` or `cli:<username>`. */
  requestedBy: Type.String(),
  requestedAt: Type.String({ format: 'date-time' }),
  status: AdjustmentStatus,
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  decisionReason: Type.Union([Type.String(), Type.Null()]),
  /** The journal entry it made once applied. */
  journalId: Type.Union([Type.Integer(), Type.Null()]),
});
export type Adjustment = Static<typeof Adjustment>;

/**
 * GET /api/staff/adjustments: the pending ones (oldest first) and the 50 last decided (newest first), with
 * the thresholds above which a second approver is needed (major units).
 */
export const AdjustmentList = Type.Object({
  pending: Type.Array(Adjustment),
  recent: Type.Array(Adjustment),
  approvalAbove: Type.Object({ BAHT: Type.Number(), LAK: Type.Number() }),
  /**
   * What the caller may still credit alone (major units, per currency): the threshold less their credits
   * applied alone in the last 24 hours (the money policy). A credit above it waits for a second approver.
   */
  creditAloneLeft: Type.Object({ BAHT: Type.Number(), LAK: Type.Number() }),
});
export type AdjustmentList = Static<typeof AdjustmentList>;

/**
 * POST /api/staff/adjustments/{id}/approve (`reason` optional) and .../reject (`reason` required): only a
 * PENDING adjustment (409 ADJUSTMENT_NOT_PENDING when it was decided meanwhile), only by someone other than
 * who asked (403 FOUR_EYES). Approving applies it; answers the adjustment as it now is.
 */
export const AdjustmentApproveBody = Type.Object({ reason: Type.Optional(StaffReason) });
export type AdjustmentApproveBody = Static<typeof AdjustmentApproveBody>;
export const AdjustmentRejectBody = Type.Object({ reason: StaffReason });
export type AdjustmentRejectBody = Static<typeof AdjustmentRejectBody>;
export { QueueIdParam as AdjustmentIdParam };
