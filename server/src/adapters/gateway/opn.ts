import type { Currency } from '../../ledger/money.js';
import { GatewayError, type CodeRequest, type GatewayPayment, type PaymentGateway } from './gateway.js';

/**
 * Opn Payments (formerly Omise; issue 37): PromptPay and TrueMoney QR codes as Opn charges. Its API
 * (https://docs.opn.ooo, https://api.omise.co), reached at `OPN_BASE_URL` so that tests point it at a
 * local fake:
 *
 * - `POST {base}/charges`, HTTP Basic with the secret key and no password, `Omise-Version: 2019-05-29`,
 *   a form of `amount` (satang), `currency` THB, `source[type]` (`promptpay` for the banks' code,
 *   `truemoney_qr` for TrueMoney's), and `metadata[ref]`, `metadata[provider]` (our code): the charge
 *   answers `pending` with its QR at `source.scannable_code.image.download_uri`; the code the member sees
 *   is the one read off that image (its EMVCo payload), so it is the gateway's own;
 * - `GET {base}/charges/{id}`: the charge as Opn has it. A webhook (`charge.complete`) says only which
 *   charge to fetch: a payment is what this answers, never what the webhook's body claims;
 * - errors `{ object: 'error', code, message }` with their HTTP status (401 `authentication_failure`, 404
 *   `not_found`, 400 `invalid_amount`, `bad_request`, 429 too many requests, 5xx).
 *
 * A PromptPay charge cannot be withdrawn: Opn's expire call is documented for other sources only. A code
 * the wallet closed that is paid anyway arrives as a payment and is kept unmatched for staff, as before.
 */
export const OPN_VERSION = '2019-05-29';
/** Opn's least PromptPay or TrueMoney charge: 20 baht (its capability API's charge_amount minimum for a Thai account). */
export const OPN_MINIMUM_SATANG = 2000;

/** A call to Opn that came to no answer: `code` names why (timeout, unreachable, malformed, or Opn's error code). */
export class OpnUnanswered extends Error {
  override name = 'OpnUnanswered';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class OpnGateway implements PaymentGateway {
  constructor(
    private readonly o: {
      baseUrl: string;
      secretKey: string;
      timeoutMs: number;
      /** The texts of the QR codes in an image (PNG or SVG). */
      readQr: (image: Uint8Array) => Promise<string[]>;
      /** Production: only live charges (`livemode: true`) are payments; a test charge is none of ours. */
      liveOnly: boolean;
    },
  ) {}

  async createCode(req: CodeRequest): Promise<{ payload: string }> {
    // Opn's PromptPay and TrueMoney take baht only
    if (req.currency !== 'BAHT') throw new GatewayError(`Opn takes THB only, not ${req.currency}`);
    // the charge, its image and the reading share one budget: its end is this adapter's to log
    const deadline = Date.now() + this.o.timeoutMs;
    const { status, json } = await this.request('POST', '/charges', deadline, {
      amount: String(req.amountMinor),
      currency: 'THB',
      'source[type]': req.provider === 'WW' ? 'truemoney_qr' : 'promptpay',
      'metadata[ref]': req.ref,
      'metadata[provider]': req.provider,
      description: `Wallet deposit ${req.ref}`,
    });
    // refused: the charge was not made (a server error or a timeout may have made it: no answer, thrown as such)
    if (status >= 400 && status < 500) throw new GatewayError(`Opn refused the charge: ${status} ${errorCode(json)}`, codeOf(json, status));
    if (status !== 200) throw new OpnUnanswered(codeOf(json, status), `Opn answered ${status} ${errorCode(json)}`);
    const charge = chargeOf(json);
    const uri = text(field(field(field(field(json, 'source'), 'scannable_code'), 'image'), 'download_uri'));
    if (!charge || charge.metadataRef !== req.ref || charge.amount !== req.amountMinor || charge.status !== 'pending' || !uri)
      throw new OpnUnanswered('malformed', `Opn answered ${status} without a pending charge of this code and its QR image`);
    const image = await this.download(uri, deadline);
    const payload = (await this.o.readQr(image)).find((t) => /^000201/.test(t));
    if (Date.now() > deadline) throw new OpnUnanswered('timeout', `Opn: the code was not ready within ${this.o.timeoutMs} ms`);
    if (!payload) throw new OpnUnanswered('malformed', `Opn's QR image of ${charge.id} holds no payment code`);
    return { payload };
  }

  async cancelCode(): Promise<void> {
    // nothing to call: see the class's comment
  }

  async paymentOf(chargeId: string): Promise<GatewayPayment | undefined> {
    if (!/^chrg_(test_)?[0-9a-z]{1,64}$/.test(chargeId)) return undefined;
    const { status, json } = await this.request('GET', `/charges/${chargeId}`, Date.now() + this.o.timeoutMs);
    if (status === 404) return undefined;
    if (status !== 200) throw new OpnUnanswered(codeOf(json, status), `Opn answered ${status} ${errorCode(json)} for charge ${chargeId}`);
    const charge = chargeOf(json);
    if (!charge || charge.id !== chargeId) throw new OpnUnanswered('malformed', `Opn answered ${status} without charge ${chargeId}`);
    if (this.o.liveOnly && !charge.live) return undefined;
    return {
      transactionId: charge.id,
      ref: charge.metadataRef,
      provider: charge.metadataProvider,
      amountMinor: charge.amount,
      currency: charge.currency,
      paid: charge.status === 'successful' && charge.paid,
      paidAt: charge.paidAt,
    };
  }

  private async request(method: 'GET' | 'POST', path: string, deadline: number, form?: Record<string, string>) {
    let res: Response;
    let body: string;
    try {
      res = await fetch(`${this.o.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.o.secretKey}:`).toString('base64')}`,
          'omise-version': OPN_VERSION,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form ? new URLSearchParams(form) : undefined,
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      body = await res.text();
    } catch (err) {
      throw unanswered(err, this.o.timeoutMs);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new OpnUnanswered('malformed', `Opn answered ${res.status} with a body that is not JSON`);
    }
    return { status: res.status, json };
  }

  /** The QR image: Opn's own address is asked with the key, any other with nothing of ours. */
  private async download(uri: string, deadline: number): Promise<Uint8Array> {
    const url = new URL(uri);
    const ours = url.origin === new URL(this.o.baseUrl).origin;
    let bytes: Uint8Array;
    try {
      const res = await fetch(url, {
        headers: ours ? { authorization: `Basic ${Buffer.from(`${this.o.secretKey}:`).toString('base64')}` } : {},
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      if (res.status !== 200) throw new OpnUnanswered('malformed', `Opn's QR image answered ${res.status}`);
      if (Number(res.headers.get('content-length') ?? 0) > 1_000_000) throw new OpnUnanswered('malformed', "Opn's QR image is over 1 MB");
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      throw err instanceof OpnUnanswered ? err : unanswered(err, this.o.timeoutMs);
    }
    if (bytes.length === 0 || bytes.length > 1_000_000) throw new OpnUnanswered('malformed', `Opn's QR image is ${bytes.length} bytes`);
    return bytes;
  }
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const unanswered = (err: unknown, timeoutMs: number) =>
  (err as Error).name === 'TimeoutError'
    ? new OpnUnanswered('timeout', `Opn: no answer within ${timeoutMs} ms`)
    : new OpnUnanswered('unreachable', `Opn unreachable (${(err as Error).message})`);
/** Opn's error code as a metrics label (a word), or the HTTP status when the body is not an Opn error. */
const codeOf = (json: unknown, status: number) => {
  const code = field(json, 'object') === 'error' ? text(field(json, 'code')) : '';
  return /^[a-z_]{1,40}$/.test(code) ? code : `http_${status}`;
};
const errorCode = (json: unknown) => (field(json, 'object') === 'error' ? text(field(json, 'code')).slice(0, 40) : '(not an Opn error)');

/** A charge's fields this wallet reads, each checked; undefined when the body is not a charge. */
function chargeOf(json: unknown) {
  if (field(json, 'object') !== 'charge') return undefined;
  const id = text(field(json, 'id'));
  const amount = field(json, 'amount');
  const status = text(field(json, 'status'));
  const currency = text(field(json, 'currency')).toUpperCase();
  if (!/^chrg_(test_)?[0-9a-z]+$/.test(id) || !Number.isSafeInteger(amount) || (amount as number) <= 0) return undefined;
  if (!['pending', 'successful', 'failed', 'expired', 'reversed'].includes(status)) return undefined;
  const paidAt = Date.parse(text(field(json, 'paid_at')));
  return {
    id,
    amount: amount as number,
    status,
    paid: field(json, 'paid') === true,
    live: field(json, 'livemode') === true,
    paidAt: Number.isFinite(paidAt) ? paidAt : undefined,
    // Opn's THB is our baht; another currency is one no code here asks for
    currency: (currency === 'THB' ? 'BAHT' : currency) as Currency,
    metadataRef: text(field(field(json, 'metadata'), 'ref')),
    metadataProvider: text(field(field(json, 'metadata'), 'provider')),
  };
}
