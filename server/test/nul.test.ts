import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallback, SIGNATURE_HEADER } from '../src/adapters/gateway/gateway.js';
import { build, call, login, registration, type TestServer } from './helper.js';
import { guestId, textPackage } from './chat-helpers.js';

const NUL = '\u0000';

describe('a NUL character in a text', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await build();
    token = await login(server.app);
  });
  afterAll(() => server.close());

  it.each([
    ['POST', '/api/login', { username: NUL, password: 'demo1234' }],
    ['POST', '/api/login', { username: '0812345678', password: `demo${NUL}1234` }],
    ['POST', '/api/account/validate', registration('0899999999', { name: `Som${NUL}sri` })],
    ['POST', '/api/otp/send', { phoneNumber: `08${NUL}` }],
    ['POST', '/api/chat/send-message', textPackage(`hello${NUL}`, { guestId: guestId() })],
    ['POST', '/api/chat/send-message', textPackage('hello', { guestId: guestId() }, { name: `Guest${NUL}` })],
    ['GET', `/api/chat/history?guestId=${guestId()}&before=%00`, undefined],
    ['GET', '/api/promotion/find/AB%00CD', undefined],
    ['GET', '/api/statement/slip/reference/R%00', undefined],
    ['DELETE', '/api/qrcode/QR%00', undefined],
    ['GET', '/api/autoLogin/PG/user%00/x', undefined],
  ] as const)('%s %s %j: 400 KEY_INVALID, never a 500', async (method, url, body) => {
    const res = await call(server.app, method, url, body, { token });
    expect({ status: res.statusCode, message: res.json<{ message: string }>().message }).toEqual({ status: 400, message: 'KEY_INVALID' });
  });

  it('in a NUL object key too', async () => {
    const res = await call(server.app, 'POST', '/api/login', { username: '0812345678', password: 'demo1234', [NUL]: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it("in a payment callback's signed body: 400, nothing recorded", async () => {
    const raw = JSON.stringify({ transactionId: `T${NUL}1`, ref: 'QR0000', amount: 100 });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/callbacks/qr/KBANK',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(server.config.qrCallbackSecret, raw) },
      payload: raw,
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
  });
});
