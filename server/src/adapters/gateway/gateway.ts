import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generate } from 'promptparse';
import type { DB } from '../../db/schema.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import type { QrProvider } from '../../../../contract/deposit.js';

/**
 * The payment gateway behind payment QR codes (§7 QR). The wallet registers a code (its ref, provider
 * and amount) and shows the EMVCo payload the gateway answers; when the code is paid the gateway calls
 * POST /api/callbacks/qr/{provider} with a body signed by HMAC-SHA256 (header `x-gateway-signature`).
 */
export interface CodeRequest {
  ref: string;
  provider: QrProvider;
  amountMinor: number;
  currency: Currency;
}

export interface PaymentGateway {
  /** Registers the code and answers its payload; throws GatewayError when the gateway refuses, another error when it gives no answer. */
  createCode(req: CodeRequest): Promise<{ payload: string }>;
  /** Withdraws a code: a payment for it no longer goes through (best effort: one that does is kept unmatched). */
  cancelCode(ref: string): Promise<void>;
  /**
   * A gateway whose webhook only names a payment (Opn): the payment as the gateway answers it when asked
   * back, undefined when it knows none by that id. Absent for a gateway whose callback is signed (the sandbox).
   */
  paymentOf?(transactionId: string): Promise<GatewayPayment | undefined>;
}

/** A payment as the gateway answered it when asked: whose code (our ref, as the charge's metadata carries it), how much, paid or not. */
export interface GatewayPayment {
  transactionId: string;
  ref: string;
  provider: string;
  amountMinor: number;
  currency: Currency;
  paid: boolean;
  paidAt: number | undefined;
}

/** The callback body the gateway sends, amounts in baht. */
export interface GatewayCallback {
  transactionId: string;
  ref: string;
  amount: number;
  paidAt: number;
}

export const SIGNATURE_HEADER = 'x-gateway-signature';

export const signCallback = (secret: string, rawBody: string | Buffer): string =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

/** Constant-time check of a callback's signature over its raw bytes. */
export function signatureValid(secret: string, rawBody: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signCallback(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The gateway answered and refused: the code does not exist there. `code` names why (a word) for the log and the metrics. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code = 'refused',
  ) {
    super(message);
  }
}

export interface PayeeSettings {
  billerId: string;
  trueMoneyMobile: string;
}

/** The EMVCo payload of a code: Thai QR bill payment (ref1 = the code's ref) for banks, the TrueMoney template for WW. */
export function payloadFor(req: CodeRequest, payee: PayeeSettings): string {
  const amount = toMajor(req.amountMinor, req.currency);
  return req.provider === 'WW'
    ? generate.trueMoney({ mobileNo: payee.trueMoneyMobile, amount, message: req.ref })
    : generate.billPayment({ billerId: payee.billerId, amount, ref1: req.ref, ref2: req.provider });
}

type Fault = string | undefined;

/**
 * The built-in gateway, "another company" with its own table. Told to `fail` (providerFaults.GATEWAY)
 * it refuses every call; told to `hang` it never answers. The operator's `qr pay` makes it pay a code.
 */
export class SandboxGateway implements PaymentGateway {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly fault: () => Fault,
    private readonly payee: () => PayeeSettings,
    private readonly now: () => number,
  ) {}

  private async obey(): Promise<void> {
    const fault = this.fault();
    if (fault?.startsWith('hang')) await new Promise(() => undefined);
    if (fault?.startsWith('fail')) throw new GatewayError('sandbox gateway told to fail');
  }

  async createCode(req: CodeRequest): Promise<{ payload: string }> {
    await this.obey();
    const payload = payloadFor(req, this.payee());
    await this.db
      .insertInto('sandbox_gateway_codes')
      .values({
        ref: req.ref,
        provider: req.provider,
        amount: req.amountMinor,
        currency: req.currency,
        payload,
        state: 'open',
        created_at: this.now(),
      })
      .onConflict((oc) => oc.column('ref').doNothing())
      .execute();
    return { payload };
  }

  async cancelCode(ref: string): Promise<void> {
    await this.obey();
    await this.db
      .updateTable('sandbox_gateway_codes')
      .set({ state: 'cancelled' })
      .where('ref', '=', ref)
      .where('state', '=', 'open')
      .execute();
  }

  /**
   * A customer pays the code (its amount, or another): the gateway records it and answers the callback
   * it sends. Like a real gateway it takes the money even for a code the wallet withdrew.
   */
  async pay(ref: string, amountMinor?: number): Promise<{ provider: string; callback: GatewayCallback } | undefined> {
    const code = await this.db.selectFrom('sandbox_gateway_codes').selectAll().where('ref', '=', ref).executeTakeFirst();
    if (!code) return undefined;
    await this.db.updateTable('sandbox_gateway_codes').set({ state: 'paid' }).where('ref', '=', ref).execute();
    const amount = toMajor(amountMinor ?? Number(code.amount), code.currency as Currency);
    return {
      provider: code.provider,
      callback: { transactionId: `GW${randomBytes(8).toString('hex').toUpperCase()}`, ref, amount, paidAt: this.now() },
    };
  }
}
