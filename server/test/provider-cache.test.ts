import { describe, expect, it, vi } from 'vitest';
import { GAMES } from '../src/adapters/games/catalog.js';
import { runCommand } from '../src/operator/commands.js';
import { build, call, DEMO_MEMBER, DIALECTS, login } from './helper.js';

describe.each(DIALECTS)('game providers are not asked more than the member needs (%s)', (dialect) => {
  it('the wallet view reuses a launch link for providerCache.seconds; refreshes at once ask once; the next refresh asks afresh', async () => {
    const server = await build(dialect);
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

      // the provider answers only when let go, so the five refreshes are all waiting on it at once
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      balances.mockImplementation(async (...args) => {
        await gate;
        return ask(...args);
      });
      const refreshing = Promise.all([1, 2, 3, 4, 5].map(() => get('/api/wallet/refresh/slot')));
      await new Promise((resolve) => setTimeout(resolve, 300));
      letGo();
      const tabs = await refreshing;
      expect(tabs.map(amountOf)).toEqual([20, 20, 20, 20, 20]);
      expect(balances).toHaveBeenCalledTimes(1);
      const { username, password } = (await get(`/api/wallet/account/${linked}`)).json() as { username: string; password: string };
      balances.mockImplementation(ask);
      await server.ctx.sandboxGames!.playRound(linked, username, password, 500, false); // -5.00 at the provider
      expect(amountOf(await get('/api/wallet/refresh/slot'))).toBe(15); // back from the game: the result at once
      expect(balances).toHaveBeenCalledTimes(2);
    } finally {
      await server.close();
    }
  });
});
