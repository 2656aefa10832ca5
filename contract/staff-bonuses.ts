import { Type, type Static } from 'typebox';

/**
 * Bonuses in the staff console (issue 39): admins list, add and change the bonuses members are offered (§4),
 * with the same rules as the operator's `bonus add`, and stop or offer them again. Amounts are in major units
 * of the site's currency (baht with satang, whole kip), as the CLI takes them.
 *
 * A bonus's budget is the most it may ever pay, and a console bonus must have one. Budget added (all of it for
 * a new bonus, the increase for a change) is money one admin puts within members' reach: it counts against
 * the admin's allowance of the money policy (the `adjustments` threshold, shared with their credits over a
 * rolling 24 hours). Within it the change applies at once (200 APPLIED); beyond it the change waits (202,
 * status PENDING, `waitsBecause` amount or day) until a second admin approves it (applied then, counted
 * against no one) or rejects it with a reason. The proposer may never approve it (403 FOUR_EYES). One change
 * waits per bonus (409 BONUS_CHANGE_PENDING); a decision on one decided meanwhile: 409 BONUS_CHANGE_DECIDED.
 *
 * GET /api/staff/bonuses (finance, admin) lists them; the writes are the admin's (403 STAFF_FORBIDDEN else).
 * Every change, decision, stop and offer is in the audit trail (`bonus.propose`, `bonus.add`, `bonus.edit`,
 * `bonus.approve`, `bonus.reject`, `bonus.disable`, `bonus.offer`).
 */

/** The rules a bonus is held to, in the console and in the CLI alike. */
export const BONUS_RULES = {
  code: /^[A-Z0-9_-]{2,32}$/,
  maxReceived: { min: 1, max: 1000 },
  percentFail: { min: 0, max: 100 },
  percent: { min: 1, max: 1000 },
  turnover: { min: 0, max: 100 },
  nameLength: 100,
  htmlLength: 5000,
} as const;

const PerLanguage = (maxLength: number) =>
  Type.Object({
    th: Type.String({ minLength: 1, maxLength }),
    la: Type.Optional(Type.String({ maxLength })),
    en: Type.Optional(Type.String({ maxLength })),
  });

/**
 * A bonus as the admin writes it. `give` is a percentage of the deposit up to a maximum, or a fixed amount.
 * Missing la or en texts show the Thai. `html` (the terms members read, cleaned by DOMPurify where shown)
 * defaults to the name. 400 KEY_INVALID for a value outside the rules (the field named in the message's
 * `field`), 400 BONUS_CODE_TAKEN for a new code that exists.
 */
export const BonusDraft = Type.Object({
  code: Type.String({ minLength: 2, maxLength: 32 }),
  name: PerLanguage(BONUS_RULES.nameLength),
  html: Type.Optional(PerLanguage(BONUS_RULES.htmlLength)),
  /** limit: at most maxReceived times ever; day or week: that many times per local day or week. */
  type: Type.Union([Type.Literal('limit'), Type.Literal('day'), Type.Literal('week')]),
  maxReceived: Type.Integer(),
  give: Type.Union([Type.Object({ percent: Type.Integer(), max: Type.Number() }), Type.Object({ fixed: Type.Number() })]),
  minDeposit: Type.Number(),
  /** Bets needed before withdrawing: this many times the deposit and bonus. */
  turnover: Type.Integer(),
  /** What a member who cancels forfeits, in percent of the bonus. */
  percentFail: Type.Integer(),
  budget: Type.Number(),
});
export type BonusDraft = Static<typeof BonusDraft>;

/** POST /api/staff/bonuses and PUT /api/staff/bonuses/:code: the bonus and why (3 to 500 characters, REASON_REQUIRED). */
export const BonusChangeBody = Type.Object({ bonus: BonusDraft, reason: Type.String({ maxLength: 500 }) });
export type BonusChangeBody = Static<typeof BonusChangeBody>;

export const BonusCodeParam = Type.Object({ code: Type.String({ minLength: 2, maxLength: 32 }) });
/** Approve: an optional note. Reject, stop, offer: a reason. */
export const BonusDecisionBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) });

export const BonusChangeView = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('add'), Type.Literal('edit')]),
  bonus: BonusDraft,
  budgetAdded: Type.Number(),
  reason: Type.String(),
  proposedBy: Type.String(),
  proposedAt: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal('PENDING'), Type.Literal('APPLIED'), Type.Literal('REJECTED')]),
  waitsBecause: Type.Union([Type.Literal('amount'), Type.Literal('day'), Type.Null()]),
});
export type BonusChangeView = Static<typeof BonusChangeView>;

export const StaffBonus = Type.Object({
  /** As written; a bonus a change would add, still waiting, is listed with offered false and its change. */
  bonus: BonusDraft,
  offered: Type.Boolean(),
  /** Made with the CLI with no budget: the console shows it, and a change must give it one (counted whole, less what it paid). */
  unbudgeted: Type.Boolean(),
  /** Paid out so far in the site's currency, and members holding it now. */
  given: Type.Number(),
  holders: Type.Integer(),
  waiting: Type.Union([BonusChangeView, Type.Null()]),
});
export type StaffBonus = Static<typeof StaffBonus>;

export const StaffBonusList = Type.Object({
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  bonuses: Type.Array(StaffBonus),
  /** What the signed-in admin may still put within reach alone now, in the site's currency. */
  aloneLeft: Type.Number(),
});
export type StaffBonusList = Static<typeof StaffBonusList>;
