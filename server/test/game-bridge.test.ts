import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameBridgeUnanswered, HttpGameProvider } from '../src/adapters/games/http-provider.js';
import { answerSignature, callSignature } from '../src/adapters/games/protocol.js';
import { ProviderError } from '../src/adapters/games/provider.js';
import type { Fault } from '../src/adapters/games/sandbox.js';
import { serveBridge } from '../src/game-sandbox/bridge.js';
import { FileBooks } from '../src/game-sandbox/file-books.js';
import { serveFake } from './fake-server.js';

/**
 * The game-provider protocol (docs/game-provider-protocol.md): the wallet's adapter against the sandbox
 * bridge that speaks it (a process of its own in the demo), and against answers no bridge should give.
 */
const SECRET = 'bridge-test-secret-0123456789abcdef';
const doc = fs.readFileSync(path.join(import.meta.dirname, '../../docs/game-provider-protocol.md'), 'utf8');

/** What the call refused with: the error's class and code. */
async function refusal(call: Promise<unknown>): Promise<{ unanswered: boolean; code: string }> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'the call should have failed').toBeInstanceOf(ProviderError);
  return { unanswered: err instanceof GameBridgeUnanswered, code: (err as ProviderError).code };
}

describe('the game-provider protocol', () => {
  it("signs as the document's worked example says", () => {
    const example = /secret `([^`]+)`, the timestamp `(\d+)` and the body\n`([^`]+)`/.exec(doc)!;
    const [, secret, timestamp, body] = example as unknown as [string, string, string, string];
    const callSig = /x-wallet-signature: v1=([0-9a-f]{64})/.exec(doc)![1]!;
    const answerSig = /x-bridge-signature: v1=([0-9a-f]{64})/.exec(doc)![1]!;
    // by the document's words, with nothing of ours
    expect(createHmac('sha256', secret).update(`${timestamp}.deposit.${body}`).digest('hex')).toBe(callSig);
    expect(callSignature(secret, Number(timestamp), 'deposit', body)).toBe(callSig);
    expect(answerSignature(secret, callSig, 200, '{"state":"applied"}')).toBe(answerSig);
  });
});

describe('the wallet adapter against the sandbox bridge', () => {
  let dir: string;
  let books: FileBooks;
  let bridge: Awaited<ReturnType<typeof serveBridge>>;
  const faults = new Map<string, Fault>();
  let drill: 'win' | 'lose' | undefined;
  const adapter = (o: Partial<ConstructorParameters<typeof HttpGameProvider>[0]> = {}) =>
    new HttpGameProvider({ baseUrl: `${bridge.url}/v1`, secret: SECRET, timeoutMs: 10_000, ...o });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-'));
    books = await FileBooks.open(path.join(dir, 'books.jsonl'));
    bridge = await serveBridge({
      secret: SECRET,
      books,
      port: 0,
      publicUrl: 'https://games.example',
      faultFor: (game) => faults.get(game),
      drillFor: () => drill,
    });
  });
  afterAll(async () => {
    await bridge.close();
    books.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens an account, moves money by ref once, and says what each ref did', async () => {
    const games = adapter();
    const { username, password } = await games.createAccount('PG', 42, 'BAHT');
    expect(username).toMatch(/^pg/);
    expect(password).toHaveLength(10);
    expect(await games.balance('PG', username)).toBe(0);

    await games.deposit('PG', username, 50_000, 'intent-1');
    await games.deposit('PG', username, 50_000, 'intent-1'); // the same ref applies once
    expect(await games.balance('PG', username)).toBe(50_000);
    await games.withdraw('PG', username, 20_000, 'intent-2');
    expect(await games.balance('PG', username)).toBe(30_000);
    expect(await games.refState('PG', 'intent-2')).toBe('applied');
    expect(await games.refState('PG', 'intent-never')).toBe('unknown');

    // above the balance: an answer (refused), not a fault
    expect(await refusal(games.withdraw('PG', username, 30_001, 'intent-3'))).toEqual({ unanswered: false, code: 'insufficient_funds' });
    expect(await games.balance('PG', username)).toBe(30_000);
    // the same ref for another move is refused, never taken for the first
    expect(await refusal(games.deposit('PG', username, 1, 'intent-1'))).toEqual({ unanswered: false, code: 'ref_conflict' });

    // a cancelled ref never applies: the deposit that hung and arrives late moves nothing
    await games.cancel('PG', 'intent-4');
    expect(await refusal(games.deposit('PG', username, 10_000, 'intent-4'))).toEqual({ unanswered: false, code: 'ref_cancelled' });
    expect(await games.refState('PG', 'intent-4')).toBe('unknown');
    // cancelling a ref that applied changes nothing
    await games.cancel('PG', 'intent-2');
    expect(await games.refState('PG', 'intent-2')).toBe('applied');
    expect(await games.balance('PG', username)).toBe(30_000);

    expect(await refusal(games.balance('PG', 'nobody'))).toEqual({ unanswered: false, code: 'no_account' });
    expect(await refusal(games.balance('NOSUCHGAME', username))).toEqual({ unanswered: false, code: 'unknown_game' });
    const again = await games.createAccount('PG', 42, 'BAHT');
    expect(again.username).toBe(username);
    expect(await games.resetPassword('PG', username)).not.toBe(again.password);
  });

  it("sends the member to the bridge's game page, whose bets are the turnover the wallet reads", async () => {
    const games = adapter();
    const { username } = await games.createAccount('JOKER', 7, 'LAK');
    await games.deposit('JOKER', username, 20_000, 'intent-j1');
    const since = Date.now() - 1000;
    const url = await games.launchUrl('JOKER', username, 'https://wallet.example');
    expect(url.startsWith('https://games.example/play/JOKER?')).toBe(true);
    const local = new URL(url.replace('https://games.example', bridge.url));
    const page = await fetch(local);
    expect(page.status).toBe(200);
    // a kip account's page is in kip: 20,000 kip, not 200.00 baht, and its stakes are kip's
    const text = await page.text();
    expect(text).toContain('<p>Balance (LAK)</p><p class="bal" id="balance">20000</p>');
    expect(text).toContain('>Bet 6000</button>');

    drill = 'lose';
    const form = new URLSearchParams({ u: username, k: local.searchParams.get('k')!, stake: '6000' });
    const bet = await fetch(`${bridge.url}/play/JOKER/bet`, { method: 'POST', body: form, redirect: 'manual' });
    drill = undefined;
    expect(bet.status).toBe(303);
    const after = await (await fetch(new URL(bet.headers.get('location')!, bridge.url))).text();
    expect(after).toContain('You lost 6000');
    expect(await games.balance('JOKER', username)).toBe(14_000);
    expect(await games.betsSince('JOKER', username, since)).toBe(6_000);

    // the page's secret is the launch link's: a guess sees nothing
    expect((await fetch(`${bridge.url}/play/JOKER?u=${username}&k=guess`)).status).toBe(403);
  });

  it('keeps its books across a restart: what it answered stays answered', async () => {
    const games = adapter();
    const { username } = await games.createAccount('SLOTXO', 9, 'BAHT');
    await games.deposit('SLOTXO', username, 7_000, 'intent-r1');
    await games.cancel('SLOTXO', 'intent-r2');
    // a crash cut the last line short: that call got no answer, and is no change
    fs.appendFileSync(path.join(dir, 'books.jsonl'), '{"op":"move","provider":"SLOTXO","usern');
    const file = path.join(dir, 'books.jsonl');
    const reopened = await FileBooks.open(file);
    try {
      expect(await reopened.account('SLOTXO', username)).toMatchObject({ balance: 7_000 });
      expect(await reopened.refApplied('SLOTXO', 'intent-r1')).toBe(true);
      expect(await reopened.refCancelled('SLOTXO', 'intent-r2')).toBe(true);
      // the torn line is gone: a change made now is a line of its own, and is there after the next start
      await reopened.move('SLOTXO', username, 3_000, 'intent-r3', 'deposit', Date.now());
    } finally {
      reopened.close();
    }
    const again = await FileBooks.open(file);
    try {
      expect(await again.account('SLOTXO', username)).toMatchObject({ balance: 10_000 });
      expect(await again.refApplied('SLOTXO', 'intent-r3')).toBe(true);
    } finally {
      again.close();
    }
  });

  it('takes back a change it could not flush, so a restart never makes what the caller was told failed', async () => {
    const file = path.join(dir, 'flush.jsonl');
    const first = await FileBooks.open(file);
    await first.openAccount('PG', 'pg000777', 'secret-pass', Date.now(), 'BAHT');
    const flush = vi.spyOn(fs, 'fdatasyncSync').mockImplementationOnce(() => {
      throw new Error('EIO: the disk said no');
    });
    await expect(first.move('PG', 'pg000777', 300, 'intent-f1', 'deposit', Date.now())).rejects.toMatchObject({ code: 'unavailable' });
    flush.mockRestore();
    expect(await first.refApplied('PG', 'intent-f1')).toBe(false);
    first.close();
    const restarted = await FileBooks.open(file);
    try {
      expect(await restarted.refApplied('PG', 'intent-f1')).toBe(false);
      expect(await restarted.account('PG', 'pg000777')).toMatchObject({ balance: 0 });
    } finally {
      restarted.close();
    }
    // a line damaged before the last is no journal to start on
    fs.writeFileSync(file, '{"op":"open"\n' + fs.readFileSync(file, 'utf8'));
    await expect(FileBooks.open(file)).rejects.toThrow('line 1 is not a journal entry');
  });

  it('is no answer when the bridge is down, hangs, or is reached with another secret or clock', async () => {
    const games = adapter();
    const { username } = await games.createAccount('PG', 43, 'BAHT');
    faults.set('PG', 'fail');
    expect(await refusal(games.balance('PG', username))).toEqual({ unanswered: true, code: 'unavailable' });
    faults.set('PG', 'hang');
    // a call that never ends: cut at the adapter's deadline (the bridge never answers; no clock is raced)
    expect(await refusal(adapter({ timeoutMs: 200 }).deposit('PG', username, 100, 'intent-h1'))).toEqual({
      unanswered: true,
      code: 'timeout',
    });
    faults.clear();
    expect(await games.refState('PG', 'intent-h1')).toBe('unknown');

    expect(await refusal(adapter({ secret: 'another-secret-0123456789abcdef' }).balance('PG', username))).toEqual({
      unanswered: true,
      code: 'bad_signature',
    });
    const late = adapter({ now: () => Date.now() - 10 * 60_000 });
    expect(await refusal(late.balance('PG', username))).toEqual({ unanswered: true, code: 'bad_signature' });

    const closed = await serveFake(() => undefined);
    const port = new URL(closed.url).port;
    await closed.close();
    expect(
      await refusal(
        new HttpGameProvider({ baseUrl: `http://127.0.0.1:${port}/v1`, secret: SECRET, timeoutMs: 10_000 }).balance('PG', username),
      ),
    ).toEqual({
      unanswered: true,
      code: 'unreachable',
    });
  });

  it('refuses what an attacker sends it, and never answers a call it cannot verify', async () => {
    const post = (op: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${bridge.url}/v1/${op}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const signed = (op: string, body: string) => {
      const t = Math.floor(Date.now() / 1000);
      return post(op, body, { 'x-wallet-timestamp': String(t), 'x-wallet-signature': `v1=${callSignature(SECRET, t, op, body)}` });
    };
    expect((await post('balance', '{"game":"PG","username":"x"}')).status).toBe(401);
    // signed for balance, sent as withdraw
    const t = Math.floor(Date.now() / 1000);
    const body = '{"game":"PG","username":"pg000042","amount":100,"ref":"intent-x"}';
    const swapped = await post('withdraw', body, {
      'x-wallet-timestamp': String(t),
      'x-wallet-signature': `v1=${callSignature(SECRET, t, 'balance', body)}`,
    });
    expect(swapped.status).toBe(401);
    for (const [op, bad] of [
      ['deposit', 'not json'],
      ['deposit', '[1]'],
      ['deposit', '{"game":"PG","username":"pg000042","amount":-5,"ref":"intent-n"}'],
      ['deposit', '{"game":"PG","username":"pg000042","amount":1.5,"ref":"intent-n"}'],
      ['deposit', '{"game":"PG","username":"pg000042","amount":100,"ref":"<script>"}'],
      ['open', '{"game":"PG","member":1,"currency":"USD"}'],
      ['bets', '{"game":"PG","username":"pg000042","since":"yesterday"}'],
      ['drop', '{}'],
    ] as const) {
      const res = await signed(op, bad);
      expect(res.status, `${op} ${bad}`).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    expect((await signed('deposit', 'x'.repeat(20_000))).status).toBe(413);
  });
});

describe('the wallet adapter against answers no bridge should give', () => {
  let fake: Awaited<ReturnType<typeof serveFake>>;
  let next: (callSig: string) => { status: number; body: string; sign?: boolean; headers?: Record<string, string> };
  beforeAll(async () => {
    fake = await serveFake((req, _body, res) => {
      const callSig = String(req.headers['x-wallet-signature']).slice(3);
      const { status, body, sign = true, headers = {} } = next(callSig);
      res.writeHead(status, {
        'content-type': 'application/json',
        ...(sign ? { 'x-bridge-signature': `v1=${answerSignature(SECRET, callSig, status, body)}` } : {}),
        ...headers,
      });
      res.end(body);
    });
  });
  afterAll(() => fake.close());
  const games = () => new HttpGameProvider({ baseUrl: fake.url, secret: SECRET, timeoutMs: 10_000 });

  it('takes none of them for an answer', async () => {
    const cases: [ReturnType<typeof next>, string][] = [
      [{ status: 200, body: '{"balance":500}', sign: false }, 'bad_signature'],
      [{ status: 502, body: '<html>Bad gateway</html>', sign: false }, 'http_502'],
      [{ status: 200, body: 'OK' }, 'malformed'],
      [{ status: 200, body: '{"balance":"500"}' }, 'malformed'],
      [{ status: 200, body: '{"balance":-1}' }, 'malformed'],
      [{ status: 200, body: '{"balance":1.5}' }, 'malformed'],
      [{ status: 429, body: '{"error":{"code":"rate_limited","message":"slow down"}}', headers: { 'retry-after': '5' } }, 'rate_limited'],
      [{ status: 503, body: '{"error":{"code":"unavailable","message":"aggregator down"}}' }, 'unavailable'],
      [{ status: 500, body: '{"oops":true}' }, 'http_500'],
      [{ status: 418, body: '{"error":{"code":"teapot","message":"?"}}' }, 'http_418'],
      // a refusal's code under another status than the protocol's is no refusal
      [{ status: 400, body: '{"error":{"code":"insufficient_funds","message":"?"}}' }, 'insufficient_funds'],
      [{ status: 404, body: '{"error":{"code":"unavailable","message":"?"}}' }, 'unavailable'],
    ];
    for (const [answer, code] of cases) {
      next = () => answer;
      expect(await refusal(games().balance('PG', 'pg000001')), JSON.stringify(answer)).toEqual({ unanswered: true, code });
    }
  });

  it('never takes a deposit for applied, nor a launch link that is not a web address, without the answer saying so', async () => {
    next = () => ({ status: 200, body: '{"state":"pending"}' });
    expect(await refusal(games().deposit('PG', 'pg000001', 100, 'intent-1'))).toEqual({ unanswered: true, code: 'malformed' });
    next = () => ({ status: 200, body: '{"state":"maybe"}' });
    expect(await refusal(games().refState('PG', 'intent-1'))).toEqual({ unanswered: true, code: 'malformed' });
    next = () => ({ status: 200, body: '{"url":"javascript:alert(1)"}' });
    expect(await refusal(games().launchUrl('PG', 'pg000001', 'https://wallet.example'))).toEqual({ unanswered: true, code: 'malformed' });
    // an answer signed for another call is not this one's
    next = () => ({
      status: 200,
      body: '{"state":"applied"}',
      sign: false,
      headers: { 'x-bridge-signature': `v1=${answerSignature(SECRET, 'f'.repeat(64), 200, '{"state":"applied"}')}` },
    });
    expect(await refusal(games().deposit('PG', 'pg000001', 100, 'intent-1'))).toEqual({ unanswered: true, code: 'bad_signature' });
  });
});
