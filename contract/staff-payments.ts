import { Type, type Static } from 'typebox';
import { CreditHold, StaffReason } from './staff-queues.js';

/**
 * Unmatched payment callbacks (issue 23): a payment the gateway reported that credited nobody (its code
 * unknown, expired, closed or of another provider, or another amount) waits here until finance attaches
 * it to the member it belongs to (a QR deposit credited to that member) or marks it refunded (the money
 * went back outside the ledger: nothing moves in ours). Finance and admin only; CSRF, sessions and the
 * refusals of contract/staff.ts hold. A payment is resolved once: a second answer is 409
 * PAYMENT_NOT_UNMATCHED and changes nothing.
 */

export const UnmatchedPayment = Type.Object({
  /** The gateway's transaction id: the payment's key in the console's URLs and the CLI. */
  gatewayTxnId: Type.String(),
  provider: Type.String(),
  /** The QR code id the payment named (which may be no code of ours). */
  ref: Type.String(),
  /** Major units of `currency`. */
  amount: Type.Number(),
  /** The named code's currency; BAHT when the code is unknown (the gateways are Thai and pay baht). */
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  /** The member whose code it named, when it named one: a hint, not the answer. */
  codeMemberPhone: Type.Union([Type.String(), Type.Null()]),
  /** e.g. UNKNOWN_CODE, CODE_EXPIRED, AMOUNT_MISMATCH, WRONG_PROVIDER, CODE_PAID. */
  reason: Type.String(),
  receivedAt: Type.String({ format: 'date-time' }),
  /** An attachment waiting for a second person (the money policy), with the member it names, or null. */
  hold: Type.Union([Type.Intersect([CreditHold, Type.Object({ phone: Type.String() })]), Type.Null()]),
});
export type UnmatchedPayment = Static<typeof UnmatchedPayment>;

export const UnmatchedPaymentList = Type.Object({ rows: Type.Array(UnmatchedPayment) });
export type UnmatchedPaymentList = Static<typeof UnmatchedPaymentList>;

export const PaymentIdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * Credit the payment to this member (a QR deposit): the member's currency must be the payment's (400
 * PAYMENT_CURRENCY_MISMATCH). Whose money it is is the clerk's word: past their allowance under the money
 * policy it answers 202 `{ message: 'CREDIT_WAITS' }` and the payment stays unmatched with its `hold`; a
 * second finance clerk or admin attaching it to the same member applies it (the asker: 403 FOUR_EYES).
 */
export const PaymentAttachBody = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 20 }), reason: StaffReason });
export type PaymentAttachBody = Static<typeof PaymentAttachBody>;

/** The payment went back to the payer outside our ledger; `reference` is the bank's, when there is one. */
export const PaymentRefundedBody = Type.Object({
  reason: StaffReason,
  reference: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type PaymentRefundedBody = Static<typeof PaymentRefundedBody>;
