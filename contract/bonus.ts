import { Type, type Static } from 'typebox';

/**
 * The bonus and promotion contract between the site and the server (§3 Bonus, Active bonus check,
 * Promotion; §7 Bonus, promotion). The site imports these types with `import type`. Money is in the
 * member's currency; texts are in the language asked with `?lang=` (Thai where the operator gave none).
 */

export { LangQuery } from './lang.js';
export const CodeParam = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

/** What receiving an offer would do now, for this member: stated before they confirm (issue 21, terms before consequences). */
export const OfferTerms = Type.Object({
  amount: Type.Number({ description: 'what receiving it now credits to the wallet (0 when it would be refused)' }),
  turnover: Type.Number({
    description:
      'bets needed after receiving it before any withdrawal: the whole balance, deposits included, is held until then (0 when refused)',
  }),
  currency: Type.Optional(
    Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')], {
      description: "the currency of amount and turnover: the member's own (a Lao-site member may hold baht)",
    }),
  ),
  refusal: Type.Union([Type.String(), Type.Null()], {
    description:
      'the code receiving would answer now (BONUS_DEPOSIT_REQUIRED, BONUS_WITHDRAWN_SINCE, BONUS_FIRST_DEPOSIT_ONLY, BONUS_AMOUNT_ZERO, BONUS_FULL); null when it would be given',
  }),
});
export type OfferTerms = Static<typeof OfferTerms>;

export const BonusItem = Type.Object({
  code: Type.String(),
  name: Type.String(),
  type: Type.Union([Type.Literal('limit'), Type.Literal('day'), Type.Literal('week')], {
    description: 'limit: maxReceived in all; day: per Bangkok day; week: per week from Monday, Bangkok time',
  }),
  maxReceived: Type.Integer(),
  percentFail: Type.Integer({ description: 'the share of the bonus forfeited when it is cancelled before its turnover' }),
  banners: Type.Array(Type.Object({ image: Type.String(), html: Type.String() })),
  html: Type.String(),
  notice: Type.String({ description: 'may hold a {percentFail} placeholder the site fills in' }),
  minDeposit: Type.Number({ description: 'the smallest deposit it is given on' }),
  turnoverMultiple: Type.Integer({ description: 'deposit plus bonus times this must be bet before the money is free' }),
  terms: OfferTerms,
  exhausted: Type.Boolean({
    description: 'received maxReceived times in its period (day, week from Monday, or ever), in the operator time zone',
  }),
  userBonus: Type.Union([
    Type.Object({
      _id: Type.Integer(),
      isActive: Type.Boolean(),
      received: Type.Array(Type.Object({ updatedAt: Type.String({ format: 'date-time' }) })),
    }),
    Type.Null(),
  ]),
});
export type BonusItem = Static<typeof BonusItem>;
export const BonusList = Type.Object({ bonuses: Type.Array(BonusItem) });
export type BonusList = Static<typeof BonusList>;

export const Turnover = Type.Object({
  target: Type.Number({ description: 'bets needed in all' }),
  progress: Type.Number({ description: 'bets counted since the bonus was received' }),
  remaining: Type.Number(),
});
export const ActiveBonus = Type.Object({
  status: Type.Boolean({ description: 'true while a bonus or promotion is active' }),
  type: Type.Union([Type.Literal('limit'), Type.Literal('day'), Type.Literal('week'), Type.Literal('promotion'), Type.Null()]),
  code: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Union([Type.Number(), Type.Null()], { description: 'the bonus money received' }),
  percentFail: Type.Union([Type.Integer(), Type.Null()], { description: 'the share of the bonus taken back if it is cancelled' }),
  turnover: Type.Union([Turnover, Type.Null()]),
});
export type ActiveBonus = Static<typeof ActiveBonus>;

export const Activated = Type.Object({
  message: Type.Literal('SUCCESS'),
  code: Type.String(),
  amount: Type.Number({ description: 'credited to the wallet' }),
  turnover: Turnover,
});
export type Activated = Static<typeof Activated>;

export const ClearMinimum = Type.Object({
  minimum: Type.Number({ description: 'wallet plus game balances must be below this to cancel the active bonus' }),
  balance: Type.Number({ description: 'wallet plus game balances as the server knows them now' }),
});
export type ClearMinimum = Static<typeof ClearMinimum>;
export const Cleared = Type.Object({
  message: Type.Literal('BONUS_CLEAR'),
  forfeited: Type.Number({ description: 'taken back from the wallet: percentFail of the bonus, at most the wallet balance' }),
});

export const PromotionFound = Type.Object({
  code: Type.String(),
  percentFail: Type.Integer(),
  description: Type.String(),
  terms: OfferTerms,
});
export type PromotionFound = Static<typeof PromotionFound>;
export const PromotionCurrent = Type.Object({
  promotion: Type.Union([
    Type.Object({
      code: Type.String(),
      description: Type.String(),
      percentFail: Type.Integer(),
      amount: Type.Number(),
      receivedAt: Type.String({ format: 'date-time' }),
      turnover: Turnover,
    }),
    Type.Null(),
  ]),
});
export type PromotionCurrent = Static<typeof PromotionCurrent>;
