import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { findGame } from '../adapters/games/catalog.js';
import { demoGameBet, demoGamePage } from '../adapters/games/demo-game.js';
import {
  answerSignature,
  callSignature,
  ERROR_STATUS,
  isErrorCode,
  MAX_SKEW_SECONDS,
  OPERATIONS,
  signedWith,
  type BridgeErrorCode,
  type Operation,
} from '../adapters/games/protocol.js';
import { ProviderError } from '../adapters/games/provider.js';
import { isFault, isPlay, SandboxProvider, type Fault, type Play } from '../adapters/games/sandbox.js';
import type { SandboxBooks } from '../adapters/games/sandbox-books.js';

/** The books the bridge answers from: the sandbox's, which also say whether a ref was cancelled. */
export type BridgeBooks = SandboxBooks & { refCancelled(provider: string, ref: string): Promise<boolean> };

export interface BridgeOptions {
  /** GAME_PROVIDER_SECRET: the wallet's calls are signed with it, and so are the answers. */
  secret: string;
  books: BridgeBooks;
  /** Where members' browsers reach this process: the launch links' origin. */
  publicUrl: string;
  /** A drill's fault for a game (tests): see SandboxProvider. Absent: those set by `POST /v1/drill`. */
  faultFor?: (game: string) => Fault | undefined;
  /** A drill's fixed outcome of every round of a game; otherwise about 45% of rounds are won. Absent: `POST /v1/drill`'s. */
  drillFor?: (game: string) => Play | undefined;
  now?: () => number;
  /** Each protocol call waits this long before it is served: another system's latency. */
  latencyMs?: number;
  log?: (line: string) => void;
}

const BODY_LIMIT = 16 * 1024;

/** A field of the call missing or malformed: answered 400 bad_request. */
class Malformed extends Error {}

/**
 * The sandbox game provider as a process of its own, speaking the game-provider protocol
 * (docs/game-provider-protocol.md) at `/v1/{operation}`: it is the reference bridge the wallet's adapter
 * is tested against, and the demo's provider. Its game pages (`/play/{game}`) are where a launch link
 * sends a member: a demo game whose rounds move the balances as play does and record the bets.
 */
export function bridgeHandler(o: BridgeOptions): http.RequestListener {
  const now = o.now ?? Date.now;
  // drills the operator sets on this process (`games drill`, POST /v1/drill), unless the options fix them
  const faults = new Map<string, Fault>();
  const plays = new Map<string, Play>();
  const faultFor = o.faultFor ?? ((game: string) => faults.get(game));
  const drillFor = o.drillFor ?? ((game: string) => plays.get(game));
  const games = new SandboxProvider(o.books, faultFor, now, o.latencyMs ?? 0);

  /** A drill for a game: a fault, a fixed outcome of its rounds, or none of either. */
  function drill(b: Record<string, unknown>) {
    const game = text(b.game, 20);
    if (!findGame(game)) throw new ProviderError(`unknown provider ${game}`, 'unknown_game');
    const what = b.drill;
    if (what === 'none') {
      faults.delete(game);
      plays.delete(game);
    } else if (isPlay(what)) plays.set(game, what);
    else if (isFault(what)) faults.set(game, what);
    else throw new Malformed();
    return { game, fault: faults.get(game) ?? 'none', play: plays.get(game) ?? 'none' };
  }

  async function operate(op: Operation, b: Record<string, unknown>): Promise<unknown> {
    const game = text(b.game, 20);
    switch (op) {
      case 'open': {
        if (!Number.isSafeInteger(b.member) || (b.member as number) <= 0 || (b.currency !== 'BAHT' && b.currency !== 'LAK'))
          throw new Malformed();
        return games.createAccount(game, b.member as number, b.currency);
      }
      case 'balance':
        return { balance: await games.balance(game, text(b.username, 64)) };
      case 'deposit':
      case 'withdraw': {
        const [username, amount, ref] = [text(b.username, 64), positive(b.amount), refOf(b.ref)];
        await (op === 'deposit' ? games.deposit(game, username, amount, ref) : games.withdraw(game, username, amount, ref));
        return { state: 'applied' };
      }
      case 'ref': {
        const ref = refOf(b.ref);
        if ((await games.refState(game, ref)) === 'applied') return { state: 'applied' };
        return { state: (await o.books.refCancelled(game, ref)) ? 'cancelled' : 'unknown' };
      }
      case 'cancel': {
        return { state: await games.cancel(game, refOf(b.ref)) };
      }
      case 'password':
        return { password: await games.resetPassword(game, text(b.username, 64)) };
      case 'bets': {
        if (!Number.isSafeInteger(b.since) || (b.since as number) < 0) throw new Malformed();
        return { stakes: await games.betsSince(game, text(b.username, 64), b.since as number) };
      }
      case 'launch':
        return { url: await games.launchUrl(game, text(b.username, 64), o.publicUrl) };
    }
  }

  async function protocol(req: http.IncomingMessage, op: string, raw: string, res: http.ServerResponse) {
    const timestamp = Number(req.headers['x-wallet-timestamp']);
    const given = String(req.headers['x-wallet-signature'] ?? '');
    const expected = Number.isSafeInteger(timestamp) ? callSignature(o.secret, timestamp, op, raw) : '';
    // the answer is signed over the call's signature: the one given, or nothing when there is none
    const callSig = /^v1=[0-9a-f]{64}$/.test(given) ? given.slice(3) : '';
    const answer = (status: number, body: unknown) => {
      const json = JSON.stringify(body);
      res.writeHead(status, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'x-bridge-signature': `v1=${answerSignature(o.secret, callSig, status, json)}`,
      });
      res.end(json);
    };
    const refuse = (code: BridgeErrorCode, message: string = code) => answer(ERROR_STATUS[code], { error: { code, message } });
    if (!expected || !signedWith(given, expected) || Math.abs(Math.floor(now() / 1000) - timestamp) > MAX_SKEW_SECONDS)
      return refuse('bad_signature', 'the signature does not match, or the timestamp is more than 300 s away');
    // `drill` is the sandbox's own: no bridge of a real provider answers it
    if (!(OPERATIONS as readonly string[]).includes(op) && op !== 'drill') return refuse('bad_request', `no operation ${op}`);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse('bad_request', 'the body is not JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse('bad_request', 'the body is not an object');
    try {
      const b = body as Record<string, unknown>;
      answer(200, op === 'drill' ? drill(b) : await operate(op as Operation, b));
    } catch (err) {
      if (err instanceof Malformed) return refuse('bad_request', 'a field is missing or malformed');
      if (err instanceof ProviderError && isErrorCode(err.code)) return refuse(err.code, err.message);
      o.log?.(`game sandbox: ${op} failed: ${(err as Error).message}`);
      refuse('unavailable', 'the sandbox could not answer');
    }
  }

  return (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://bridge');
      const raw = Buffer.concat(chunks).toString('utf8');
      const route = /^\/v1\/([a-z]+)$/.exec(url.pathname);
      const play = /^\/play\/([A-Za-z0-9]+)(\/bet)?$/.exec(url.pathname);
      const served = (async () => {
        if (size > BODY_LIMIT) return html(res, 413, '<p>Too large</p>');
        if (req.method === 'POST' && route) return protocol(req, route[1]!, raw, res);
        if (req.method === 'GET' && url.pathname === '/healthz') return html(res, 200, 'ok');
        if (req.method === 'GET' && play && !play[2]) {
          const nonce = randomBytes(16).toString('base64');
          const page = await demoGamePage(games, play[1]!, Object.fromEntries(url.searchParams), drillFor, nonce);
          return html(res, page.status, page.html, nonce);
        }
        if (req.method === 'POST' && play?.[2]) {
          const back = await demoGameBet(games, play[1]!, Object.fromEntries(new URLSearchParams(raw)), drillFor);
          if (!back) return html(res, 400, '<p>Bad bet</p>');
          res.writeHead(303, { location: back });
          return res.end();
        }
        html(res, 404, '<p>Not found</p>');
      })();
      served.catch((err: unknown) => {
        o.log?.(`game sandbox: ${req.method} ${url.pathname} failed: ${(err as Error).message}`);
        if (!res.headersSent) html(res, 500, '<p>Error</p>');
      });
    });
  };
}

function html(res: http.ServerResponse, status: number, body: string, styleNonce?: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': `default-src 'none'; style-src ${styleNonce ? `'nonce-${styleNonce}'` : "'none'"}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  });
  res.end(body);
}

function text(value: unknown, max: number): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) throw new Malformed();
  return value;
}

const refOf = (value: unknown) => {
  const ref = text(value, 100);
  if (!/^[A-Za-z0-9_.:-]+$/.test(ref)) throw new Malformed();
  return ref;
};

function positive(value: unknown): number {
  if (!Number.isSafeInteger(value) || (value as number) <= 0) throw new Malformed();
  return value as number;
}

/** The bridge listening on `port` (0: any free one) of `host`; `close` ends hanging calls too. */
export async function serveBridge(
  o: BridgeOptions & { port: number; host?: string },
): Promise<{ url: string; server: http.Server; close(): Promise<void> }> {
  const server = http.createServer(bridgeHandler(o));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${o.host ?? '127.0.0.1'}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
