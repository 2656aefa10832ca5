import { describe, expect, it } from 'vitest';
import type { WalletView } from '../../contract/wallet.js';
import { recoverOpenIntents } from '../src/modules/wallet/transfers.js';
import { runCommand } from '../src/operator/commands.js';
import { setSetting } from './deposit-helpers.js';
import { pastInFlight, setFaults } from './game-faults.js';
import { build, call, DEMO_MEMBER, login, message } from './helper.js';

describe('money on its way in the wallet view', () => {
  it('names a transfer in transit, a withdrawal and a deposit request waiting, and drops each once settled', async () => {
    const server = await build();
    try {
      const token = await login(server.app);
      const view = async () => (await call(server.app, 'GET', '/api/wallet', undefined, { token })).json() as WalletView;
      const keyed = (url: string, body: unknown, key: string) =>
        call(server.app, 'POST', url, body, { token, headers: { 'idempotency-key': key } });
      await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '1000'], () => undefined);
      expect((await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token })).statusCode).toBe(200);
      expect((await view()).pending).toEqual([]);

      await setFaults(server, { PG: 'hang' });
      expect(message(await keyed('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, 'pending-transfer-1'))).toBe(
        'TRANSFER_PENDING',
      );
      expect((await keyed('/api/wallet/withdrawAll', { amount: 200 }, 'pending-withdraw-1')).statusCode).toBe(200);
      await setSetting(server, 'deposit', { ...server.ctx.settings.get('deposit'), isManual: true });
      expect((await keyed('/api/wallet/add', { amount: 300 }, 'pending-request-1')).statusCode).toBe(200);

      const waiting = await view();
      expect(waiting.wallet.amount).toBe(700); // the transfer and the withdrawal left the wallet; the request is not in it
      expect(waiting.pending.map(({ kind, amount, from, to }) => ({ kind, amount, from, to }))).toEqual([
        { kind: 'transfer', amount: 100, from: 'WALLET', to: 'PG' },
        { kind: 'withdrawal', amount: 200, from: 'WALLET', to: 'BANK' },
        { kind: 'deposit_request', amount: 300, from: 'BANK', to: 'WALLET' },
      ]);

      // the provider answers again: the sweep settles the transfer; staff pay and confirm
      await setFaults(server, {});
      pastInFlight(server);
      await runCommand(server.ctx, ['withdrawal', 'pay', '1', '--ref', 'BANKREF1'], () => undefined);
      await runCommand(server.ctx, ['staff', 'add', 'fin', 'finance'], () => undefined);
      await runCommand(server.ctx, ['deposit-request', 'confirm', '1', '--as', 'fin'], () => undefined);
      // the hung transfer never reached the game: the sweep returns it to the wallet, all of it in view again
      expect(await recoverOpenIntents(server.ctx)).toEqual({ settled: 0, compensated: 1, left: 0 });
      const settled = await view();
      expect(settled.pending).toEqual([]);
      expect(settled.slots.find((s) => s.code === 'PG')!.amount).toBe(0);
      expect(settled.wallet.amount).toBe(1100);
    } finally {
      await server.close();
    }
  });
});
