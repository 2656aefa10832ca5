import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { generate } from 'promptparse';
import QRCode from 'qrcode';
import { serveFake } from './fake-server.js';

/**
 * A local fake of Opn Payments' charges API (https://docs.opn.ooo), as server/src/adapters/gateway/opn.ts
 * speaks to it: `POST /charges` (form, HTTP Basic with the secret key), the charge's QR image at its
 * `download_uri` (SVG, as Opn serves PromptPay's), `GET /charges/{id}`, and error objects
 * `{ object: 'error', location, code, message }` with their status. `pay` is what a customer scanning the
 * code does (in test mode, Opn's mark-as-paid); `event` is the webhook Opn then sends. `mode` misbehaves.
 */
export type OpnMode = 'ok' | 'hang' | 'server-error' | 'rate-limited' | 'garbage' | 'no-image';

export interface FakeCharge {
  object: 'charge';
  id: string;
  livemode: boolean;
  amount: number;
  currency: string;
  status: 'pending' | 'successful' | 'failed' | 'expired';
  paid: boolean;
  paid_at: string | null;
  expires_at: string;
  metadata: Record<string, string>;
  source: {
    object: 'source';
    type: string;
    flow: 'offline';
    scannable_code: { object: 'barcode'; type: 'qr'; image: { download_uri: string } };
  };
}

export interface FakeOpn {
  url: string;
  secretKey: string;
  mode: OpnMode;
  charges: Map<string, FakeCharge>;
  /** What each charge's QR holds. */
  payloads: Map<string, string>;
  /** Requests that got through authentication: method, path, form. */
  asked: { method: string; path: string; form?: Record<string, string> }[];
  pay(chargeId: string, amount?: number): FakeCharge;
  /** The webhook event Opn posts for a charge (`charge.complete`), with the charge as it is now. */
  event(chargeId: string): { object: 'event'; id: string; key: string; data: FakeCharge };
  close(): Promise<void>;
}

export async function fakeOpn(secretKey = 'skey_test_5z0fakeopnsecretkey'): Promise<FakeOpn> {
  const fake: FakeOpn = {
    url: '',
    secretKey,
    mode: 'ok',
    charges: new Map(),
    payloads: new Map(),
    asked: [],
    pay(chargeId, amount) {
      const charge = fake.charges.get(chargeId)!;
      Object.assign(charge, { status: 'successful', paid: true, paid_at: new Date().toISOString(), amount: amount ?? charge.amount });
      return charge;
    },
    event: (chargeId) => ({
      object: 'event',
      id: `evnt_test_${randomBytes(6).toString('hex')}`,
      key: 'charge.complete',
      data: structuredClone(fake.charges.get(chargeId)!),
    }),
    close: async () => undefined,
  };
  const send = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { object: 'error', location: `https://www.omise.co/api-errors#${code}`, code, message });
  const basic = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  async function answer(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) {
    const raw = body.toString();
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const image = /^\/charges\/(chrg_\w+)\/documents\/docu_test_\w+\/downloads\/\w+$/.exec(path);
    // the QR image's address carries its own token: no key needed (as Opn's plugins fetch it)
    if (image && req.method === 'GET') {
      const payload = fake.payloads.get(image[1]!);
      if (!payload) return error(res, 404, 'not_found', 'document was not found');
      return send(res, 200, await QRCode.toString(payload, { type: 'svg', margin: 1 }), 'image/svg+xml');
    }
    if (req.headers.authorization !== basic) return error(res, 401, 'authentication_failure', 'authentication failed');
    const form = Object.fromEntries(new URLSearchParams(raw));
    fake.asked.push({ method: req.method ?? '', path, ...(req.method === 'POST' ? { form } : {}) });
    if (fake.mode === 'hang') return;
    if (fake.mode === 'server-error') return error(res, 500, 'internal_error', 'something went wrong');
    if (fake.mode === 'rate-limited') return error(res, 429, 'too_many_requests', 'too many requests');
    if (fake.mode === 'garbage') return send(res, 200, '<html>maintenance</html>', 'text/html');
    if (req.method === 'POST' && path === '/charges') {
      const amount = Number(form.amount);
      if (!Number.isSafeInteger(amount) || amount < 2000) return error(res, 400, 'invalid_amount', 'amount must be at least 20 THB');
      if (form.currency !== 'THB') return error(res, 400, 'invalid_charge', 'currency is not supported');
      const type = form['source[type]'];
      if (type !== 'promptpay' && type !== 'truemoney_qr') return error(res, 400, 'bad_request', 'source type is not supported');
      // a live key makes live charges (chrg_…), a test key test ones (chrg_test_…), as Opn does
      const live = !secretKey.includes('_test_');
      const id = `chrg_${live ? '' : 'test_'}${randomBytes(8).toString('hex')}`;
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      const charge: FakeCharge = {
        object: 'charge',
        id,
        livemode: live,
        amount,
        currency: 'THB',
        status: 'pending',
        paid: false,
        paid_at: null,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        metadata,
        source: {
          object: 'source',
          type,
          flow: 'offline',
          scannable_code: {
            object: 'barcode',
            type: 'qr',
            image: {
              download_uri: `${fake.url}/charges/${id}/documents/docu_test_${randomBytes(4).toString('hex')}/downloads/${randomBytes(8).toString('hex').toUpperCase()}`,
            },
          },
        },
      };
      fake.charges.set(id, charge);
      fake.payloads.set(
        id,
        type === 'promptpay'
          ? generate.billPayment({
              billerId: '010556012345601',
              amount: amount / 100,
              ref1: id.replace(/\W/g, '').slice(-20).toUpperCase(),
            })
          : generate.trueMoney({ mobileNo: '0801234567', amount: amount / 100, message: id }),
      );
      if (fake.mode === 'no-image') fake.payloads.delete(id);
      return send(res, 200, charge);
    }
    const get = /^\/charges\/(chrg_\w+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const charge = fake.charges.get(get[1]!);
      return charge ? send(res, 200, charge) : error(res, 404, 'not_found', `charge ${get[1]} was not found`);
    }
    return error(res, 404, 'service_not_found', 'service not found');
  }

  const served = await serveFake(answer);
  Object.assign(fake, { url: served.url, close: served.close });
  return fake;
}
