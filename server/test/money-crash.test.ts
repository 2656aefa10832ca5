import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseBooks } from '../src/adapters/games/sandbox-books.js';
import { SandboxProvider } from '../src/adapters/games/sandbox.js';
import { loadConfig } from '../src/config.js';
import { migrate, openDatabase, type Database } from '../src/db/database.js';
import { embeddedPostgres } from '../src/db/embedded-postgres.js';
import { seed } from '../src/db/seed.js';
import { inSnapshot } from '../src/db/transaction.js';
import { checkLedger } from '../src/ledger/invariants.js';
import { sweepOnce } from '../src/sweep.js';
import { appOn, call, login, scratchDatabase } from './helper.js';
import { membersWithMoney } from './members-with-money.js';
import { startServer, type SpawnedServer } from './spawn-server.js';

/**
 * Issue 34's crash proofs, on the engine the product ships: many members' transfers at once, refusals among
 * them, and in the middle of the burst either the database stopped the hard way (`pg_ctl stop -m immediate`,
 * a crash: whatever was not flushed is gone, as a transfer's end commits without waiting for its flush) with
 * the provider keeping its books outside it, or the wallet server killed with -9. After the restart and the
 * sweep: every transfer answered SUCCESS is booked where it went, every refusal moved nothing, each member's
 * money is whole (wallet and game add up to what was deposited), our game balances are the provider's, and
 * the ledger check passes.
 */

const MEMBERS = 8;
const DEPOSIT_BAHT = 1_000;
const quiet = { info: () => undefined, error: () => undefined };

/** Members made in the database, each with DEPOSIT_BAHT; their phones (password `crash-password`). */
const crashMembers = (database: Database, tag: string) =>
  membersWithMoney(database, {
    count: MEMBERS,
    phone: (i) => `08${tag}${String(i).padStart(6, '0')}`,
    account: (i) => `6${tag}${String(i).padStart(7, '0')}`,
    name: (i) => `Crash ${i}`,
    password: 'crash-password',
    minor: DEPOSIT_BAHT * 100,
    source: 'CRASH',
  });

/** A transfer each member might ask for: some refused (more than the game or the wallet holds). */
const moves = (round: number) => [
  { from: 'WALLET', to: 'PG', amount: 30 + (round % 5) },
  { from: 'PG', to: 'WALLET', amount: 5_000 }, // refused: more than any game holds
  { from: 'PG', to: 'WALLET', amount: 10 },
  { from: 'WALLET', to: 'PG', amount: 50_000 }, // refused: more than the wallet holds
];

interface Asked {
  member: number;
  key: string;
  body: { from: string; to: string; amount: number };
  /** The answer's status and code; 0 when no answer came (the connection ended). */
  status: number;
  message: string;
}

/** What the ledger and the provider say of each member, and whether every SUCCESS answer is booked. */
async function verdict(database: Database, phones: string[], asked: Asked[], providerBalance: (username: string) => Promise<number>) {
  const problems = await inSnapshot(database, checkLedger);
  const members = [];
  for (const phone of phones) {
    const m = await database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    const balances = await database.db.selectFrom('ledger_accounts').select(['code', 'balance']).where('member_id', '=', m.id).execute();
    const of = (code: string) => Number(balances.find((b) => b.code === code)?.balance ?? 0);
    const account = await database.db
      .selectFrom('game_accounts')
      .select('username')
      .where('member_id', '=', m.id)
      .where('provider', '=', 'PG')
      .executeTakeFirst();
    members.push({
      wallet: of(`wallet:${m.id}`),
      game: of(`game:${m.id}:PG`),
      provider: account ? await providerBalance(account.username) : 0,
    });
  }
  const open = await database.db.selectFrom('transfer_intents').select('id').where('status', '=', 'open').execute();
  // every SUCCESS answered is an intent settled, found by its key
  const answeredSuccess = asked.filter((a) => a.status === 200);
  const settled = await database.db
    .selectFrom('transfer_intents')
    .select(['idempotency_key', 'status'])
    .where(
      'idempotency_key',
      'in',
      answeredSuccess.map((a) => a.key),
    )
    .execute();
  const unbooked = answeredSuccess.filter((a) => settled.find((s) => s.idempotency_key === a.key)?.status !== 'settled');
  // every refusal answered moved nothing: no intent of its key, or one returned
  const refusedKeys = asked.filter((a) => a.status === 400).map((a) => a.key);
  const refusedMoved = refusedKeys.length
    ? await database.db
        .selectFrom('transfer_intents')
        .select('idempotency_key')
        .where('idempotency_key', 'in', refusedKeys)
        .where('status', '=', 'settled')
        .execute()
    : [];
  return { problems, members, open: open.length, unbooked, refusedMoved };
}

describe('the database stopped the hard way in mid-burst, the provider keeping its books outside it', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it(
    'loses no transfer answered SUCCESS, creates and loses no money, and agrees with the provider after the sweep',
    { timeout: 180_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-immediate-'));
      dirs.push(dataDir);
      const embedded = await embeddedPostgres(dataDir);
      const config = {
        ...loadConfig({ STATIC_DIR: '', DATA_DIR: dataDir }),
        logLevel: 'silent',
        // a provider that answers is waited for, however busy the machine: its books are on the tests'
        // shared Postgres, and at 500 ms a slow answer was given up on, the money returned and the transfer
        // answered TRANSFER_FAIL (CI60); the only refusals this burst means to meet are its own (below)
        providerTimeoutMs: 10_000,
        databaseUrl: embedded.url,
      };
      // the crash's lost connections are expected here: not logged
      const database = await openDatabase(config, { onConnectionError: () => undefined });
      // the provider is another company: its books on another server, which the crash does not touch
      const books = await scratchDatabase();
      await migrate(books.database);
      const clock = { now: Date.now() };
      const { app, ctx, settings } = await appOn(database, config, { gameKey: randomBytes(32), now: () => clock.now });
      ctx.games = new SandboxProvider(
        new DatabaseBooks(books.database.db),
        () => undefined,
        () => clock.now,
      );
      try {
        const phones = await crashMembers(database, '71');
        const tokens = await Promise.all(phones.map((phone) => login(app, phone, 'crash-password')));
        for (const token of tokens) expect((await call(app, 'GET', '/api/wallet/activate/PG', undefined, { token })).statusCode).toBe(200);

        const asked: Asked[] = [];
        let crashed = false;
        const member = async (i: number) => {
          for (let round = 0; round < 12; round++)
            for (const body of moves(round)) {
              const key = `immediate-${i}-${round}-${body.from}-${body.amount}`;
              const res = await call(app, 'POST', '/api/wallet/transfer', body, { token: tokens[i], headers: { 'idempotency-key': key } });
              asked.push({ member: i, key, body, status: res.statusCode, message: String((res.json() as { message?: string }).message) });
              // the crash comes once a third of the burst has been answered
              if (!crashed && asked.length >= (MEMBERS * 12 * 4) / 3) {
                crashed = true;
                await embedded.ctl(['stop', '-m', 'immediate']);
                // down while the others go on asking (they hear 503), then up again: WAL replay, unflushed ends lost
                await new Promise((resolve) => setTimeout(resolve, 200));
                await embedded.restart();
              }
            }
        };
        await Promise.all(phones.map((_, i) => member(i)));
        expect(crashed).toBe(true);

        // every answer is one a caller can act on: done, refused, in transit, or the database unavailable (try again)
        for (const a of asked) expect([200, 400, 409, 503]).toContain(a.status);
        expect(asked.filter((a) => a.status === 400).map((a) => a.message)).not.toContain('TRANSFER_FAIL');
        expect(asked.some((a) => a.status === 503)).toBe(true);

        // the sweep finishes what the crash left open (intents older than twice the provider's timeout)
        clock.now += 60_000;
        await sweepOnce(ctx, quiet);
        const seen = await verdict(database, phones, asked, (username) => ctx.games.balance('PG', username));
        expect(seen.problems).toEqual([]);
        expect(seen.open).toBe(0);
        expect(seen.unbooked).toEqual([]);
        expect(seen.refusedMoved).toEqual([]);
        for (const m of seen.members) {
          expect(m.wallet + m.game).toBe(DEPOSIT_BAHT * 100);
          expect(m.game).toBe(m.provider);
        }
      } finally {
        settings.stop();
        await app.close();
        await database.close();
        await books.remove();
        await embedded.stop();
      }
    },
  );
});

describe('the wallet server killed with -9 in mid-burst of many members transfers', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('finishes or returns every transfer it left open at the next start; SUCCESS answers stay booked', { timeout: 180_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-kill9-'));
    dirs.push(dataDir);
    // the sweep every second: an intent younger than twice the provider's timeout at the restart is
    // left to it (another instance may still be finishing it), not to the start-up's pass
    const env = { DATA_DIR: dataDir, PROVIDER_TIMEOUT_MS: '300', SANDBOX_LATENCY_MS: '20', SWEEP_EVERY_MS: '1000' };
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    let server: SpawnedServer | undefined;
    try {
      await migrate(database);
      await seed(database, { variant: 'th' });
      const phones = await crashMembers(database, '72');
      server = await startServer(env);
      const url = server.url;
      const headers = { 'x-wallet-client': 'member', 'content-type': 'application/json' };
      const tokens: string[] = [];
      for (const phone of phones) {
        const res = await fetch(`${url}/api/login`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ username: phone, password: 'crash-password' }),
        });
        const { token } = (await res.json()) as { token: string };
        await fetch(`${url}/api/wallet/activate/PG`, { headers: { ...headers, authorization: `Bearer ${token}` } });
        tokens.push(token);
      }
      const asked: Asked[] = [];
      let killed = false;
      const running = server;
      const member = async (i: number) => {
        for (let round = 0; round < 12 && !killed; round++)
          for (const body of moves(round)) {
            const key = `kill9-${i}-${round}-${body.from}-${body.amount}`;
            let status = 0;
            let message = '';
            try {
              const res = await fetch(`${url}/api/wallet/transfer`, {
                method: 'POST',
                headers: { ...headers, authorization: `Bearer ${tokens[i]}`, 'idempotency-key': key },
                body: JSON.stringify(body),
              });
              status = res.status;
              message = String(((await res.json()) as { message?: string }).message);
            } catch {
              // no answer: the server is gone
            }
            asked.push({ member: i, key, body, status, message });
            if (!killed && asked.length >= (MEMBERS * 12 * 4) / 3) {
              killed = true;
              running.child.kill('SIGKILL');
            }
            if (killed) return;
          }
      };
      await Promise.all(phones.map((_, i) => member(i)));
      await running.exit;
      expect(killed).toBe(true);
      expect(asked.filter((a) => a.status === 200).length).toBeGreaterThan(0);

      // the next start finishes what was left open: at start-up, or (those too young then) at the sweep
      server = await startServer(env);
      const judge = () =>
        verdict(database, phones, asked, async (username) => {
          const row = await database.db
            .selectFrom('sandbox_game_accounts')
            .select('balance')
            .where('provider', '=', 'PG')
            .where('username', '=', username)
            .executeTakeFirst();
          return Number(row?.balance ?? 0);
        });
      await expect.poll(async () => (await judge()).open, { timeout: 60_000 }).toBe(0);
      const seen = await judge();
      expect(seen.problems).toEqual([]);
      expect(seen.open).toBe(0);
      expect(seen.unbooked).toEqual([]);
      expect(seen.refusedMoved).toEqual([]);
      for (const m of seen.members) {
        expect(m.wallet + m.game).toBe(DEPOSIT_BAHT * 100);
        expect(m.game).toBe(m.provider);
      }
    } finally {
      await server?.stop();
      await database.close();
    }
  });
});
