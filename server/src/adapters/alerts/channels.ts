import type * as LineSdk from '@line/bot-sdk';

/**
 * Where on-call alerts go (issue 39), each through its provider's documented HTTP API (LINE's through its
 * Node SDK), reached at a base URL of its own so that tests point it at a local fake:
 *
 * - LINE Messaging API, "Send push message": `POST {base}/v2/bot/message/push` with
 *   `Authorization: Bearer <channel access token>`, a JSON body `{ to, messages: [{ type: 'text', text }] }`
 *   (`to`: the group id; a text of at most 5,000 characters) and `X-Line-Retry-Key` (a UUID: a request
 *   sent again with the same key after a timeout is refused 409 instead of sent twice). Answers 200
 *   `{ sentMessages }`; errors are `{ message, details? }` with 400 (a bad body, an unknown group), 401 (a
 *   bad token), 403 (not allowed), 409 (that retry key was accepted already), 429 (the rate limit or the
 *   month's message quota), 5xx.
 * - Telegram Bot API, `sendMessage`: `POST {base}/bot<token>/sendMessage` with a JSON body
 *   `{ chat_id, text }` (1 to 4,096 characters). Answers `{ ok: true, result }`, or `{ ok: false,
 *   error_code, description, parameters? }` with that HTTP status: 400 (chat not found), 401 (a bad
 *   token), 403 (the bot was removed from the chat), 429 with `parameters.retry_after` (seconds), 5xx.
 *
 * Neither error's text ever carries the token (Telegram's is in the URL: never logged).
 */
export type AlertChannel = 'line' | 'telegram';

export interface AlertSend {
  baseUrl: string;
  token: string;
  /** LINE's group id, Telegram's chat id. */
  target: string;
  text: string;
  /** The message's own UUID: LINE's X-Line-Retry-Key, the same on every try. */
  retryKey: string;
  timeoutMs: number;
}

/**
 * What a try came to: sent, or not, with a code (`unauthorized`, `bad_request`, `forbidden`, `rate_limited`,
 * `server_error`, `timeout`, `unreachable`, `malformed`) and whether trying again may help (a refused token
 * or chat will be refused again until an admin changes it).
 */
export type SendOutcome = { ok: true } | { ok: false; code: string; retry: boolean; retryAfterMs?: number; detail: string };

const TEXT_MAX = { line: 5000, telegram: 4096 } as const;

function refusal(status: number, detail: string, retryAfterSeconds?: number): SendOutcome {
  const retryAfterMs = retryAfterSeconds !== undefined && retryAfterSeconds >= 0 ? Math.min(retryAfterSeconds, 3600) * 1000 : undefined;
  if (status === 429)
    return { ok: false, code: 'rate_limited', retry: true, detail, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  if (status >= 500) return { ok: false, code: 'server_error', retry: true, detail };
  const code = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : status === 404 ? 'not_found' : 'bad_request';
  return { ok: false, code, retry: false, detail };
}

/** The call itself: a timeout or no connection is an outcome, never thrown. */
type Answer = { status: number; headers: Headers; json: unknown } | { failed: 'timeout' | 'unreachable' };

async function post(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json };
  } catch (err) {
    const name = (err as Error)?.name;
    return { failed: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable' };
  }
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const field = (json: unknown, key: string): unknown =>
  json && typeof json === 'object' ? (json as Record<string, unknown>)[key] : undefined;
const words = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');

/**
 * LINE through its SDK (@line/bot-sdk's MessagingApiClient: the push endpoint above, with the retry key),
 * loaded at the first alert, not at every start. The SDK's calls take no timeout: the try is given up after
 * `timeoutMs`, and what it may still do is left to the retry key (a later try of the same message is 409).
 */
export async function sendLine(o: AlertSend): Promise<SendOutcome> {
  let line: typeof LineSdk;
  try {
    line = await import('@line/bot-sdk');
  } catch {
    return { ok: false, code: 'unreachable', retry: true, detail: 'LINE: its SDK could not be loaded' };
  }
  const client = new line.messagingApi.MessagingApiClient({ channelAccessToken: o.token, baseURL: o.baseUrl });
  const sending = client.pushMessage({ to: o.target, messages: [{ type: 'text', text: clip(o.text, TEXT_MAX.line) }] }, o.retryKey);
  // a try given up on may still fail later: never an unhandled rejection
  sending.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), o.timeoutMs)));
  try {
    if ((await Promise.race([sending.then(() => 'sent' as const), late])) === 'timeout')
      return { ok: false, code: 'timeout', retry: true, detail: 'LINE: timeout' };
    return { ok: true };
  } catch (err) {
    if (!(err instanceof line.HTTPFetchError)) return { ok: false, code: 'unreachable', retry: true, detail: 'LINE: unreachable' };
    // 409: a try of this same message (its retry key) was accepted already: it is sent
    if (err.status === 409) return { ok: true };
    let said: unknown;
    try {
      said = field(JSON.parse(err.body), 'message');
    } catch {
      said = undefined;
    }
    const retryAfter = Number(err.headers.get('retry-after'));
    return refusal(
      err.status,
      `LINE answered ${err.status} ${words(said)}`.trim(),
      Number.isFinite(retryAfter) && err.headers.has('retry-after') ? retryAfter : undefined,
    );
  } finally {
    clearTimeout(timer);
  }
}

export async function sendTelegram(o: AlertSend): Promise<SendOutcome> {
  const answer = await post(
    `${o.baseUrl}/bot${o.token}/sendMessage`,
    {},
    { chat_id: o.target, text: clip(o.text, TEXT_MAX.telegram), link_preview_options: { is_disabled: true } },
    o.timeoutMs,
  );
  if ('failed' in answer) return { ok: false, code: answer.failed, retry: true, detail: `Telegram: ${answer.failed}` };
  if (answer.status === 200 && field(answer.json, 'ok') === true) return { ok: true };
  if (answer.status === 200) return { ok: false, code: 'malformed', retry: true, detail: 'Telegram answered 200 without ok' };
  const retryAfter = field(field(answer.json, 'parameters'), 'retry_after');
  return refusal(
    answer.status,
    `Telegram answered ${answer.status} ${words(field(answer.json, 'description'))}`.trim(),
    typeof retryAfter === 'number' ? retryAfter : undefined,
  );
}

export const senders: Record<AlertChannel, (o: AlertSend) => Promise<SendOutcome>> = { line: sendLine, telegram: sendTelegram };
