import type { Variant } from '../../config.js';
import type { SmsSender } from './sender.js';

/**
 * The real SMS gateways (issue 37), each reached at its base URL so that tests point it at a local fake
 * that speaks the provider's documented API. A send that fails (refused, an error answer, no answer within
 * the timeout, an answer that is not the provider's) throws SmsSendError, whose message names the
 * provider, the HTTP status and the provider's own code, and never the text sent: the one-time code must
 * never reach a log line.
 */

export class SmsSendError extends Error {
  override name = 'SmsSendError';
}

interface SmsProviderOptions {
  /** Without a trailing slash (config.ts takes it off). */
  baseUrl: string;
  timeoutMs: number;
  variant: Variant;
}

/** The text of a one-time code, in the site's language (Thai or Lao). */
function otpText(variant: Variant, code: string, ref: string): string {
  return variant === 'la' ? `ລະຫັດ OTP ຂອງທ່ານ: ${code} (ອ້າງອີງ ${ref})` : `รหัส OTP ของคุณ: ${code} (อ้างอิง ${ref})`;
}

const COUNTRY: Record<Variant, string> = { th: '66', la: '856' };

/** A member's phone as typed on the site (0812345678; 02012345678 in Laos) in international digits, without the plus. */
function internationalDigits(phone: string, variant: Variant): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) return COUNTRY[variant] + digits.slice(1);
  return digits.startsWith(COUNTRY[variant]) ? digits : COUNTRY[variant] + digits;
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** POSTs a form; the answer's status and JSON (undefined when the body is not JSON). */
async function postForm(provider: string, url: string, auth: string, form: Record<string, string>, timeoutMs: number) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const why = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `unreachable (${(err as Error).message})`;
    throw new SmsSendError(`${provider}: ${why}`);
  }
  const text = await res.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/**
 * ThaiBulkSMS (Thai numbers): `POST {base}/sms`, HTTP Basic with the API key and secret, a form of
 * `msisdn`, `message` and `sender` (a sender name registered with ThaiBulkSMS). 201 answers the numbers
 * sent (`phone_number_list`) and those refused (`bad_phone_number_list`); an error answers
 * `{ error: { code, name, description } }` with its status (401 a wrong key, 400 a bad request, 402 no
 * credit left, 429 too many).
 */
export class ThaiBulkSmsSender implements SmsSender {
  constructor(private readonly o: SmsProviderOptions & { apiKey: string; apiSecret: string; sender: string }) {}

  async sendOtp(phone: string, code: string, ref: string): Promise<void> {
    const msisdn = internationalDigits(phone, this.o.variant);
    const { status, json } = await postForm(
      'ThaiBulkSMS',
      `${this.o.baseUrl}/sms`,
      basic(this.o.apiKey, this.o.apiSecret),
      { msisdn, message: otpText(this.o.variant, code, ref), sender: this.o.sender },
      this.o.timeoutMs,
    );
    const error = field(json, 'error');
    if (status < 200 || status >= 300) {
      const what = error ? ` ${String(field(error, 'code') ?? '')} ${String(field(error, 'name') ?? '')}`.trimEnd() : '';
      throw new SmsSendError(`ThaiBulkSMS answered ${status}${what}`);
    }
    const sent = field(json, 'phone_number_list');
    const bad = field(json, 'bad_phone_number_list');
    if (!Array.isArray(sent)) throw new SmsSendError(`ThaiBulkSMS answered ${status} without a phone_number_list`);
    if ((Array.isArray(bad) && bad.length > 0) || sent.length === 0)
      throw new SmsSendError(
        `ThaiBulkSMS refused the number (${String(field(Array.isArray(bad) ? bad[0] : undefined, 'message') ?? 'not sent')})`,
      );
  }
}

/**
 * Twilio (Lao and international numbers): `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * HTTP Basic with the account SID and auth token, a form of `To` (E.164), `From` and `Body`. 201 answers
 * the message (`sid`, `status`); an error answers `{ code, message, more_info, status }` (20003 a wrong
 * token, 21211 a number that is not one, 20429 too many requests).
 */
export class TwilioSmsSender implements SmsSender {
  constructor(private readonly o: SmsProviderOptions & { accountSid: string; authToken: string; from: string }) {}

  async sendOtp(phone: string, code: string, ref: string): Promise<void> {
    const { status, json } = await postForm(
      'Twilio',
      `${this.o.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(this.o.accountSid)}/Messages.json`,
      basic(this.o.accountSid, this.o.authToken),
      { To: `+${internationalDigits(phone, this.o.variant)}`, From: this.o.from, Body: otpText(this.o.variant, code, ref) },
      this.o.timeoutMs,
    );
    if (status < 200 || status >= 300) {
      const codeOf = field(json, 'code');
      throw new SmsSendError(`Twilio answered ${status}${codeOf === undefined ? '' : ` ${String(codeOf)}`}`);
    }
    const sid = field(json, 'sid');
    const state = field(json, 'status');
    if (typeof sid !== 'string' || !sid) throw new SmsSendError(`Twilio answered ${status} without a message sid`);
    if (state === 'failed' || state === 'undelivered')
      throw new SmsSendError(`Twilio answered ${status} with the message ${String(state)}`);
  }
}
