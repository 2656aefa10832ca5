import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { signatureValid, type GatewayPayment, type PaymentGateway } from '../../adapters/gateway/gateway.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/errors.js';
import { holdsNul } from '../../lib/no-nul.js';
import type { Outcome } from '../../lib/idempotency.js';
import { MINOR, toMajor, toMinor, type Currency } from '../../ledger/money.js';
import { notifyMember } from '../events/service.js';
import { creditDeposit, memberMoney } from '../../ledger/operations.js';
import { closeCode, codeByRef, insertPayment, paymentByTxn, testCodeByRef } from './qr-repository.js';
import { isQrProvider } from './qr-service.js';

/**
 * The payment gateway's callback (POST /api/callbacks/qr/{provider}): signed with HMAC-SHA256 over the
 * raw body, idempotent on the gateway's transaction id (a unique constraint). A payment for the open
 * code with its exact amount credits the member once and the code becomes PAID; any other payment
 * (cancelled, expired, already paid or unknown code, another amount) is kept UNMATCHED for the operator.
 * Both answer 200 so the gateway stops retrying; a replay answers as the first delivery did.
 */
export const CallbackBody = Type.Object({
  transactionId: Type.String({ minLength: 1, maxLength: 100 }),
  ref: Type.String({ minLength: 1, maxLength: 64 }),
  amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e11 }),
  paidAt: Type.Optional(Type.Number()),
});
export type CallbackBody = Static<typeof CallbackBody>;
export const CallbackAnswer = Type.Object({ message: Type.String(), status: Type.Optional(Type.String()) });
type Answer = Static<typeof CallbackAnswer>;

/** What handling a callback needs: the route passes its context, the operator's `qr pay` its own. */
export interface CallbackDeps {
  database: Database;
  config: Pick<Config, 'qrCallbackSecret'>;
  now: () => number;
}

type Verdict = { status: 'CREDITED'; reason: null } | { status: 'UNMATCHED'; reason: string };
/** A payment as recorded: the callback's fields, and the currency when the gateway names it (Opn). */
type Payment = CallbackBody & { currency?: string };

async function record(deps: CallbackDeps, tx: Tx, provider: string, body: Payment, now: number): Promise<Answer> {
  const code = await codeByRef(tx, body.ref);
  // an admin's test code (the go-live list): a payment no member asked for, kept for finance to refund
  const test = code ? undefined : await testCodeByRef(tx, body.ref);
  // the lock order of every money movement: the member's row first (Postgres), before the payment, the
  // code or any account is touched, so two deliveries of one callback (or a delivery and the member's own
  // calls) queue on it instead of each holding a row the other needs
  const member = code ? await memberMoney(tx, code.member_id) : undefined;
  const seen = await paymentByTxn(tx, body.transactionId);
  if (seen) return { message: 'SUCCESS', status: seen.status };
  const currency = (code?.currency ?? 'BAHT') as Currency;
  let amount: number;
  let exact = true;
  try {
    amount = toMinor(body.amount, currency);
  } catch {
    // more decimals than the currency has: kept as the nearest minor unit, never credited
    amount = Math.round(body.amount * MINOR[currency]);
    exact = false;
  }
  let verdict: Verdict;
  let journalId: number | null = null;
  // the member hears their code was paid, or found expired, once this delivery has committed
  const tell = (status: 'PAID' | 'EXPIRED') =>
    code &&
    notifyMember(
      deps.database,
      code.member_id,
      { kind: 'qr', qrcodeId: code.ref, provider: code.provider, status, amount: toMajor(Number(code.amount), currency) },
      tx,
    );
  if (test) verdict = { status: 'UNMATCHED', reason: 'TEST_PAYMENT' };
  else if (!code) verdict = { status: 'UNMATCHED', reason: 'UNKNOWN_CODE' };
  else if (code.provider !== provider) verdict = { status: 'UNMATCHED', reason: 'WRONG_PROVIDER' };
  else if (body.currency !== undefined && body.currency !== code.currency) verdict = { status: 'UNMATCHED', reason: 'CURRENCY_MISMATCH' };
  else if (!exact || Number(code.amount) !== amount) verdict = { status: 'UNMATCHED', reason: 'AMOUNT_MISMATCH' };
  else if (code.status === 'OPEN' && code.expires_at <= now) {
    await closeCode(tx, code.id, 'EXPIRED', now);
    await tell('EXPIRED');
    verdict = { status: 'UNMATCHED', reason: 'CODE_EXPIRED' };
  } else if (code.status !== 'OPEN') verdict = { status: 'UNMATCHED', reason: `CODE_${code.status}` };
  else {
    // the conditional close is what makes a second payment of the same code UNMATCHED, even in a race
    if (await closeCode(tx, code.id, 'PAID', now)) {
      journalId = await creditDeposit(tx, member!, amount, `QR_${code.provider}`, now);
      verdict = { status: 'CREDITED', reason: null };
      await tell('PAID');
    } else verdict = { status: 'UNMATCHED', reason: 'CODE_CLOSED' };
  }
  await insertPayment(tx, {
    gateway_txn_id: body.transactionId,
    provider,
    ref: body.ref,
    amount,
    qrcode_id: code?.id ?? null,
    member_id: code?.member_id ?? null,
    status: verdict.status,
    reason: verdict.reason,
    journal_id: journalId,
    created_at: now,
  });
  return { message: 'SUCCESS', status: verdict.status };
}

/** One delivery of the callback, from the route or in-process from the operator's `qr pay`. */
export async function handleQrCallback(
  deps: CallbackDeps,
  provider: string,
  rawBody: Buffer,
  signature: unknown,
): Promise<Outcome<Answer>> {
  // nothing is read before the signature holds, not even the JSON
  if (!signatureValid(deps.config.qrCallbackSecret, rawBody, signature)) return { status: 401, body: { message: 'invalid-signature' } };
  if (!isQrProvider(provider)) return { status: 404, body: { message: 'NO_DATA' } };
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { status: 400, body: { message: 'KEY_INVALID' } };
  }
  // the raw body passes the app's NUL check unread (app.ts refuseNul): the parsed one is checked here
  if (!Value.Check(CallbackBody, body) || holdsNul(body)) return { status: 400, body: { message: 'KEY_INVALID' } };
  return recordPayment(deps, provider, body);
}

/** A payment the gateway vouched for (a signed callback, or one asked back): recorded once, its replay answered as it was. */
async function recordPayment(deps: CallbackDeps, provider: string, payment: Payment): Promise<Outcome<Answer>> {
  try {
    return { status: 200, body: await withTransaction(deps.database, (tx) => record(deps, tx, provider, payment, deps.now())) };
  } catch (err) {
    // Postgres: a concurrent delivery of the same transaction stored it first; answer as it did
    if (!isUniqueViolation(err)) throw err;
    const seen = await paymentByTxn(deps.database.db, payment.transactionId);
    if (!seen) throw err;
    return { status: 200, body: { message: 'SUCCESS', status: seen.status } };
  }
}

/**
 * Opn's webhook body: an event naming a charge, and the code of ours its metadata names. Nothing else in it
 * is believed: the charge is asked back from Opn.
 */
const OpnEvent = Type.Object({
  object: Type.Literal('event'),
  data: Type.Object({
    id: Type.String({ maxLength: 100 }),
    metadata: Type.Optional(Type.Object({ ref: Type.Optional(Type.String({ maxLength: 64 })) })),
  }),
});

/**
 * A gateway's webhook that only names a payment (Opn's `charge.complete`, POST /api/callbacks/opn): the
 * payment is asked back from the gateway, and only what the gateway answers is recorded, as a signed
 * callback is (credited once, or kept unmatched). 503 while the gateway cannot be asked (it delivers again);
 * 404 for a payment it does not know; 200 NOT_PAID for one not (yet) paid.
 */
export async function handleGatewayWebhook(
  deps: CallbackDeps & { gateway: Pick<PaymentGateway, 'paymentOf'> },
  rawBody: Buffer,
): Promise<Outcome<Answer>> {
  const paymentOf = deps.gateway.paymentOf?.bind(deps.gateway);
  if (!paymentOf) return { status: 404, body: { message: 'NO_DATA' } };
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { status: 400, body: { message: 'KEY_INVALID' } };
  }
  if (!Value.Check(OpnEvent, event) || holdsNul(event)) return { status: 400, body: { message: 'KEY_INVALID' } };
  // an event of no code of ours (another object, a charge made elsewhere on the account, a forgery): not
  // worth a call to Opn; answered 200 so Opn does not deliver it again
  const ref = event.data.metadata?.ref;
  const ours = ref && ((await codeByRef(deps.database.db, ref)) ?? (await testCodeByRef(deps.database.db, ref)));
  if (!ours) return { status: 200, body: { message: 'SUCCESS', status: 'IGNORED' } };
  // a charge already recorded (from Opn's own answer) is answered as it was: a replay costs no call to Opn
  const seen = await paymentByTxn(deps.database.db, event.data.id);
  if (seen) return { status: 200, body: { message: 'SUCCESS', status: seen.status } };
  let payment: GatewayPayment | undefined;
  try {
    payment = await paymentOf(event.data.id);
  } catch {
    return { status: 503, body: { message: 'GATEWAY_UNAVAILABLE' } };
  }
  if (!payment) return { status: 404, body: { message: 'NO_DATA' } };
  if (!payment.paid) return { status: 200, body: { message: 'SUCCESS', status: 'NOT_PAID' } };
  const known = isQrProvider(payment.provider) ? payment.provider : 'UNKNOWN';
  return recordPayment(deps, known, {
    currency: payment.currency,
    transactionId: payment.transactionId,
    // a charge with no code of ours (made elsewhere on the account) is kept unmatched under no ref
    ref: payment.ref.slice(0, 64) || 'NONE',
    amount: toMajor(payment.amountMinor, payment.currency === 'LAK' ? 'LAK' : 'BAHT'),
    paidAt: payment.paidAt,
  });
}
