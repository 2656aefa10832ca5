import { Type, type Static } from 'typebox';
import { WithdrawReasonSchema } from './statement.js';
import { ACCOUNT_NO_PATTERN } from './staff-deposit-accounts.js';

/**
 * The staff console's work queues (issue 23): slips in review, withdrawals waiting and manual deposit
 * requests waiting, each with its actions. Finance and admin only (an agent gets 403 STAFF_FORBIDDEN, the
 * dashboard's counts excepted). Sessions, CSRF and the refusals of contract/staff.ts hold for every call.
 * Amounts are in major units of the row's currency (baht with satang, whole kip), as the member API's are.
 * Every action runs through the same service as the operator's command for it, writes its audit row
 * (actor, before, after, reason) in the change's transaction, names the staff member in the journal entry
 * it makes (`made_by`), and tells the member's open app at once (member events). An action on a row that
 * is no longer waiting changes nothing: 409 with the code below, and the console shows the row's new state.
 */

/** Why staff turn an action down or do it otherwise than asked: said in the audit trail, 3 to 500 characters. */
export const StaffReason = Type.String({ minLength: 3, maxLength: 500 });

/** The member a row belongs to, as the queues show it. */
export const QueueMember = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  name: Type.String(),
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  /** The member's registered bank account: where a slip should come from and a withdrawal goes to. */
  bankCode: Type.String(),
  bankAccountNo: Type.String(),
  bankAccountName: Type.String(),
});
export type QueueMember = Static<typeof QueueMember>;

/**
 * §4 slip failure reasons: the code the member reads, translated, on a rejected slip (src/features/deposit/
 * deposit-errors.ts). The server's slip verification uses the same list.
 */
export const SLIP_REASONS = [
  'SLIP_INCORRECT',
  'SLIP_WRONG_ACCOUNT',
  'SLIP_DUPLICATE',
  'SLIP_REFERENCE_UNREADABLE',
  'SLIP_CAPTCHA',
  'SLIP_INVALID',
  'SLIP_SENDER_MISMATCH',
  'SLIP_EXPIRED',
  'SLIP_BELOW_MINIMUM',
  'SLIP_UNKNOWN',
] as const;
export type SlipReason = (typeof SLIP_REASONS)[number];
/**
 * Why verification left a slip to a person, beyond the §4 reasons (never a member's rejection reason): the
 * bank's sender matches the uploader's registered account and another member's too, both held when the
 * money was sent, so it is not credited by itself (ReviewSlip.lookAlikes shows them side by side).
 */
export const SLIP_SENDER_AMBIGUOUS = 'SLIP_SENDER_AMBIGUOUS';

/**
 * Why verification left a slip to a person: a bank statement import already credited (or holds for a second
 * clerk) a transfer of the same amount into the same deposit account near that time. The statement shows no
 * transfer reference, so it may be this slip's transfer: a person compares, never a second credit by itself.
 */
export const SLIP_ON_STATEMENT = 'SLIP_ON_STATEMENT';

/**
 * Why verification left a slip to a person: the digits the slip shows of the receiving account are those of
 * one of our deposit accounts and of another no longer taking money (retired past its grace) at the same
 * bank, so the slip cannot tell which got the money: a person checks the active account's statement.
 */
export const SLIP_ACCOUNT_AMBIGUOUS = 'SLIP_ACCOUNT_AMBIGUOUS';

/** A slip in review not known to be from its member's own account: not sent from it, or maybe from another's. */
export const senderInDoubt = (note: string | null) => note === 'SLIP_SENDER_MISMATCH' || note === SLIP_SENDER_AMBIGUOUS;

/**
 * A slip in review whose money the bank's answer does not prove is this member's in one of our accounts
 * (its sender or its receiving account in doubt): crediting it is the approver's word, all of it.
 */
export const creditInDoubt = (note: string | null) => senderInDoubt(note) || note === SLIP_ACCOUNT_AMBIGUOUS;
export const SlipReasonSchema = Type.Union([
  Type.Literal('SLIP_INCORRECT'),
  Type.Literal('SLIP_WRONG_ACCOUNT'),
  Type.Literal('SLIP_DUPLICATE'),
  Type.Literal('SLIP_REFERENCE_UNREADABLE'),
  Type.Literal('SLIP_CAPTCHA'),
  Type.Literal('SLIP_INVALID'),
  Type.Literal('SLIP_SENDER_MISMATCH'),
  Type.Literal('SLIP_EXPIRED'),
  Type.Literal('SLIP_BELOW_MINIMUM'),
  Type.Literal('SLIP_UNKNOWN'),
]);

/**
 * A row's id in a staff path: at most 9 digits, so it always fits the tables' integer ids (Postgres
 * refuses a larger number in the query itself, which would be a 500); a longer one is 400 KEY_INVALID.
 */
export const STAFF_ID_PATTERN = '^[1-9][0-9]{0,8}$';
const IdParam = Type.Object({ id: Type.String({ pattern: STAFF_ID_PATTERN }) });
export { IdParam as QueueIdParam };

/**
 * A credit on a staff member's word waiting for a second person (the money policy, issue 36): who asked
 * which credit and why it waits. `because`: `amount`, above the threshold alone; `day`, with the asker's
 * other credits of the last 24 hours it would pass the threshold. A second finance clerk or admin (not
 * `askedBy`) applies it by asking the same credit; the asker asking it again is 403 FOUR_EYES.
 */
/** The 202 answer's message when the money policy holds a credit for a second person. */
export const CREDIT_WAITS = 'CREDIT_WAITS';

export const CreditHold = Type.Object({
  amount: Type.Number(),
  /** `staff:<username>` or `cli:<username>`. */
  askedBy: Type.String(),
  askedAt: Type.String({ format: 'date-time' }),
  reason: Type.Union([Type.String(), Type.Null()]),
  because: Type.Union([Type.Literal('amount'), Type.Literal('day')]),
});
export type CreditHold = Static<typeof CreditHold>;

/**
 * GET /api/staff/slips: slips in review (status REVIEW), oldest first, at most 100. What the bank said
 * beside what the member registered: the reviewer compares them with the image.
 */
export const ReviewSlip = Type.Object({
  id: Type.Integer(),
  reference: Type.String(),
  member: QueueMember,
  /** Why verification left it to a person: a §4 reason code, or null when the bank could not be asked. */
  note: Type.Union([Type.String(), Type.Null()]),
  /** The amount the bank confirmed, or null when it never told it (then approving needs an amount). */
  bankAmount: Type.Union([Type.Number(), Type.Null()]),
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  /** The bank's words for the sender (bank, masked account, name), or null. */
  sender: Type.Union([Type.String(), Type.Null()]),
  sendingBank: Type.Union([Type.String(), Type.Null()]),
  transRef: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  /** GET it with the session cookie: the slip image as uploaded (`/api/staff/slips/{id}/image`). */
  imageUrl: Type.String(),
  /** An approval waiting for a second person, or null. */
  hold: Type.Union([CreditHold, Type.Null()]),
  /**
   * For a slip whose sender is in doubt (SLIP_SENDER_MISMATCH, SLIP_SENDER_AMBIGUOUS): every member whose
   * registered account the bank's sender could be (bank, each digit shown, name), the uploader first when
   * theirs matches; at most 20. Empty otherwise, and when the bank named no sender or none match.
   */
  lookAlikes: Type.Array(
    Type.Object({
      memberId: Type.Integer(),
      name: Type.String(),
      phone: Type.String(),
      bankAccountName: Type.String(),
      bankAccountNo: Type.String(),
      /** When the member registered, and last changed their bank details (null: never): after the transfer, not its sender. */
      registeredAt: Type.String({ format: 'date-time' }),
      bankChangedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      uploader: Type.Boolean(),
    }),
  ),
});
export type ReviewSlip = Static<typeof ReviewSlip>;
export const ReviewSlipList = Type.Object({ rows: Type.Array(ReviewSlip) });
export type ReviewSlipList = Static<typeof ReviewSlipList>;

/**
 * POST /api/staff/slips/{id}/approve: credits the slip. `amount` defaults to the bank's; another amount,
 * or one the bank never told, needs a `reason` (400 REASON_REQUIRED; 400 AMOUNT_REQUIRED when there is no
 * bank amount and none given; 400 AMOUNT_INVALID for one that is not above 0, has too many decimals for the
 * currency, or is over the site's deposit maximum). 409 SLIP_NOT_WAITING when it was ended meanwhile;
 * 409 SLIP_DUPLICATE when that bank transaction was already credited (the slip is then FAILED
 * SLIP_DUPLICATE, as verification would have made it). What is above the bank's amount (all of it when the
 * bank never told one) is the approver's word: past their allowance under the money policy nothing is
 * credited, the slip stays in review with its `hold`, and the answer is 202 `{ message: 'CREDIT_WAITS' }`.
 * A credit on the approver's word needs a finance clerk or admin (403 STAFF_FORBIDDEN for the CLI without
 * `--as`); approving a hold one asked oneself is 403 FOUR_EYES.
 */
export const SlipApproveBody = Type.Object({
  amount: Type.Optional(Type.Number()),
  reason: Type.Optional(StaffReason),
});
export type SlipApproveBody = Static<typeof SlipApproveBody>;

/** POST /api/staff/slips/{id}/reject: FAILED with the §4 reason the member reads; `comment` is for the audit trail. */
export const SlipRejectBody = Type.Object({ reason: SlipReasonSchema, comment: Type.Optional(StaffReason) });
export type SlipRejectBody = Static<typeof SlipRejectBody>;

/** The member's bonus while a withdrawal waits: a withdrawal with a bonus still running deserves a second look. */
export const QueueBonus = Type.Object({
  name: Type.String(),
  /** Turnover still to play before the bonus clears, in major units; 0 when it is met. */
  turnoverLeft: Type.Number(),
});

/** GET /api/staff/withdrawals: withdrawals waiting to be paid (PENDING), oldest first, at most 100. */
export const WaitingWithdrawal = Type.Object({
  id: Type.Integer(),
  member: QueueMember,
  amount: Type.Number(),
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  /** Where the money goes: the member's bank account when they asked (it may differ from today's). */
  bankCode: Type.String(),
  bankAccountNo: Type.String(),
  bankAccountName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  bonus: Type.Union([QueueBonus, Type.Null()]),
});
export type WaitingWithdrawal = Static<typeof WaitingWithdrawal>;
export const WaitingWithdrawalList = Type.Object({ rows: Type.Array(WaitingWithdrawal) });
export type WaitingWithdrawalList = Static<typeof WaitingWithdrawalList>;

/**
 * POST /api/staff/withdrawals/{id}/pay: paid by a bank transfer whose reference is recorded (3 to 64
 * characters); POST .../reject with a reason: the money returns to the member's wallet, and `memberReason` is
 * what the member reads of why (contract/withdraw-reasons.ts; absent: WITHDRAW_ASK_SUPPORT, "contact support").
 * 409 WITHDRAW_NOT_PENDING when it was settled meanwhile.
 */
export const WithdrawalPayBody = Type.Object({ reference: Type.String({ minLength: 3, maxLength: 64 }) });
export type WithdrawalPayBody = Static<typeof WithdrawalPayBody>;
export const WithdrawalRejectBody = Type.Object({ reason: StaffReason, memberReason: Type.Optional(WithdrawReasonSchema) });
export type WithdrawalRejectBody = Static<typeof WithdrawalRejectBody>;

/** GET /api/staff/deposit-requests: manual deposit requests waiting (PENDING), oldest first, at most 100. */
export const WaitingDepositRequest = Type.Object({
  id: Type.Integer(),
  member: QueueMember,
  amount: Type.Number(),
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  createdAt: Type.String({ format: 'date-time' }),
  /** When the member says they made the transfer; null: not said. */
  transferredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** A confirmation waiting for a second person, or null. */
  hold: Type.Union([CreditHold, Type.Null()]),
  /** The deposit account that waiting confirmation named (the money arrived in it), or null. */
  depositAccountNo: Type.Union([Type.String(), Type.Null()]),
});
export type WaitingDepositRequest = Static<typeof WaitingDepositRequest>;
export const WaitingDepositRequestList = Type.Object({ rows: Type.Array(WaitingDepositRequest) });
export type WaitingDepositRequestList = Static<typeof WaitingDepositRequestList>;

/**
 * POST /api/staff/deposit-requests/{id}/confirm (the money arrived: credited, `reason` optional) and
 * .../reject (a reason required: nothing credited). 409 DEPOSIT_REQUEST_NOT_PENDING when it was settled meanwhile.
 * The whole amount is the confirmer's word (no bank told it): the money policy judges it, and past their
 * allowance the request stays waiting with its `hold` and the answer is 202 `{ message: 'CREDIT_WAITS' }`.
 */
/**
 * `depositAccountNo`: which of our deposit accounts (the `deposit` setting's, of the request's currency, retired
 * ones included) the clerk saw the money arrive in, for the figures per deposit account; another is 400
 * DEPOSIT_ACCOUNT_UNKNOWN, nothing changed. Left out, the request counts as an unknown account.
 */
export const DepositRequestConfirmBody = Type.Object({
  reason: Type.Optional(StaffReason),
  depositAccountNo: Type.Optional(Type.String({ pattern: ACCOUNT_NO_PATTERN.source })),
});
export type DepositRequestConfirmBody = Static<typeof DepositRequestConfirmBody>;
export const DepositRequestRejectBody = Type.Object({ reason: StaffReason });
export type DepositRequestRejectBody = Static<typeof DepositRequestRejectBody>;
