import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { serveFake } from './fake-server.js';

/**
 * Local fakes of the SMS gateways the real adapters speak to (server/src/adapters/sms/providers.ts), each
 * answering as the provider documents: its authentication, its request form, its success and error
 * answers. `mode` makes it misbehave: refuse the number, run out of credit, fail, answer too many
 * requests, hang (no answer at all), or answer something that is not its API.
 */
export type FakeMode = 'ok' | 'bad-number' | 'no-credit' | 'server-error' | 'rate-limited' | 'hang' | 'garbage' | 'failed';

export interface FakeGateway {
  url: string;
  /** Every request that got through authentication, its form fields as sent. */
  sent: Record<string, string>[];
  mode: FakeMode;
  close(): Promise<void>;
}

/** A fake whose handler takes the request's form fields. */
const serve = (handle: (req: http.IncomingMessage, form: Record<string, string>, res: http.ServerResponse) => void) =>
  serveFake((req, body, res) => handle(req, Object.fromEntries(new URLSearchParams(body.toString())), res));

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** ThaiBulkSMS' SMS API: POST /sms, Basic key:secret, form msisdn, message, sender. */
export async function fakeThaiBulkSms(key: string, secret: string): Promise<FakeGateway> {
  const fake: FakeGateway = { url: '', sent: [], mode: 'ok', close: async () => undefined };
  const error = (res: http.ServerResponse, status: number, name: string, description: string) =>
    json(res, status, { error: { code: status, name, description } });
  const { url, close } = await serve((req, form, res) => {
    if (fake.mode === 'hang') return;
    if (req.method !== 'POST' || req.url !== '/sms') return error(res, 404, 'NOT_FOUND', 'no such resource');
    if (req.headers.authorization !== basic(key, secret)) return error(res, 401, 'UNAUTHORIZED', 'api key or secret is wrong');
    if (!form.msisdn || !form.message) return error(res, 400, 'BAD_REQUEST', 'msisdn and message are required');
    fake.sent.push(form);
    if (fake.mode === 'no-credit') return error(res, 402, 'INSUFFICIENT_CREDIT', 'credit not enough');
    if (fake.mode === 'rate-limited') return error(res, 429, 'TOO_MANY_REQUESTS', 'slow down');
    if (fake.mode === 'server-error') return error(res, 500, 'INTERNAL_SERVER_ERROR', 'something went wrong');
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>maintenance</html>');
    }
    const numbers = form.msisdn.split(',');
    const good = fake.mode === 'bad-number' ? [] : numbers.filter((n) => /^66\d{9}$/.test(n));
    const bad = numbers.filter((n) => !good.includes(n));
    json(res, 201, {
      remaining_credit: 1000,
      total_use_credit: good.length,
      credit_type: 'standard',
      phone_number_list: good.map((number) => ({ number, message_id: randomBytes(8).toString('hex'), used_credit: 1 })),
      bad_phone_number_list: bad.map((number) => ({ number, message: 'Invalid phone number' })),
    });
  });
  return Object.assign(fake, { url, close });
}

/** Twilio's Messages resource: POST /2010-04-01/Accounts/{Sid}/Messages.json, Basic sid:token, form To, From, Body. */
export async function fakeTwilio(accountSid: string, authToken: string): Promise<FakeGateway> {
  const fake: FakeGateway = { url: '', sent: [], mode: 'ok', close: async () => undefined };
  const error = (res: http.ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) =>
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);
  const { url, close } = await serve((req, form, res) => {
    if (fake.mode === 'hang') return;
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return error(res, 404, 20404, 'The requested resource was not found');
    if (req.headers.authorization !== basic(accountSid, authToken)) return error(res, 401, 20003, 'Authenticate');
    if (!form.To || !form.From || !form.Body) return error(res, 400, 21604, "A 'To' phone number, 'From' and 'Body' are required.");
    fake.sent.push(form);
    if (fake.mode === 'bad-number' || !/^\+\d{8,15}$/.test(form.To))
      return error(res, 400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);
    if (fake.mode === 'rate-limited') return error(res, 429, 20429, 'Too Many Requests', { 'retry-after': '1' });
    if (fake.mode === 'server-error' || fake.mode === 'no-credit') return error(res, 500, 20500, 'Internal Server Error');
    if (fake.mode === 'garbage') {
      res.writeHead(201, { 'content-type': 'application/json' });
      return res.end('{"sid":');
    }
    json(res, 201, {
      sid: `SM${randomBytes(16).toString('hex')}`,
      status: fake.mode === 'failed' ? 'failed' : 'queued',
      to: form.To,
      from: form.From,
      body: form.Body,
      account_sid: accountSid,
    });
  });
  return Object.assign(fake, { url, close });
}
