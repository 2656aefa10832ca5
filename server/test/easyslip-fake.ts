import { createHash } from 'node:crypto';
import type http from 'node:http';
import { serveFake } from './fake-server.js';

/**
 * A local fake of EasySlip's v1 API (https://document.easyslip.com), as the real adapter speaks to it
 * (server/src/adapters/slip/easyslip.ts): `GET /verify?payload=` and `POST /verify` (multipart `file`),
 * `Authorization: Bearer <key>`, `{ status, data }` on success and `{ status, message }` on error with the
 * same HTTP status. Its books are what the banks know, by the slip QR's payload, and the images whose QR
 * it can read (by their bytes' sha256) where our own reader cannot. `mode` makes it misbehave.
 */
export type EasySlipMode = 'ok' | 'quota' | 'expired' | 'server-error' | 'rate-limited' | 'hang' | 'garbage' | 'no-amount' | 'other-slip';

export interface EasySlipParty {
  /** The Bank of Thailand's code ('004' KBANK) and the bank's short name. */
  bankId: string;
  short: string;
  /** As the slip shows it: masked. */
  account: string;
  nameTh?: string;
}

export interface EasySlipSlip {
  payload: string;
  transRef: string;
  /** Baht, as EasySlip answers it (a number with satang as decimals). */
  amount: number;
  date: string;
  countryCode?: string;
  sender: EasySlipParty;
  receiver: EasySlipParty;
}

export interface FakeEasySlip {
  url: string;
  key: string;
  mode: EasySlipMode;
  slips: Map<string, EasySlipSlip>;
  /** Images it reads a QR off: by the sha256 of their bytes, that QR's payload. */
  images: Map<string, string>;
  /** Every request that got through authentication: the payload asked of, or the size of the image. */
  asked: { payload?: string; imageBytes?: number; imageType?: string }[];
  close(): Promise<void>;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const party = (p: EasySlipParty) => ({
  bank: { id: p.bankId, name: p.short, short: p.short },
  account: { name: { th: p.nameTh ?? 'นาย อีซี่ ส', en: 'MR. EASY S' }, bank: { type: 'BANKAC', account: p.account } },
});

/** The `data` of EasySlip's answer for a slip. */
export const slipData = (s: EasySlipSlip) => ({
  payload: s.payload,
  transRef: s.transRef,
  date: s.date,
  countryCode: s.countryCode ?? 'TH',
  amount: { amount: s.amount, local: { amount: 0, currency: '' } },
  fee: 0,
  ref1: '',
  ref2: '',
  ref3: '',
  sender: party(s.sender),
  receiver: party(s.receiver),
});

export async function fakeEasySlip(key = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f'): Promise<FakeEasySlip> {
  const fake: FakeEasySlip = { url: '', key, mode: 'ok', slips: new Map(), images: new Map(), asked: [], close: async () => undefined };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, message: string) => send(res, status, { status, message });

  async function answer(req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/verify' || (req.method !== 'GET' && req.method !== 'POST')) return error(res, 404, 'not_found');
    if (req.headers.authorization !== `Bearer ${fake.key}`) return error(res, 401, 'unauthorized');
    let payload: string | undefined;
    if (req.method === 'GET') {
      payload = url.searchParams.get('payload') ?? '';
      fake.asked.push({ payload });
      if (!payload || payload.length > 255) return error(res, 400, 'invalid_payload');
    } else {
      // multipart, as EasySlip documents it: the image in the field `file`
      const form = await new Request('http://fake/verify', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(raw),
      })
        .formData()
        .catch(() => undefined);
      const file = form?.get('file');
      if (!(file instanceof Blob)) return error(res, 400, 'invalid_image');
      const bytes = new Uint8Array(await file.arrayBuffer());
      fake.asked.push({ imageBytes: bytes.length, imageType: file.type });
      if (bytes.length > 4 * 1024 * 1024) return error(res, 400, 'image_size_too_large');
      payload = fake.images.get(sha256(bytes));
      if (!payload) return error(res, 404, 'qrcode_not_found');
    }
    if (fake.mode === 'hang') return;
    if (fake.mode === 'quota') return error(res, 403, 'quota_exceeded');
    if (fake.mode === 'expired') return error(res, 403, 'application_expired');
    if (fake.mode === 'server-error') return error(res, 500, 'api_server_error');
    if (fake.mode === 'rate-limited') return error(res, 429, 'too_many_requests');
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>maintenance</html>');
    }
    const slip = fake.slips.get(payload);
    if (!slip) return error(res, 404, 'slip_not_found');
    const data = slipData(slip);
    if (fake.mode === 'no-amount') return send(res, 200, { status: 200, data: { ...data, amount: { local: {} } } });
    if (fake.mode === 'other-slip') return send(res, 200, { status: 200, data: { ...data, transRef: `${slip.transRef}X` } });
    send(res, 200, { status: 200, data });
  }

  const { url, close } = await serveFake(answer);
  Object.assign(fake, { url, close });
  return fake;
}
