import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import { resolveGameKey } from './game-secrets.js';
import { deriveKey } from './signed-url.js';

/**
 * What the operator's process (another process, on SQLite the only way to reach the open sockets) asks
 * the running server to do, on a hidden route: a POST to PUBLIC_URL signed with HMAC-SHA256 under a key
 * derived from the server's secret key (GAME_SECRET_KEY or its key file, purpose 'chat-deliver', the
 * server's `ctx.chatKey`), over a text each route makes of the body, which holds `at`; valid for a minute.
 * Each route keeps its own text, so a signature for one route is no signature for another.
 */
export interface InternalRoute<B extends { at: number }> {
  path: string;
  header: string;
  /** The signed text: the route's own, with `at` in it. */
  text: (body: B) => string;
}

const MAX_SKEW_MS = 60_000;

const sign = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** Whether `given` signs `body` for this route, made within a minute of `now`; compared in constant time. */
export function internalSignatureValid<B extends { at: number }>(
  key: Buffer,
  route: InternalRoute<B>,
  body: B,
  given: string,
  now: number,
): boolean {
  const expected = Buffer.from(sign(key, route.text(body)));
  const got = Buffer.from(given);
  return Math.abs(now - body.at) <= MAX_SKEW_MS && got.length === expected.length && timingSafeEqual(got, expected);
}

/** POSTs `fields` (with `at`: now) to the running server's route, signed; rejects when no server answers in `timeoutMs`. */
export async function postInternal<B extends { at: number }>(
  config: Config,
  route: InternalRoute<B>,
  fields: Omit<B, 'at'>,
  timeoutMs: number,
): Promise<Response> {
  const key = deriveKey(
    resolveGameKey(config, () => undefined),
    'chat-deliver',
  );
  const body = { ...fields, at: Date.now() } as B;
  return fetch(`${config.publicUrl}${route.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [route.header]: sign(key, route.text(body)) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}
