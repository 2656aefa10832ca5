import { VoucherError } from '../../adapters/voucher/voucher.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { ApiError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { answerAsTwin, earlierOutcome, type IdempotencyKey, type Outcome } from '../../lib/idempotency.js';
import { callOutside, callWithin, recoverOutsideCalls, type Applied, type Intent, type OutsideFlow } from '../../lib/outside-call.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import { depositOffer } from '../../../../contract/deposit-rules.js';
import { GIFT_LINK_MINIMUM } from '../../../../contract/limits.js';
import { creditDeposit, memberMoney } from '../../ledger/operations.js';
import { notifyMember } from '../events/service.js';
import {
  closeRedemption,
  insertRedemption,
  liveRedemption,
  openRedemptions,
  setRedemptionJournal,
  type RedemptionRow,
} from './truelink-repository.js';

/**
 * Gift links (§7 Wallet, TrueMoney vouchers). The site sends the link AES-encrypted with crypto-js's
 * passphrase mode (wire compatibility, not security); the server decrypts, accepts only a gift voucher
 * link, asks the voucher service what the voucher is worth, then redeems it as an outside call
 * (lib/outside-call.ts): the redemption is recorded OPEN with the key (a partial unique index lets one
 * live redemption hold a voucher, so two members, or one member twice, at once credit once), the
 * service redeems it for the redemption's ref, and the voucher's amount is credited. When the service
 * does not answer, the redemption stays OPEN and the sweep asks again (redeeming with the same ref is
 * idempotent at the service, so asking also settles the question for good).
 */

/** Exactly a TrueMoney gift voucher link: that host and path, and only the v parameter of a voucher's shape. */
const GIFT_LINK = /^https:\/\/gift\.truemoney\.com\/campaign\/\?v=([0-9A-Za-z]{18,40})$/;

/** The voucher code inside the encrypted link; anything else is TRUELINK_INVALID. */
export async function voucherOf(ciphertext: string, secret: string): Promise<string> {
  let text = '';
  // crypto-js is loaded at the first gift link, not at every start
  const { default: CryptoJS } = await import('crypto-js');
  try {
    text = CryptoJS.AES.decrypt(ciphertext, secret).toString(CryptoJS.enc.Utf8);
  } catch {
    // not crypto-js output, or a wrong secret: bytes that are not UTF-8
  }
  const match = GIFT_LINK.exec(text.trim());
  if (!match?.[1]) throw badRequest('TRUELINK_INVALID');
  return match[1];
}

export const redemptionRef = (id: number) => `truelink-${id}`;

interface TruelinkStart {
  memberId: number;
  voucher: string;
  amountMinor: number;
}
interface TruelinkIntent extends Intent {
  row: RedemptionRow;
}
type Body = { message: string; amount?: number };
const asIntent = (row: RedemptionRow): TruelinkIntent => ({
  id: row.id,
  memberId: row.member_id,
  idempotencyKey: row.idempotency_key,
  row,
});

const UNAVAILABLE: Outcome<Body> = { status: 503, body: { message: 'TRUELINK_UNAVAILABLE' } };

/** Redeems with the redemption's ref: true redeemed for us, false not (refused or taken), undefined no clean answer. */
function redeem(ctx: AppContext, row: RedemptionRow, onRefusal: (code: string) => void): Promise<Applied> {
  return callWithin(
    () =>
      ctx.vouchers.redeem(row.voucher, redemptionRef(row.id)).then(
        (mine) => {
          if (!mine) onRefusal('TRUELINK_DUPLICATE');
          return mine;
        },
        (err: unknown) => {
          // the service answered that it is down: nothing was redeemed
          if (err instanceof VoucherError) {
            onRefusal('TRUELINK_UNAVAILABLE');
            return false;
          }
          throw err;
        },
      ),
    ctx.config.providerTimeoutMs,
  );
}

/**
 * The steps run one intent at a time (the request, or the sweep's loop), so `current` is the intent the
 * answer is about: its amount for SUCCESS, the refusal's code otherwise.
 */
function truelinkFlow(ctx: AppContext): OutsideFlow<TruelinkStart, TruelinkIntent, Body> {
  let current: { row: RedemptionRow; refusal: string } | undefined;
  const track = (row: RedemptionRow) => (current = { row, refusal: 'TRUELINK_UNAVAILABLE' });
  const refuse = (code: string) => current && (current.refusal = code);
  return {
    timeoutMs: ctx.config.providerTimeoutMs,
    async record(tx: Tx, start: TruelinkStart, key: string | null, now: number) {
      const member = await memberMoney(tx, start.memberId);
      if (await liveRedemption(tx, start.voucher)) throw conflict('TRUELINK_DUPLICATE');
      try {
        const row = await insertRedemption(tx, {
          member_id: start.memberId,
          voucher: start.voucher,
          amount: start.amountMinor,
          currency: member.currency,
          idempotency_key: key,
          created_at: now,
        });
        return asIntent(track(row).row);
      } catch (err) {
        // Postgres: a concurrent redemption of the same voucher took it first
        if (isUniqueViolation(err)) throw conflict('TRUELINK_DUPLICATE');
        throw err;
      }
    },
    call: ({ row }) => redeem(ctx, track(row).row, refuse),
    ask: ({ row }) => redeem(ctx, track(row).row, refuse),
    async resolve(tx, { row }, applied, now) {
      if (!(await closeRedemption(tx, row.id, applied ? 'SETTLED' : 'FAILED', now))) return false;
      if (applied) {
        const member = await memberMoney(tx, row.member_id);
        await setRedemptionJournal(tx, row.id, await creditDeposit(tx, member, Number(row.amount), 'TRUELINK', now));
        const amount = toMajor(Number(row.amount), row.currency as Currency);
        // in the transaction: Postgres delivers the NOTIFY at commit and drops it on a rollback
        await notifyMember(ctx.database, row.member_id, { kind: 'credit', source: 'TRUELINK', amount }, tx);
      }
      return true;
    },
    open: async (before) => (await openRedemptions(ctx.database.db, before)).map(asIntent),
    answer(applied): Outcome<Body> {
      if (applied === true && current)
        return { status: 200, body: { message: 'SUCCESS', amount: toMajor(Number(current.row.amount), current.row.currency as Currency) } };
      if (applied === false && current?.refusal === 'TRUELINK_DUPLICATE') return { status: 409, body: { message: 'TRUELINK_DUPLICATE' } };
      return UNAVAILABLE;
    },
  };
}

/** POST /api/wallet/truelink: answers the outcome (a replay of the key answers as the first did); throws ApiError for a refused link. */
export async function redeemGiftLink(
  ctx: AppContext,
  memberId: number,
  ciphertext: string,
  key: IdempotencyKey | undefined,
): Promise<Outcome<Body>> {
  // a replay is answered before the service is asked: by now the voucher reads as redeemed
  const earlier = key ? await earlierOutcome<Body>(ctx.database.db, key) : undefined;
  if (earlier) return earlier;
  const { currency } = await memberMoney(ctx.database.db, memberId);
  // vouchers are in baht: not offered to a wallet in another currency
  if (!depositOffer(ctx.settings.get('deposit'), currency).giftLink) throw new ApiError(403, 'TRUELINK_UNAVAILABLE');
  const voucher = await voucherOf(ciphertext, ctx.config.giftlinkSecret);
  const state = await callWithin(() => ctx.vouchers.inspect(voucher), ctx.config.providerTimeoutMs);
  if (state === undefined) return UNAVAILABLE;
  if (state.state === 'unknown') throw badRequest('TRUELINK_INVALID');
  // redeemed by a twin of this call (a double tap) that claimed the key meanwhile: its answer, or 409 while it is open
  if (state.state === 'redeemed') return answerAsTwin<Body>(ctx.database.db, key, conflict('TRUELINK_DUPLICATE'));
  if (state.amountMinor < toMinor(GIFT_LINK_MINIMUM, 'BAHT')) throw badRequest('TRUELINK_MINIMUM');
  return callOutside(ctx, truelinkFlow(ctx), { memberId, voucher, amountMinor: state.amountMinor }, key);
}

/** Start-up and the minute sweep: redemptions left open are asked again and credited or let go. */
export const recoverTruelinks = (ctx: AppContext) => recoverOutsideCalls(ctx, truelinkFlow(ctx));
