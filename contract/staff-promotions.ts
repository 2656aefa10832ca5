import { Type, type Static } from 'typebox';
import { BONUS_RULES } from './staff-bonuses.js';

/**
 * Promotion codes in the staff console (§7 Promotion): finance and admins see every code, how often it was
 * used and the most it may still pay; a code an admin added beyond their allowance of the money policy waits,
 * not offered, for a second admin (server/src/modules/bonus/promotion-approval.ts, as `promotion add --as`).
 * Amounts are in major units of the site's currency (baht with satang, whole kip).
 *
 * GET /api/staff/promotions (finance, admin) lists them. The writes are an admin's (403 STAFF_FORBIDDEN else).
 * POST /api/staff/promotions adds a code (`promotion.add`): within the admin's allowance it is offered at once
 * (200), past it it waits (202, `promotion.propose`); a code taken already, offered or not: 409 PROMOTION_CODE_TAKEN.
 * POST …/:code/approve (an optional note) offers a waiting code, counted against no one, never by the admin who
 * added it (403 FOUR_EYES); …/reject (a reason) leaves it not offered; …/stop (a reason) stops offering a code,
 * and ends its wait. A decision on a code that does not wait (decided or stopped meanwhile, or none): 409
 * PROMOTION_DECIDED; a stop of a code that is not there: 404 NO_PROMOTION, of one no longer offered: 409
 * PROMOTION_NOT_OFFERED. Each is in the audit trail (`promotion.approve`, `promotion.reject`, `promotion.disable`).
 * A stopped code is not offered again here: a rejected one is stopped too, and offering it would pass its four eyes.
 */

/** The most uses a code may have, as the CLI's `--uses`. */
export const PROMOTION_MAX_USES = 10_000_000;

const PerLanguage = Type.Object({
  th: Type.String({ minLength: 1, maxLength: BONUS_RULES.htmlLength }),
  la: Type.Optional(Type.String({ maxLength: BONUS_RULES.htmlLength })),
  en: Type.Optional(Type.String({ maxLength: BONUS_RULES.htmlLength })),
});

/**
 * A code as an admin writes it: the CLI's rules (BONUS_RULES), and its uses always, since the most it may pay
 * (its uses at their most) is what the money policy judges. The description is HTML, each `{money:N}` read as
 * an amount in the member's currency; la and en empty: the Thai. A value outside the rules: 400 KEY_INVALID
 * with the field in `field`.
 */
export const PromotionDraft = Type.Object({
  code: Type.String({ minLength: 2, maxLength: 32 }),
  description: PerLanguage,
  give: Type.Union([Type.Object({ percent: Type.Integer(), max: Type.Number() }), Type.Object({ fixed: Type.Number() })]),
  minDeposit: Type.Number(),
  turnover: Type.Integer(),
  percentFail: Type.Integer(),
  uses: Type.Integer(),
});
export type PromotionDraft = Static<typeof PromotionDraft>;

/** POST /api/staff/promotions: the code and why (3 to 500 characters, REASON_REQUIRED). */
export const PromotionAddBody = Type.Object({ promotion: PromotionDraft, reason: Type.String({ maxLength: 500 }) });
export type PromotionAddBody = Static<typeof PromotionAddBody>;

/** Its answer: offered now, or waiting for a second admin and why. */
export const PromotionAdded = Type.Object({
  code: Type.String(),
  offered: Type.Boolean(),
  waitsBecause: Type.Union([Type.Literal('amount'), Type.Literal('day'), Type.Null()]),
});
export type PromotionAdded = Static<typeof PromotionAdded>;

export const PromotionCodeParam = Type.Object({ code: Type.String({ minLength: 2, maxLength: 32 }) });
/** Approve: an optional note. Reject and stop: a reason (3 to 500 characters, REASON_REQUIRED). */
export const PromotionDecisionBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) });

export const StaffPromotion = Type.Object({
  code: Type.String(),
  /**
   * What members read, per language (the Thai where none was written), every `{money:N}` as an amount in the
   * site's currency: HTML, which the console shows cleaned (DOMPurify), as members see it.
   */
  description: Type.Object({ th: Type.String(), la: Type.String(), en: Type.String() }),
  give: Type.Union([Type.Object({ percent: Type.Integer(), max: Type.Number() }), Type.Object({ fixed: Type.Number() })]),
  minDeposit: Type.Number(),
  /** Bets needed before withdrawing: this many times the deposit and bonus. */
  turnover: Type.Integer(),
  percentFail: Type.Integer(),
  /** How many members may receive it in all; null: no limit (made with the CLI in a demo or test shell). */
  totalUses: Type.Union([Type.Integer(), Type.Null()]),
  used: Type.Integer(),
  /** The most it may pay, every use at its most; null when its uses have no limit. */
  reach: Type.Union([Type.Number(), Type.Null()]),
  offered: Type.Boolean(),
  /** Present while it waits for a second admin: why, who added it, when, and their reason from the audit trail. */
  waiting: Type.Union([
    Type.Object({
      because: Type.Union([Type.Literal('amount'), Type.Literal('day')]),
      proposedBy: Type.String(),
      proposedAt: Type.String({ format: 'date-time' }),
      reason: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type StaffPromotion = Static<typeof StaffPromotion>;

export const StaffPromotionList = Type.Object({
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  promotions: Type.Array(StaffPromotion),
  /** What the signed-in staff member may still put within reach alone now, in the site's currency. */
  aloneLeft: Type.Number(),
});
export type StaffPromotionList = Static<typeof StaffPromotionList>;

/** The answer to a decision or a stop: the code as it is now. */
export const PromotionDecided = Type.Object({ code: Type.String(), offered: Type.Boolean() });
export type PromotionDecided = Static<typeof PromotionDecided>;
