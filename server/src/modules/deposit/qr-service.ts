import { randomBytes } from 'node:crypto';
import { GatewayError } from '../../adapters/gateway/gateway.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { ApiError, badRequest } from '../../lib/errors.js';
import type { IdempotencyKey, Outcome } from '../../lib/idempotency.js';
import { callOutside, callWithin, recoverOutsideCalls, type Applied, type Intent, type OutsideFlow } from '../../lib/outside-call.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { settingToMember, siteMoney } from '../../lib/site-money.js';
import {
  cancelOpenCodes,
  closeCode,
  codeByRef,
  creatingBefore,
  expireStale,
  finishCreating,
  insertCode,
  openCodeOf,
  type QrcodeRow,
} from './qr-repository.js';
import { QR_PROVIDERS, type QrOutcome, type QrProvider, type QrState } from '../../../../contract/deposit.js';
import type { GoLiveTestQr } from '../../../../contract/staff.js';
import { depositOffer } from '../../../../contract/deposit-rules.js';
import { QR_MINIMUM } from '../../../../contract/limits.js';
import { qrcode } from '../../lib/qrcode.js';
import { OPN_MINIMUM_SATANG } from '../../adapters/gateway/opn.js';

/**
 * Payment QR codes (§7 QR). Creating one is an outside call (lib/outside-call.ts): the code is recorded
 * CREATING with the Idempotency-Key, the gateway registers it and answers its payload, and the code
 * becomes OPEN, or FAILED when the gateway refused. When the gateway neither answers nor can be told to
 * withdraw the code, it stays CREATING (the key in flight) until the sweep withdraws it. No money moves
 * here: the gateway's signed callback credits a paid code (qr-callback.ts).
 */

/** The largest amount of a provider the `qrcode` setting leaves out, in baht. */
export const QR_MAXIMUM_BAHT = 50_000;

/**
 * The most one code of this provider may ask for, in minor units of the member's currency. The setting
 * is written in the site's currency, like the bonus figures: a Lao-site member who chose baht gets it
 * converted at bonus.kipPerBaht, rounded down.
 */
export function qrMaximum(ctx: Pick<AppContext, 'config' | 'settings'>, provider: QrProvider, currency: Currency): number {
  const site = siteMoney(ctx.config, ctx.settings.get('bonus'));
  const fallback = site.currency === 'LAK' ? QR_MAXIMUM_BAHT * site.kipPerBaht : QR_MAXIMUM_BAHT;
  return settingToMember(ctx.settings.get('qrcode').maximum?.[provider] ?? fallback, site, currency);
}

/**
 * The least a code may ask, in minor units: the provider's (§9 QR_MINIMUM) and, with Opn, Opn's own (20
 * baht: below it the member is told the minimum, not that the gateway failed).
 */
export function qrMinimum(ctx: Pick<AppContext, 'config'>, provider: QrProvider, currency: Currency): number {
  const ours = toMinor(QR_MINIMUM[provider], currency);
  return ctx.config.paymentGateway === 'opn' ? Math.max(ours, OPN_MINIMUM_SATANG) : ours;
}

/** A code's payload drawn as SVG markup, as members and staff see it. */
const qrSvg = async (payload: string) => (await qrcode()).toString(payload, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });

export const isQrProvider = (code: string): code is QrProvider => (QR_PROVIDERS as readonly string[]).includes(code);

export const FAILED_STATE = (message: string): QrState => ({ hasQrcode: false, message });

/** The code as the member sees it: the payload drawn as SVG markup. */
export async function stateOf(row: Pick<QrcodeRow, 'ref' | 'amount' | 'currency' | 'expires_at'>, payload: string): Promise<QrState> {
  return {
    hasQrcode: true,
    qrcodeId: row.ref,
    qrcode: await qrSvg(payload),
    payload,
    amount: toMajor(Number(row.amount), row.currency as Currency),
    expireIn: Number(row.expires_at),
  };
}

/** GET: the member's open code for that provider, or hasQrcode false; with the most a new code may ask for (the amount field checks it). */
export async function currentCode(ctx: AppContext, memberId: number, provider: QrProvider): Promise<QrState> {
  const now = ctx.now();
  await expireStale(ctx.database.db, memberId, now);
  const row = await openCodeOf(ctx.database.db, memberId, provider, now);
  const member = await ctx.database.db.selectFrom('members').select('currency').where('id', '=', memberId).executeTakeFirstOrThrow();
  const currency = member.currency as Currency;
  const maximum = toMajor(qrMaximum(ctx, provider, currency), currency);
  return row?.payload ? { ...(await stateOf(row, row.payload)), maximum } : { hasQrcode: false, maximum };
}

/**
 * What became of one of the member's codes (issue 38): a phone that was offline when it was paid, or whose
 * countdown ran out offline, asks when it is back, so the member is told it was paid. Another member's code,
 * or none, is 404 NO_DATA.
 */
export async function codeOutcome(ctx: AppContext, memberId: number, ref: string): Promise<QrOutcome> {
  const row = await ctx.database.db
    .selectFrom('qrcodes')
    .select(['status', 'amount', 'currency'])
    .where('ref', '=', ref)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'NO_DATA');
  const status = row.status === 'PAID' ? 'PAID' : row.status === 'OPEN' || row.status === 'CREATING' ? 'OPEN' : 'CLOSED';
  return { status, amount: toMajor(Number(row.amount), row.currency as Currency) };
}

/** Withdraws codes at the gateway after they were closed here; a payment that still arrives is kept unmatched. */
function withdrawAtGateway(ctx: AppContext, refs: string[]): void {
  for (const ref of refs) void callWithin(() => ctx.gateway.cancelCode(ref), ctx.config.providerTimeoutMs);
}

interface QrStart {
  memberId: number;
  provider: QrProvider;
  amount: number;
}
interface QrIntent extends Intent {
  row: QrcodeRow;
}
const asIntent = (row: QrcodeRow): QrIntent => ({ id: row.id, memberId: row.member_id, idempotencyKey: row.idempotency_key, row });

const FAIL: Outcome<QrState> = { status: 503, body: FAILED_STATE('QR_FAIL') };

/**
 * The flow for one request: `call` keeps the gateway's payload so the answer (and the key's recorded
 * answer) can show the code. The sweep's flow never sees a payload: it only withdraws codes.
 */
function qrFlow(ctx: AppContext): OutsideFlow<QrStart, QrIntent, QrState> & { readonly replaced: string[] } {
  let created: { row: QrcodeRow; payload: string; state?: QrState } | undefined;
  // what each step's committed transaction closed: assigned, not added to, since withTransaction may run a
  // step again after a deadlock, and a rolled-back run closed nothing
  let closedAtRecord: string[] = [];
  let closedAtResolve: string[] = [];
  return {
    get replaced() {
      return [...new Set([...closedAtRecord, ...closedAtResolve])];
    },
    timeoutMs: ctx.config.providerTimeoutMs,
    async record(tx: Tx, start: QrStart, key: string | null, now: number) {
      const member = await memberMoney(tx, start.memberId);
      // only in the currency its code pays (a Thai code asks for baht: never for a kip wallet)
      const offered = depositOffer(ctx.settings.get('deposit'), member.currency).qrProviders.some((b) => b.bankCode === start.provider);
      if (!offered) throw badRequest('QR_UNAVAILABLE');
      const amount = toMinor(start.amount, member.currency);
      if (amount <= 0 || amount < qrMinimum(ctx, start.provider, member.currency)) throw badRequest('QR_MINIMUM');
      if (amount > qrMaximum(ctx, start.provider, member.currency)) throw badRequest('QR_MAXIMUM');
      // one open code per member: a new one replaces the others, whatever their provider
      closedAtRecord = await cancelOpenCodes(tx, start.memberId, now);
      const row = await insertCode(tx, {
        ref: `QR${randomBytes(8).toString('hex').toUpperCase()}`,
        member_id: start.memberId,
        provider: start.provider,
        amount,
        currency: member.currency,
        idempotency_key: key,
        created_at: now,
        expires_at: now + ctx.settings.get('qrcode').expireMinutes * 60_000,
      });
      return asIntent(row);
    },
    async call({ row }): Promise<Applied> {
      const request = {
        ref: row.ref,
        provider: row.provider as QrProvider,
        amountMinor: Number(row.amount),
        currency: row.currency as Currency,
      };
      const applied = await callWithin(
        () =>
          ctx.gateway.createCode(request).then(
            ({ payload }) => {
              created = { row, payload };
              return true;
            },
            // the gateway answered and refused: the code does not exist there
            (err: unknown) => (err instanceof GatewayError ? false : Promise.reject(err)),
          ),
        ctx.config.providerTimeoutMs,
      );
      // the code drawn once the gateway has answered: our own work, not counted in the gateway's time (a busy
      // machine drawing its first code in the timeout's 100 ms of the tests answered 503 for a code that existed)
      if (applied && created?.row.id === row.id) {
        created.state = await stateOf(row, created.payload).catch(() => undefined);
        // a code that cannot be drawn is as one not answered: withdrawn at the gateway, as before
        if (!created.state) return undefined;
      }
      return applied;
    },
    // no clean answer: withdraw the code at the gateway; once that is answered, it can never be paid as ours
    ask: ({ row }) => callWithin(() => ctx.gateway.cancelCode(row.ref).then(() => false), ctx.config.providerTimeoutMs),
    async resolve(tx, { row }, applied, now) {
      const payload = applied && created?.row.id === row.id ? created.payload : null;
      if (payload !== null) {
        // a creation that raced this one may have opened a code meanwhile: the newest wins
        closedAtResolve = await cancelOpenCodes(tx, row.member_id, now, row.id);
      }
      return finishCreating(tx, row.id, payload, now);
    },
    open: async (before) => (await creatingBefore(ctx.database.db, before)).map(asIntent),
    answer: (applied) => (applied && created?.state ? { status: 200, body: created.state } : FAIL),
  };
}

/** POST: a new code for the member, replacing the others. Throws ApiError for the member's mistakes. */
export async function createCode(ctx: AppContext, start: QrStart, key: IdempotencyKey | undefined): Promise<Outcome<QrState>> {
  const flow = qrFlow(ctx);
  const outcome = await callOutside(ctx, flow, start, key);
  withdrawAtGateway(ctx, flow.replaced);
  return outcome;
}

/** DELETE: cancels the member's own code; an unknown code or another member's is NO_DATA. */
export async function cancelCode(ctx: AppContext, memberId: number, ref: string): Promise<QrState> {
  const row = await codeByRef(ctx.database.db, ref);
  if (!row || row.member_id !== memberId) throw new ApiError(404, 'NO_DATA');
  if (await closeCode(ctx.database.db, row.id, 'CANCELLED', ctx.now())) withdrawAtGateway(ctx, [row.ref]);
  return { hasQrcode: false, message: 'SUCCESS' };
}

/** Start-up and the minute sweep: codes left CREATING are withdrawn at the gateway and marked FAILED. */
export const recoverQrCodes = (ctx: AppContext) => recoverOutsideCalls(ctx, qrFlow(ctx));

/**
 * An admin's test code of the go-live list: a real code of the payment gateway for the least it takes (Opn:
 * 20 baht; the sandbox: 1), recorded before the gateway is asked, so its payment, whenever it comes, is
 * known as a test (qr-callback.ts: kept unmatched, TEST_PAYMENT) and never credited by itself.
 */
export async function makeTestCode(ctx: AppContext, madeBy: string): Promise<GoLiveTestQr> {
  const amountMinor = qrMinimum(ctx, 'KBANK', 'BAHT');
  const ref = `QRTEST${randomBytes(6).toString('hex').toUpperCase()}`;
  await ctx.database.db
    .insertInto('go_live_test_codes')
    .values({ ref, provider: 'KBANK', amount: amountMinor, made_by: madeBy, created_at: ctx.now() })
    .execute();
  let detail = 'no answer';
  const made = await callWithin(
    () =>
      ctx.gateway.createCode({ ref, provider: 'KBANK', amountMinor, currency: 'BAHT' }).catch((err: unknown) => {
        detail = String((err as Error)?.message ?? err).slice(0, 200);
        throw err;
      }),
    ctx.config.providerTimeoutMs,
  );
  if (!made) return { made: false, detail };
  return { made: true, ref, amount: toMajor(amountMinor, 'BAHT'), qrcode: await qrSvg(made.payload) };
}
