import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpGameProvider } from '../src/adapters/games/http-provider.js';
import type { Fault } from '../src/adapters/games/sandbox.js';
import { MemoryBooks } from '../src/adapters/games/sandbox-books.js';
import { answerSignature } from '../src/adapters/games/protocol.js';
import { serveBridge } from '../src/game-sandbox/bridge.js';
import { FileBooks } from '../src/game-sandbox/file-books.js';
import { recoverOpenIntents } from '../src/modules/wallet/transfers.js';
import { runCommand } from '../src/operator/commands.js';
import { faultsSince, providerFaultCounts, serveFake } from './fake-server.js';
import { build, call, DEMO_MEMBER, login, message, type TestServer } from './helper.js';

/**
 * The wallet with its games behind a bridge (GAME_PROVIDER=http, docs/game-provider-protocol.md), the
 * sandbox bridge standing in for an aggregator's: what a member sees, and that a bridge that fails or
 * hangs costs no money (the transfer waits in transit and is settled by what the bridge says of its ref).
 */
describe('games through the game-provider protocol', () => {
  const SECRET = 'wallet-bridge-secret-0123456789';
  const METRICS = 'games-bridge-metrics-token-0123';
  let bridge: Awaited<ReturnType<typeof serveBridge>>;
  const faults = new Map<string, Fault>();
  let server: TestServer;
  let token: string;
  const get = (url: string) => call(server.app, 'GET', url, undefined, { token });
  const move = (body: unknown, key?: string) =>
    call(server.app, 'POST', '/api/wallet/transfer', body, { token, headers: key ? { 'idempotency-key': key } : {} });
  const wallet = async () => (await get('/api/wallet')).json();
  const slot = async (code: string) => (await wallet()).slots.find((s: { code: string }) => s.code === code);
  const counts = () => providerFaultCounts(server.app, METRICS, 'games');

  beforeAll(async () => {
    bridge = await serveBridge({
      secret: SECRET,
      books: new MemoryBooks(),
      port: 0,
      publicUrl: 'https://games.example',
      faultFor: (g) => faults.get(g),
    });
    server = await build({
      gameProvider: 'http',
      gameBridge: { url: `${bridge.url}/v1`, secret: SECRET, sandbox: true },
      providerTimeoutMs: 3000,
      metricsToken: METRICS,
    });
    token = await login(server.app);
    await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '1000'], () => undefined);
  });
  afterAll(async () => {
    await server.close();
    await bridge.close();
  });
  beforeEach(() => faults.clear());

  it('opens an account at the bridge, launches its game there, and moves money in and back', async () => {
    expect(server.ctx.sandboxGames).toBeUndefined();
    const opened = await get('/api/wallet/activate/PG');
    expect(opened.statusCode).toBe(200);
    const { username } = opened.json();
    expect(username).toMatch(/^pg\d{6}$/);
    // PG signs its player in through the wallet's auto-login call: the link is the bridge's game page
    const link = await get(`/api/autoLogin/PG/${username}`);
    expect(link.json().link).toMatch(/^https:\/\/games\.example\/play\/PG\?u=/);

    const into = await move({ from: 'WALLET', to: 'PG', amount: 100 });
    expect([into.statusCode, message(into)]).toEqual([200, 'SUCCESS']);
    expect((await wallet()).wallet.amount).toBe(900);
    expect((await slot('PG')).amount).toBe(100);
    const back = await move({ from: 'PG', to: 'WALLET', amount: 40.5 });
    expect(message(back)).toBe('SUCCESS');
    expect((await wallet()).wallet.amount).toBe(940.5);
    // a refusal is an answer: above the game's balance, nothing moves and it is no fault of the bridge
    const before = await counts();
    const over = await move({ from: 'PG', to: 'WALLET', amount: 60 });
    expect(over.statusCode).toBe(400);
    expect((await slot('PG')).amount).toBe(59.5);
    expect(faultsSince(before, await counts(), ['insufficient_funds'])).toEqual([0]);
  });

  it('says a game cannot be opened while the bridge is down, and counts it for on-call', async () => {
    const before = await counts();
    faults.set('JOKER', 'fail');
    expect(message(await get('/api/wallet/activate/JOKER'))).toBe('SLOT_ACTIVATE_FAIL');
    expect(faultsSince(before, await counts(), ['unavailable'])).toEqual([1]);
    faults.clear();
    expect((await get('/api/wallet/activate/JOKER')).statusCode).toBe(200);
    // a game without auto-login shows its launch link in the wallet
    expect((await slot('JOKER')).web).toMatch(/^https:\/\/games\.example\/play\/JOKER\?u=/);
  });

  it('keeps a transfer the bridge hung on in transit, and returns the money once the bridge says the ref never applied', async () => {
    await get('/api/wallet/activate/SLOTXO');
    const start = (await wallet()).wallet.amount as number;
    faults.set('SLOTXO', 'hang');
    const hung = await move({ from: 'WALLET', to: 'SLOTXO', amount: 25 }, 'bridge-hang-key-01');
    expect([hung.statusCode, message(hung)]).toEqual([409, 'TRANSFER_PENDING']);
    expect((await wallet()).wallet.amount).toBe(start - 25);
    // still hanging: the sweep leaves it in transit rather than guess
    server.clock.now += 10 * 60_000;
    expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 0, left: 1 });
    faults.clear();
    expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 1, left: 0 });
    expect((await wallet()).wallet.amount).toBe(start);
    expect((await slot('SLOTXO')).amount).toBe(0);
    // the same key answers what happened, and moves nothing again
    expect(message(await move({ from: 'WALLET', to: 'SLOTXO', amount: 25 }, 'bridge-hang-key-01'))).toBe('TRANSFER_FAIL');
    expect((await wallet()).wallet.amount).toBe(start);
  });

  it('keeps a transfer the bridge refused after it hung back in the wallet', async () => {
    await get('/api/wallet/activate/CIRCUS');
    const start = (await wallet()).wallet.amount as number;
    // deposits hang, asks are answered: the ref is cancelled before it applied, and the money comes back at once
    faults.set('CIRCUS', 'hang-transfers');
    expect(message(await move({ from: 'WALLET', to: 'CIRCUS', amount: 10 }, 'bridge-hang-key-02'))).toBe('TRANSFER_FAIL');
    expect((await wallet()).wallet.amount).toBe(start);
    faults.clear();
    expect((await slot('CIRCUS')).amount).toBe(0);
  });

  it('settles a transfer whose answer was lost by what the bridge says it applied', async () => {
    // a network in front of the bridge that delivers the deposit and loses its answer
    let loseNext = true;
    const lossy = await serveFake(async (req, body, res) => {
      const forwarded = await fetch(`${bridge.url}${req.url}`, {
        method: 'POST',
        headers: Object.fromEntries(['content-type', 'x-wallet-timestamp', 'x-wallet-signature'].map((h) => [h, String(req.headers[h])])),
        body,
      });
      const text = await forwarded.text();
      if (req.url?.endsWith('/deposit') && loseNext) {
        loseNext = false;
        return; // applied at the bridge, never answered
      }
      res.writeHead(forwarded.status, {
        'content-type': 'application/json',
        'x-bridge-signature': forwarded.headers.get('x-bridge-signature')!,
      });
      res.end(text);
    });
    const lossyServer = await build(
      { gameProvider: 'http', gameBridge: { url: `${lossy.url}/v1`, secret: SECRET, sandbox: true }, providerTimeoutMs: 3000 },
      { shareWith: server },
    );
    try {
      const via = (method: 'GET' | 'POST', url: string, body?: unknown, key?: string) =>
        call(lossyServer.app, method, url, body, { token, headers: key ? { 'idempotency-key': key } : {} });
      await via('GET', '/api/wallet/activate/USUN');
      const start = (await wallet()).wallet.amount as number;
      const lost = await via('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'USUN', amount: 30 }, 'bridge-lost-key-01');
      expect([lost.statusCode, message(lost)]).toEqual([200, 'SUCCESS']);
      expect(loseNext).toBe(false);
      expect((await wallet()).wallet.amount).toBe(start - 30);
      expect((await slot('USUN')).amount).toBe(30);
    } finally {
      await lossyServer.close();
      await lossy.close();
    }
  });
});

describe("the in-process sandbox's books carried over to the bridge", () => {
  it('exports accounts, balances, refs and bets as the journal the bridge starts from', async () => {
    const server = await build();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-sandbox-'));
    try {
      const token = await login(server.app);
      await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '500'], () => undefined);
      const { username, password } = (await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token })).json();
      const moved = await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 200 }, { token });
      expect(message(moved)).toBe('SUCCESS');
      const since = server.clock.now - 1;
      await server.ctx.sandboxGames!.playRound('PG', username, password, 5000, false);
      await server.ctx.sandboxGames!.cancel('PG', 'intent-never-sent');

      // the in-process sandbox's drills are its settings
      await runCommand(server.ctx, ['games', 'drill', 'pg', 'hang-transfers'], () => undefined);
      await runCommand(server.ctx, ['games', 'drill', 'PG', 'win'], () => undefined);
      await server.ctx.settings.refresh();
      expect([server.ctx.settings.get('providerFaults'), server.ctx.settings.get('sandboxPlay')]).toEqual([
        { PG: 'hang-transfers' },
        { PG: 'win' },
      ]);
      await runCommand(server.ctx, ['games', 'drill', 'PG', 'none'], () => undefined);
      await server.ctx.settings.refresh();
      expect([server.ctx.settings.get('providerFaults'), server.ctx.settings.get('sandboxPlay')]).toEqual([{}, {}]);

      const file = path.join(dir, 'books.jsonl');
      const printed: string[] = [];
      await runCommand(server.ctx, ['games', 'export-sandbox', file], (line) => printed.push(line));
      expect(printed.at(-1)).toMatch(/: 1 accounts, 2 refs, 1 bets$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      await expect(runCommand(server.ctx, ['games', 'export-sandbox', file], () => undefined)).rejects.toThrow('is never overwritten');

      // the bridge started on it answers as the in-process sandbox did
      const books = await FileBooks.open(file);
      const bridge = await serveBridge({ secret: 'export-bridge-secret-0123456', books, port: 0, publicUrl: 'https://games.example' });
      try {
        const games = new HttpGameProvider({ baseUrl: `${bridge.url}/v1`, secret: 'export-bridge-secret-0123456', timeoutMs: 10_000 });
        expect(await games.balance('PG', username)).toBe(15_000);
        expect(await games.betsSince('PG', username, since)).toBe(5_000);
        const [intent] = await server.ctx.database.db.selectFrom('transfer_intents').select('id').execute();
        expect(await games.refState('PG', `intent-${intent!.id}`)).toBe('applied');
        // a ref cancelled in-process stays cancelled: the deposit that arrives late moves nothing
        await expect(games.deposit('PG', username, 100, 'intent-never-sent')).rejects.toMatchObject({ code: 'ref_cancelled' });
        expect((await games.createAccount('PG', 1, 'BAHT')).username).toBe(username);
        // the bridge's drills (`games drill`): a fault, then none
        expect(await games.sandboxDrill('PG', 'fail')).toEqual({ fault: 'fail', play: 'none' });
        await expect(games.balance('PG', username)).rejects.toMatchObject({ code: 'unavailable' });
        expect(await games.sandboxDrill('PG', 'none')).toEqual({ fault: 'none', play: 'none' });
        expect(await games.balance('PG', username)).toBe(15_000);
        await expect(games.sandboxDrill('PG', 'jackpot')).rejects.toMatchObject({ code: 'bad_request' });
      } finally {
        await bridge.close();
        books.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await server.close();
    }
  });
});

describe('a bridge whose answers contradict each other', () => {
  it('keeps the transfer in transit rather than settle it either way', async () => {
    const SECRET = 'contradicting-bridge-secret-01';
    const bridge = await serveFake((req, body, res) => {
      const op = req.url!.split('/').at(-1)!;
      const callSig = String(req.headers['x-wallet-signature']).slice(3);
      const { member } = JSON.parse(body.toString()) as { member?: number };
      const answers: Record<string, unknown> = {
        open: { username: `pg${String(member).padStart(6, '0')}`, password: 'contra-pass1' },
        balance: { balance: 0 },
        // the deposit's answer is lost; then "cancel" says it applied, "ref" that it never did
        cancel: { state: 'applied' },
        ref: { state: 'unknown' },
        launch: { url: 'https://games.example/play' },
      };
      if (!(op in answers)) return; // deposit: no answer
      const json = JSON.stringify(answers[op]);
      res.writeHead(200, { 'content-type': 'application/json', 'x-bridge-signature': `v1=${answerSignature(SECRET, callSig, 200, json)}` });
      res.end(json);
    });
    const server = await build({
      gameProvider: 'http',
      gameBridge: { url: `${bridge.url}/v1`, secret: SECRET, sandbox: false },
      providerTimeoutMs: 3000,
    });
    try {
      const token = await login(server.app);
      await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '100'], () => undefined);
      expect((await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token })).statusCode).toBe(200);
      const moved = await call(
        server.app,
        'POST',
        '/api/wallet/transfer',
        { from: 'WALLET', to: 'PG', amount: 40 },
        { token, headers: { 'idempotency-key': 'contra-key-00001' } },
      );
      expect([moved.statusCode, message(moved)]).toEqual([409, 'TRANSFER_PENDING']);
      server.clock.now += 10 * 60_000;
      expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 0, left: 1 });
      const view = (await call(server.app, 'GET', '/api/wallet', undefined, { token })).json() as { wallet: { amount: number } };
      expect(view.wallet.amount).toBe(60);
    } finally {
      await server.close();
      await bridge.close();
    }
  });
});
