import { Type, type Static } from 'typebox';
import type { WithdrawReason } from './withdraw-reasons.js';

/** Why a withdrawal was rejected, as its member reads it: contract/withdraw-reasons.ts's list (checked below). */
export const WithdrawReasonSchema = Type.Union([
  Type.Literal('WITHDRAW_NAME_MISMATCH'),
  Type.Literal('WITHDRAW_ACCOUNT_UNREACHABLE'),
  Type.Literal('WITHDRAW_TURNOVER'),
  Type.Literal('WITHDRAW_ASK_SUPPORT'),
]);
// the schema and the list are one set of codes: a code in one and not the other fails the typecheck here
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaIsTheList: Same<Static<typeof WithdrawReasonSchema>, WithdrawReason> = true;

export const StatementBody = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000 }),
  limit: Type.Integer({ minimum: 1, maximum: 100 }),
});
/** §3 Statement: the related bonus, promotion, invite or refund, named in the member's language (`?lang=`). */
const Related = (description: string) =>
  Type.Object(
    {
      code: Type.String(),
      description: Type.String(),
      finishReason: Type.Optional(
        Type.Union([Type.Literal('TURNOVER'), Type.Literal('CLEAR'), Type.Literal('STAFF')], {
          description: 'on finish_bonus: the turnover was reached, the member cancelled, or our staff ended it',
        }),
      ),
    },
    { description },
  );
export { LangQuery as StatementQuery } from './lang.js';

export const StatementItem = Type.Object({
  _id: Type.Integer(),
  statementType: Type.String({
    description:
      'deposit, bonus, finish_bonus, withdraw, transfer or adjustment (by staff: from STAFF, to STAFF, or to REVERSAL taking back an earlier credit)',
  }),
  status: Type.String({ description: 'SUCCESS, FAILED, or anything else: in progress' }),
  from: Type.String({
    description:
      'WALLET, a provider code, where a deposit came from (OPERATOR, SLIP, QR, TRUELINK), or what gave a bonus (BONUS, PROMOTION, LUCKYDRAW)',
  }),
  to: Type.String({ description: 'WALLET, a provider code, or BANK' }),
  amount: Type.Number({ description: "signed, in the member's currency: + into the wallet, - out of it" }),
  createdAt: Type.String({ format: 'date-time' }),
  provider: Type.Optional(
    Type.Object({ code: Type.String(), name: Type.String() }, { description: 'the game provider of a transfer, named for people' }),
  ),
  bonus: Type.Optional(Related('the bonus a bonus or finish_bonus entry belongs to')),
  promotion: Type.Optional(Related('the promotion a bonus or finish_bonus entry belongs to')),
  invite: Type.Optional(
    Type.Object(
      { description: Type.String() },
      { description: 'on a bonus entry from INVITE: invite money received (README: Invite and refund)' },
    ),
  ),
  refund: Type.Optional(
    Type.Object({ description: Type.String() }, { description: 'on a bonus entry from REFUND: a refund moved to the wallet' }),
  ),
  luckydraw: Type.Optional(
    Type.Object(
      { coupon: Type.Integer(), code: Type.String({ description: 'the slice won' }), description: Type.String() },
      { description: 'the spin-wheel coupon a bonus entry paid out (cash, or a bonus prize)' },
    ),
  ),
  bank: Type.Optional(
    Type.Object({ code: Type.String(), accountNo: Type.String() }, { description: 'the bank account a withdrawal was requested to' }),
  ),
  rejectReason: Type.Optional(
    Type.Union(WithdrawReasonSchema.anyOf, {
      description: 'on a rejected withdrawal: why, as the member reads it (contract/withdraw-reasons.ts); absent before 2026-12-02',
    }),
  ),
});
export type StatementItem = Static<typeof StatementItem>;
export const StatementResponse = Type.Object({ total: Type.Integer(), statements: Type.Array(StatementItem) });
export type StatementResponse = Static<typeof StatementResponse>;
