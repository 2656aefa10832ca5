import { describe, expect, it, vi } from 'vitest';
import { GAMES } from '../src/adapters/games/catalog.js';
import type { AppContext } from '../src/context.js';
import { onceAtATime } from '../src/modules/games/service.js';
import { runCommand } from '../src/operator/commands.js';
import { build, call, DEMO_MEMBER, login } from './helper.js';

describe('game providers are not asked more than the member needs', () => {
  it('the wallet view reuses a launch link for providerCache.seconds; refreshes at once all get the provider figure; an entry refresh within them reuses a balance; fresh=1 asks', async () => {
    const server = await build();
    try {
      const token = await login(server.app);
      const get = (url: string) => call(server.app, 'GET', url, undefined, { token });
      await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '100'], () => undefined);
      const linked = GAMES.find((g) => !g.autoLogin)!.code;
      expect((await get(`/api/wallet/activate/${linked}`)).statusCode).toBe(200);
      const move = await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: linked, amount: 20 }, { token });
      expect(move.statusCode).toBe(200);

      const ask = server.ctx.games.balance.bind(server.ctx.games);
      const launches = vi.spyOn(server.ctx.games, 'launchUrl');
      const balances = vi.spyOn(server.ctx.games, 'balance');
      const amountOf = (res: { json(): unknown }) =>
        (res.json() as { slots: { code: string; amount: number }[] }).slots.find((s) => s.code === linked)!.amount;

      expect((await get('/api/wallet')).statusCode).toBe(200);
      expect((await get('/api/wallet')).statusCode).toBe(200);
      expect(launches).toHaveBeenCalledTimes(1);
      server.clock.now += 5_001;
      expect((await get('/api/wallet')).statusCode).toBe(200);
      expect(launches).toHaveBeenCalledTimes(2);

      // five refreshes while the provider is slow to answer: each tab gets the provider's figure (how many
      // of them share one question depends on when each reaches it; onceAtATime's own test below says
      // that askers at once share it)
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      balances.mockImplementation(async (...args) => {
        await gate;
        return ask(...args);
      });
      const refreshing = Promise.all([1, 2, 3, 4, 5].map(() => get('/api/wallet/refresh/slot')));
      await vi.waitFor(() => expect(balances).toHaveBeenCalled(), { timeout: 15_000 });
      letGo();
      const tabs = await refreshing;
      expect(tabs.map(amountOf)).toEqual([20, 20, 20, 20, 20]);
      const { username, password } = (await get(`/api/wallet/account/${linked}`)).json() as { username: string; password: string };
      balances.mockImplementation(ask);
      await server.ctx.sandboxGames!.playRound(linked, username, password, 500, false); // -5.00 at the provider
      const asked = balances.mock.calls.length;
      // the refresh on entry within providerCache.seconds of the last answer: the ledger's figure, no question
      expect(amountOf(await get('/api/wallet/refresh/slot'))).toBe(20);
      expect(balances).toHaveBeenCalledTimes(asked);
      // "Refresh all" or back from the game (fresh): the provider is asked, and the result is there at once
      expect(amountOf(await get('/api/wallet/refresh/slot?fresh=1'))).toBe(15);
      expect(balances).toHaveBeenCalledTimes(asked + 1);
      // that answer stands for the entry refreshes after it, until providerCache.seconds have passed
      await server.ctx.sandboxGames!.playRound(linked, username, password, 500, false); // -5.00 more
      expect(amountOf(await get('/api/wallet/refresh/slot'))).toBe(15);
      expect(balances).toHaveBeenCalledTimes(asked + 1);
      server.clock.now += 5_001;
      expect(amountOf(await get('/api/wallet/refresh/slot'))).toBe(10);
      expect(balances).toHaveBeenCalledTimes(asked + 2);
      // anything but fresh=1 is refused as any bad input: 400, nothing asked
      const odd = await get('/api/wallet/refresh/slot?fresh=yes');
      expect([odd.statusCode, odd.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      expect(balances).toHaveBeenCalledTimes(asked + 2);
    } finally {
      await server.close();
    }
  });
});

describe('onceAtATime: askers at once share one question to the provider', () => {
  // only a key of the in-flight map: no server needed
  const ctx = {} as AppContext;

  it('five asks for one key before the answer make one question, all get its answer; the next ask asks afresh', async () => {
    let answer!: (value: number) => void;
    const ask = vi.fn(() => new Promise<number>((resolve) => (answer = resolve)));
    const tabs = [1, 2, 3, 4, 5].map(() => onceAtATime(ctx, 'sync:1:PG', ask));
    expect(ask).toHaveBeenCalledTimes(1);
    answer(20);
    expect(await Promise.all(tabs)).toEqual([20, 20, 20, 20, 20]);

    // nothing kept after the answer
    const again = onceAtATime(ctx, 'sync:1:PG', ask);
    expect(ask).toHaveBeenCalledTimes(2);
    answer(15);
    expect(await again).toBe(15);
  });

  it('another key asks on its own, and a failed question fails its askers and is not kept', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('provider down')));
    const other = vi.fn(() => Promise.resolve(7));
    const both = [onceAtATime(ctx, 'sync:2:PG', failing), onceAtATime(ctx, 'sync:2:PG', failing), onceAtATime(ctx, 'sync:3:PG', other)];
    const settled = await Promise.allSettled(both);
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
    await expect(onceAtATime(ctx, 'sync:2:PG', () => Promise.resolve(1))).resolves.toBe(1);
  });
});
