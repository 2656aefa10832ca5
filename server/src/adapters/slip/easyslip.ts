import { SENDING_BANK, type BankAnswer, type SlipBank, type SlipQuestion, SlipVerifierError } from './bank.js';

/**
 * EasySlip (issue 37): a Thai slip-verification service that asks the sending bank about a slip by its
 * mini-QR payload, or reads the QR off the image itself. Its v1 API (https://document.easyslip.com,
 * base https://developer.easyslip.com/api/v1), reached at `EASYSLIP_BASE_URL` so that tests point it at
 * a local fake:
 *
 * - `GET {base}/verify?payload=<the QR's text>`; `POST {base}/verify`, multipart, the image as `file`;
 *   both with `Authorization: Bearer <EASYSLIP_API_KEY>`;
 * - 200 `{ status: 200, data: { payload, transRef, date (ISO 8601), countryCode, amount: { amount (baht),
 *   local }, sender, receiver: { bank: { id (the Bank of Thailand's code), short, name }, account: {
 *   name: { th, en }, bank: { type, account (masked) }, proxy } } } }`;
 * - an error `{ status, message }` with the same HTTP status: 404 `slip_not_found` (the bank has no such
 *   transfer), 404 `qrcode_not_found` and 400 `invalid_payload`, `invalid_image`,
 *   `image_size_too_large` (nothing readable), 400 `duplicate_slip` (asked before: it carries `data` as a
 *   200 does; this adapter never asks it to check, our own slip_credits does), 401 `unauthorized`, 403
 *   `access_denied`, `account_not_verified`, `application_expired`, `application_deactivated`,
 *   `quota_exceeded` (the operator's account: nothing a member can fix), 500 `server_error`,
 *   `api_server_error` (the bank or EasySlip down: asked again later).
 *
 * What is not an answer (the service down or slow, an error of the operator's account, a body that is
 * not EasySlip's) throws SlipVerifierError, with the code a log line and the metrics can name: the slip is
 * asked about again later, and waits for a person in the end. Never a credit.
 */
export class EasySlipBank implements SlipBank {
  constructor(private readonly o: { baseUrl: string; apiKey: string; timeoutMs: number }) {}

  async transaction(slip: SlipQuestion): Promise<BankAnswer> {
    const answer = await this.ask(`${this.o.baseUrl}/verify?payload=${encodeURIComponent(slip.payload)}`, { method: 'GET' });
    // the bank's answer is about the slip we asked of, or it is no answer at all
    if (answer.kind === 'found' && (answer.ref.transRef !== slip.transRef || answer.ref.sendingBank !== slip.sendingBank))
      throw new SlipVerifierError(
        'malformed',
        `EasySlip answered for ${answer.ref.sendingBank}/${answer.ref.transRef}, not the slip asked`,
      );
    return answer;
  }

  async image(image: Uint8Array, contentType: string): Promise<BankAnswer> {
    const form = new FormData();
    form.append('file', new Blob([image], { type: contentType }), `slip.${contentType.split('/')[1] ?? 'jpg'}`);
    return this.ask(`${this.o.baseUrl}/verify`, { method: 'POST', body: form });
  }

  private async ask(url: string, init: RequestInit): Promise<BankAnswer> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        ...init,
        headers: { authorization: `Bearer ${this.o.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new SlipVerifierError(
        timedOut ? 'timeout' : 'unreachable',
        timedOut ? `EasySlip: no answer within ${this.o.timeoutMs} ms` : `EasySlip unreachable (${(err as Error).message})`,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SlipVerifierError('malformed', `EasySlip answered ${res.status} with a body that is not JSON`);
    }
    const message = field(body, 'message');
    if (res.status === 200 || (res.status === 400 && message === 'duplicate_slip')) return found(field(body, 'data'), res.status);
    if (res.status === 404 && message === 'slip_not_found') return { kind: 'not-found' };
    if ((res.status === 404 && message === 'qrcode_not_found') || (res.status === 400 && UNREADABLE.has(String(message))))
      return { kind: 'unreadable' };
    const code = typeof message === 'string' && /^[a-z_]{1,40}$/.test(message) ? message : 'malformed';
    throw new SlipVerifierError(
      code,
      `EasySlip answered ${res.status} ${typeof message === 'string' ? message.slice(0, 40) : '(no message)'}`,
    );
  }
}

/** EasySlip's refusals of what it was given: nothing on the slip can be read as a bank's slip. */
const UNREADABLE = new Set(['invalid_payload', 'invalid_image', 'image_size_too_large']);

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Our bank codes by the Bank of Thailand's (EasySlip's `bank.id`). */
const BANK_BY_ID = new Map(Object.entries(SENDING_BANK).map(([code, id]) => [id, code]));

/** A party's bank as our code: by its Bank of Thailand id, else its short name when that is one of ours; else unknown. */
function bankOf(party: unknown): string {
  const bank = field(party, 'bank');
  const byId = BANK_BY_ID.get(text(field(bank, 'id')));
  if (byId) return byId;
  const short = text(field(bank, 'short')).toUpperCase();
  return short in SENDING_BANK ? short : 'UNKNOWN';
}

/** A party's account as the slip shows it: the bank account (masked), or a PromptPay proxy's when there is none. */
const accountOf = (party: unknown): string => {
  const account = field(party, 'account');
  return text(field(field(account, 'bank'), 'account')) || text(field(field(account, 'proxy'), 'account'));
};

/** EasySlip's slip, checked field by field: a body that is not one throws, never credits. */
function found(data: unknown, status: number): BankAnswer {
  const amount = field(field(data, 'amount'), 'amount');
  const minor = typeof amount === 'number' ? Math.round(amount * 100) : NaN;
  const time = Date.parse(text(field(data, 'date')));
  const transRef = text(field(data, 'transRef'));
  const sender = field(data, 'sender');
  const receiver = field(data, 'receiver');
  if (
    !Number.isSafeInteger(minor) ||
    minor < 0 ||
    // at most two decimals, compared in cents (a float of 10^8 baht carries more error than 1e-6 cents)
    Math.abs(minor / 100 - (amount as number)) > 1e-9 * Math.max(1, Math.abs(amount as number)) ||
    !Number.isFinite(time) ||
    !/^[\w-]{1,64}$/.test(transRef) ||
    !sender ||
    !receiver
  )
    throw new SlipVerifierError('malformed', `EasySlip answered ${status} without a slip's amount, date, reference and parties`);
  const name = field(field(sender, 'account'), 'name');
  return {
    kind: 'found',
    ref: { sendingBank: text(field(field(sender, 'bank'), 'id')) || (SENDING_BANK[bankOf(sender)] ?? ''), transRef },
    amount: minor,
    // a Thai bank's slip is in baht; another country's is a currency no deposit here is in
    currency: text(field(data, 'countryCode')) === 'TH' ? 'BAHT' : 'UNKNOWN',
    sender: { bank: bankOf(sender), account: accountOf(sender), name: text(field(name, 'th')) || text(field(name, 'en')) },
    receiver: { bank: bankOf(receiver), account: accountOf(receiver) },
    time,
  };
}
