import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/invariants.js';
import { runCommand } from '../src/operator/commands.js';
import { build, DEMO_MEMBER, login, type TestServer } from './helper.js';

const REQUESTS = 500;

describe('500 concurrent transfers and withdrawals for one member over HTTP', () => {
  let server: TestServer;
  let base: string;
  let token: string;

  beforeAll(async () => {
    server = await build();
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    token = await login(server.app);
    await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '20000'], () => undefined);
    await server.app.inject({
      method: 'GET',
      url: '/api/wallet/activate/PG',
      headers: { 'x-wallet-client': 'member', authorization: `Bearer ${token}` },
    });
  });
  afterAll(() => server.close());

  it('never answers 5xx, never overdraws, and the ledger still balances', async () => {
    const statuses: number[] = [];
    let done = false;
    // the back office settles pending withdrawals while members keep asking, so many get through
    const backOffice = (async () => {
      let turn = 0;
      while (!done) {
        const pending = await server.ctx.database.db.selectFrom('withdrawals').select('id').where('status', '=', 'PENDING').execute();
        for (const w of pending)
          await runCommand(
            server.ctx,
            turn++ % 3 === 0
              ? ['withdrawal', 'reject', String(w.id), '--reason', 'test']
              : ['withdrawal', 'pay', String(w.id), '--ref', `TEST${w.id}`],
            () => undefined,
          ).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const calls = Array.from({ length: REQUESTS }, async (_, i) => {
      // every fifth call replays an earlier key, as a phone retrying after a lost answer would
      const n = i % 5 === 4 ? i - 1 : i;
      const [path, body] =
        n % 3 === 0
          ? ['/api/wallet/withdrawAll', { amount: 100 + (n % 7) * 50 }]
          : n % 3 === 1
            ? ['/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 50 + (n % 4) * 10 }]
            : ['/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 30 }];
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-wallet-client': 'member',
          authorization: `Bearer ${token}`,
          'idempotency-key': `concurrent-${n}`,
        },
        body: JSON.stringify(body),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    });
    await Promise.all(calls);
    done = true;
    await backOffice;

    expect(statuses).toHaveLength(REQUESTS);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(await checkLedger(server.ctx.database.db)).toEqual([]);

    const withdrawals = await server.ctx.database.db.selectFrom('withdrawals').select(['amount', 'status']).execute();
    const kept = withdrawals.filter((w) => w.status !== 'FAILED').reduce((sum, w) => sum + Number(w.amount), 0);
    const balance = async (code: string) =>
      Number(
        (await server.ctx.database.db.selectFrom('ledger_accounts').select('balance').where('code', '=', code).executeTakeFirst())
          ?.balance ?? 0,
      );
    const [wallet, game] = [await balance('wallet:1'), await balance('game:1:PG')];
    // what the member holds, wallet and game together, is what came in less what was paid out
    expect(wallet + game).toBe(2_000_000 - kept);
    expect(Math.min(wallet, game)).toBeGreaterThanOrEqual(0);
    const { username } = await server.ctx.database.db
      .selectFrom('game_accounts')
      .select('username')
      .where('member_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await server.ctx.games.balance('PG', username)).toBe(game);
    expect(await server.ctx.database.db.selectFrom('transfer_intents').select('id').where('status', '=', 'open').execute()).toEqual([]);
    expect(withdrawals.filter((w) => w.status === 'PENDING').length).toBeLessThanOrEqual(1);
  });
});
