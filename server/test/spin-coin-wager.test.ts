import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, message, type TestServer } from './helper.js';
import { newMember, operatorDeposit } from './bonus-helpers.js';
import { ledgerProblems } from './deposit-helpers.js';
import { operator, playNow, profileCoins, setupCoins, spinOf, walletCoins } from './spin-helpers.js';

/** Issue 19: a deposit's coins wait until it is played; a withdrawal before then forfeits them. */
describe('spin-wheel coins wait for play', () => {
  let server: TestServer;
  const withdraw = (token: string, amount: number) => call(server.app, 'POST', '/api/wallet/withdraw', { amount }, { token });
  /** The member's coin_earn entries: how many, and the coins they gave. */
  const coinEntries = (phone: string) =>
    server.ctx.database.db
      .selectFrom('journal')
      .innerJoin('members', 'members.id', 'journal.member_id')
      .select(['journal.amount'])
      .where('members.phone', '=', phone)
      .where('journal.type', '=', 'coin_earn')
      .execute();

  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('gives no coins for a deposit withdrawn at once: the spin answers NO_COIN, and a rejected withdrawal does not bring them back', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 1000);
    const res = await withdraw(token, 1000);
    expect(res.statusCode).toBe(200);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 0, waitingCoin: undefined });
    const spin = await spinOf(server, token);
    expect([spin.statusCode, message(spin)]).toEqual([400, 'NO_COIN']);

    await operator(server, 'withdrawal', 'reject', String(res.json().withdrawalId), '--reason', 'not paid: test');
    expect(await setupCoins(server, token)).toEqual({ userCoin: 0, waitingCoin: undefined });
    // the money is back and played: the forfeited deposit's coins stay forfeited
    await playNow(server, token, 1000);
    expect(await profileCoins(server, token)).toBe(0);
    expect(await coinEntries(phone)).toEqual([]);

    // a new deposit earns its own coins once played
    await operatorDeposit(server, phone, 200);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 0, waitingCoin: { coins: 2, bet: 200 } });
    await playNow(server, token, 200);
    expect(await walletCoins(server, token)).toBe(2);
  });

  it('gives the coins once when ten looks arrive at once', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 1000);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 0, waitingCoin: { coins: 10, bet: 1000 } });
    await playNow(server, token, 1000);
    const looks = await Promise.all([
      ...Array.from({ length: 5 }, () => setupCoins(server, token)),
      ...Array.from({ length: 5 }, async () => ({ userCoin: await profileCoins(server, token), waitingCoin: undefined })),
    ]);
    expect(looks).toEqual(Array(10).fill({ userCoin: 10, waitingCoin: undefined }));
    expect((await coinEntries(phone)).map((e) => Number(e.amount))).toEqual([10]);
    expect((await spinOf(server, token)).json().result.remainingCoin).toBe(9);
  });

  it('keeps coins given before a withdrawal, which forfeits only those still waiting', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 1000);
    await playNow(server, token, 1000);
    await operatorDeposit(server, phone, 500);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 10, waitingCoin: { coins: 5, bet: 500 } });
    expect((await withdraw(token, 200)).statusCode).toBe(200);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 10, waitingCoin: undefined });
    await playNow(server, token, 300);
    expect(await profileCoins(server, token)).toBe(10);
  });

  it('gives the coins of a deposit played through before the withdrawal that follows, even unseen', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 1000);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 0, waitingCoin: { coins: 10, bet: 1000 } });
    await playNow(server, token, 1000);
    // the winnings back to the wallet, and out, without looking at the coins first
    const back = await call(server.app, 'POST', '/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 500 }, { token });
    expect(back.statusCode).toBe(200);
    expect((await withdraw(token, 500)).statusCode).toBe(200);
    expect(await profileCoins(server, token)).toBe(10);
  });

  it('keeps the ledger balanced: every currency, COIN too, sums to zero', async () => {
    expect(await ledgerProblems(server)).toEqual([]);
    expect(await operator(server, 'ledger', 'check')).toHaveLength(1);
  });
});
