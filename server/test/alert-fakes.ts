import type { ServerResponse } from 'node:http';
import { serveFake } from './fake-server.js';

/** What a fake answers next: its API's success, or one of its documented errors, or no answer at all (LINE's fake sends, then never answers). */
export type FakeMode = 'ok' | 'rate-limited' | 'server-error' | 'hang';

export interface AlertFake {
  url: string;
  /** The texts it accepted, in order. */
  sent: string[];
  mode: FakeMode;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/**
 * The LINE Messaging API's push endpoint as documented: `POST /v2/bot/message/push` with
 * `Authorization: Bearer <token>` (else 401), a JSON body `{ to, messages }` of 1 to 5 text messages of at
 * most 5,000 characters to a group the bot is in (else 400 with `details`), and `X-Line-Retry-Key` (a UUID;
 * a key already accepted answers 409). 429 `{ message: 'Too Many Requests' }` when asked to.
 */
export async function lineFake(token: string, group: string): Promise<AlertFake> {
  const accepted = new Set<string>();
  const fake = {
    sent: [] as string[],
    mode: 'ok' as FakeMode,
  };
  const server = await serveFake((req, raw, res) => {
    if (req.method !== 'POST' || req.url !== '/v2/bot/message/push') return json(res, 404, { message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${token}`)
      return json(res, 401, { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' });
    if (fake.mode === 'rate-limited') return json(res, 429, { message: 'Too Many Requests' });
    if (fake.mode === 'server-error') return json(res, 500, { message: 'Internal Server Error' });
    const key = String(req.headers['x-line-retry-key'] ?? '');
    if (key && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key))
      return json(res, 400, { message: "The value for the 'X-Line-Retry-Key' header is invalid" });
    if (key && accepted.has(key)) return json(res, 409, { message: 'The retry key is already accepted', sentMessages: [] });
    if (!String(req.headers['content-type']).startsWith('application/json')) return json(res, 415, { message: 'Unsupported Media Type' });
    let body: { to?: unknown; messages?: { type?: unknown; text?: unknown }[] };
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return json(res, 400, { message: 'The request body could not be parsed as JSON' });
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const bad =
      !messages.length ||
      messages.length > 5 ||
      messages.some((m) => m.type !== 'text' || typeof m.text !== 'string' || !m.text || m.text.length > 5000);
    if (bad)
      return json(res, 400, {
        message: 'The request body has 1 error(s)',
        details: [{ message: 'Must be a valid message', property: 'messages' }],
      });
    if (body.to !== group) return json(res, 400, { message: 'Failed to send messages' });
    if (key) accepted.add(key);
    for (const m of messages) fake.sent.push(String(m.text));
    // sent, but the answer never comes (a lost connection): a try again with the same key is refused 409
    if (fake.mode === 'hang') return;
    return json(res, 200, { sentMessages: messages.map((_, i) => ({ id: String(1000 + fake.sent.length + i), quoteToken: 'q' })) });
  });
  return Object.assign(fake, server);
}

/**
 * The Telegram Bot API's `sendMessage` as documented: `POST /bot<token>/sendMessage` (another token: 401
 * `{ ok: false, error_code: 401, description: 'Unauthorized' }`), a JSON body `{ chat_id, text }` of 1 to
 * 4,096 characters to a chat the bot is in (else 400 `Bad Request: ...`), `{ ok: true, result }` when sent;
 * 429 with `parameters.retry_after` when asked to.
 */
export async function telegramFake(token: string, chatId: string): Promise<AlertFake> {
  const fake = { sent: [] as string[], mode: 'ok' as FakeMode };
  const server = await serveFake((req, raw, res) => {
    const m = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
    if (!m) return json(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    if (m[1] !== token) return json(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    if (fake.mode === 'hang') return;
    if (fake.mode === 'rate-limited')
      return json(res, 429, {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 7',
        parameters: { retry_after: 7 },
      });
    if (fake.mode === 'server-error') return json(res, 502, { ok: false, error_code: 502, description: 'Bad Gateway' });
    let body: { chat_id?: unknown; text?: unknown };
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON" });
    }
    if (typeof body.text !== 'string' || !body.text.trim())
      return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    if (body.text.length > 4096) return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message is too long' });
    if (String(body.chat_id) !== chatId) return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    fake.sent.push(body.text);
    return json(res, 200, {
      ok: true,
      result: { message_id: fake.sent.length, chat: { id: Number(chatId), type: 'group' }, date: 0, text: body.text },
    });
  });
  return Object.assign(fake, server);
}
