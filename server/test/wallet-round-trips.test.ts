import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletView } from '../../contract/wallet.js';
import { runCommand } from '../src/operator/commands.js';
import { newMember, operatorDeposit } from './bonus-helpers.js';
import { setSetting } from './deposit-helpers.js';
import { setFaults } from './game-faults.js';
import { build, call, DEMO_MEMBER, login, message, type TestServer } from './helper.js';
import { inviteCodeOf, memberInvitedBy } from './invite-helpers.js';
import { playNow } from './spin-helpers.js';

/**
 * Issue 38: GET /api/wallet reads what it shows in at most 3 round trips to Postgres (it made 12 or 13,
 * one after another). Counted as the queries its request sends on the server's pool, whatever runs
 * beside it (timers, other requests) left out: each is one round trip.
 */
describe('GET /api/wallet in at most three round trips', () => {
  let server: TestServer;
  const request = new AsyncLocalStorage<{ queries: number }>();

  beforeAll(async () => {
    server = await build();
    // every query a pool client sends, counted for the request it was sent for
    const counted = new WeakSet<pg.PoolClient>();
    server.ctx.database.postgres.pool.on('acquire', (client) => {
      if (counted.has(client)) return;
      counted.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const counter = request.getStore();
        // the sandbox game provider keeps its accounts in this database: its reads stand for a provider's
        // HTTP calls (a launch link), not for the wallet's reads
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
        if (counter && !/\bsandbox_/.test(text ?? '')) counter.queries += 1;
        return query(...args);
      };
    });
  });
  afterAll(() => server.close());

  /** The wallet view as the member's device gets it, and the round trips it took. */
  async function wallet(token: string): Promise<{ view: WalletView; roundTrips: number }> {
    const counter = { queries: 0 };
    const res = await request.run(counter, async () => await call(server.app, 'GET', '/api/wallet', undefined, { token }));
    expect(res.statusCode).toBe(200);
    const view = res.json() as WalletView;
    return { view, roundTrips: counter.queries };
  }

  it('reads a member with game accounts, balances and money on its way in one round trip, a new session in two', async () => {
    const token = await login(server.app);
    await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '1000'], () => undefined);
    for (const game of ['PG', 'JOKER'])
      expect((await call(server.app, 'GET', `/api/wallet/activate/${game}`, undefined, { token })).statusCode).toBe(200);
    const keyed = (url: string, body: unknown, key: string) =>
      call(server.app, 'POST', url, body, { token, headers: { 'idempotency-key': key } });
    expect((await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 150 }, 'round-trips-key-1')).statusCode).toBe(200);
    await setFaults(server, { PG: 'hang' });
    expect(message(await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, 'round-trips-key-2'))).toBe(
      'TRANSFER_PENDING',
    );
    await setFaults(server, {});
    expect((await keyed('/api/wallet/withdrawAll', { amount: 200 }, 'round-trips-key-3')).statusCode).toBe(200);
    await setSetting(server, 'deposit', { ...server.ctx.settings.get('deposit'), isManual: true });
    expect((await keyed('/api/wallet/add', { amount: 300 }, 'round-trips-key-4')).statusCode).toBe(200);

    // a session this instance has not read yet costs one read of its own
    const fresh = await wallet(await login(server.app));
    expect(fresh.roundTrips).toBeLessThanOrEqual(2);
    const { view, roundTrips } = await wallet(token);
    expect(roundTrips).toBe(1);
    expect(view.wallet.amount).toBe(550);
    expect(view.profile).toMatchObject({ name: 'SOMCHAI JAIDEE', username: DEMO_MEMBER.phone, currency: 'BAHT' });
    expect(view.bankAccount).toMatchObject({ bankCode: 'KBANK', bank: { nameEN: 'Kasikornbank' } });
    expect(view.slots.filter((s) => s.isActive).map(({ code, amount }) => ({ code, amount }))).toEqual([
      { code: 'PG', amount: 0 },
      { code: 'JOKER', amount: 150 },
    ]);
    expect(view.slots.find((s) => s.code === 'JOKER')!.web).toEqual(expect.any(String));
    expect(view.pending.map(({ kind, amount, from, to }) => ({ kind, amount, from, to }))).toEqual([
      { kind: 'transfer', amount: 100, from: 'WALLET', to: 'PG' },
      { kind: 'withdrawal', amount: 200, from: 'WALLET', to: 'BANK' },
      { kind: 'deposit_request', amount: 300, from: 'BANK', to: 'WALLET' },
    ]);
    // the profile and bank account are those the profile call shows
    const profile = (await call(server.app, 'GET', '/api/account/profile', undefined, { token })).json() as Pick<
      WalletView,
      'profile' | 'bankAccount'
    >;
    expect({ profile: view.profile, bankAccount: view.bankAccount }).toEqual(profile);
  });

  it('stays within three while coins and invite money wait for play, and shows them once played', async () => {
    const inviter = await newMember(server);
    const invitee = await memberInvitedBy(server, await inviteCodeOf(server, inviter.token));
    await operatorDeposit(server, inviter.phone, 1000);
    await operatorDeposit(server, invitee.phone, 1000);

    // the invitee's deposit is counted for the inviter at the first look (a write), then waits for play
    const counted = await wallet(inviter.token);
    expect(counted.view.invite).toEqual({ amount: 50, success: 0, fail: 100 });
    expect(counted.view.profile.coin).toBe(0);
    const waiting = await wallet(inviter.token);
    expect(waiting.roundTrips).toBeLessThanOrEqual(3);
    expect(waiting.view.invite).toEqual({ amount: 50, success: 0, fail: 100 });
    expect(waiting.view.profile.coin).toBe(0);

    // the deposits are played through: the coins are given and the invite money is ready at the next look
    await playNow(server, inviter.token, 1000);
    await playNow(server, invitee.token, 1000);
    const played = await wallet(inviter.token);
    expect(played.view.profile.coin).toBe(10);
    expect(played.view.invite).toEqual({ amount: 50, success: 100, fail: 0 });
    expect(played.view.wallet.amount).toBe(0);
    expect(played.view.slots.find((s) => s.code === 'PG')!.amount).toBe(1000);
    const after = await wallet(inviter.token);
    expect(after.roundTrips).toBe(1);
    expect(after.view).toEqual({ ...played.view, slots: after.view.slots });
  });
});
