import { Type, type Static } from 'typebox';

/**
 * The spin-wheel contract (§3 Spin setup, Spin result, Coupon; §7 Spin wheel). Texts come in the
 * language asked with `?lang=` (Thai where the operator gave none); money in the member's currency.
 */

import { LangQuery } from './lang.js';

export { LangQuery };
export const CouponQuery = Type.Object({
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: '3 coupons a page, from 1' })),
  lang: LangQuery.properties.lang,
});

export const SliceView = Type.Object({
  code: Type.String(),
  label: Type.String(),
  bgColor: Type.String(),
  textColor: Type.String(),
  htmlDescription: Type.String({ description: 'HTML, sanitised by the site' }),
});
export type SliceView = Static<typeof SliceView>;

export const SpinActive = Type.Object({ isActive: Type.Boolean() });
export const SpinSetup = Type.Object({
  result: Type.Object({
    activeSpinwheel: Type.Union([Type.Object({ name: Type.String(), slice: Type.Array(SliceView) }), Type.Null()], {
      description: 'null while the operator has the wheel off',
    }),
    userCoin: Type.Integer(),
    waitingCoin: Type.Optional(
      Type.Object(
        {
          coins: Type.Integer({ description: "coins of the member's deposits not yet played through" }),
          bet: Type.Number({ description: "what the member still has to bet to receive them all, in the member's currency" }),
        },
        { description: 'absent when no deposit coins wait; a withdrawal before they are received forfeits them' },
      ),
    ),
  }),
});

export const SpinResult = Type.Object({
  success: Type.Literal(true),
  error: Type.Null(),
  result: Type.Object({
    code: Type.String({ description: 'the slice drawn' }),
    label: Type.String(),
    remainingCoin: Type.Integer(),
    coupon: Type.Union([Type.Integer(), Type.Null()], { description: 'the coupon won, null for a slice with no prize' }),
  }),
});
export const SpinRefused = Type.Object({
  message: Type.String(),
  success: Type.Optional(Type.Literal(false)),
  error: Type.Optional(Type.String({ description: 'NO_COIN, SPINWHEEL_INACTIVE, or the idempotency codes; the same as message' })),
  result: Type.Optional(Type.Null()),
});

export const CouponItem = Type.Object({
  _id: Type.Integer(),
  prize: Type.Object({ name: Type.String({ description: "the wheel's name" }), slice: SliceView }),
  type: Type.Union([Type.Literal('cash'), Type.Literal('bonus'), Type.Literal('item')], {
    description: 'cash: to the wallet; bonus: a bonus with its turnover; item: handed out by staff, not claimed here',
  }),
  amount: Type.Number(),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  expired: Type.Boolean(),
  claimed: Type.Boolean(),
});
export type CouponItem = Static<typeof CouponItem>;
export const CouponList = Type.Object({ coupons: Type.Array(CouponItem), total: Type.Integer() });

export const ClaimBody = Type.Object({
  coupon: Type.Union([Type.Integer(), Type.String({ maxLength: 100 })], { description: 'the coupon _id' }),
});
export const Claimed = Type.Object({
  message: Type.Literal('SUCCESS'),
  coupon: Type.Integer(),
  type: Type.Union([Type.Literal('cash'), Type.Literal('bonus')]),
  amount: Type.Number({ description: 'credited to the wallet' }),
});
