import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, login, type TestServer } from './helper.js';
import { newMember, operatorDeposit } from './bonus-helpers.js';
import { ledgerProblems, setSetting } from './deposit-helpers.js';
import { operator, playNow, profileCoins, setupCoins, walletCoins } from './spin-helpers.js';

describe('spin-wheel coins', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('gives the demo member a few coins, shown in the profile and the wallet', async () => {
    const token = await login(server.app);
    expect(await profileCoins(server, token)).toBe(5);
    expect(await walletCoins(server, token)).toBe(5);
  });

  it('earns one coin per full 100 baht of each credited deposit, not of the sum of deposits (given at once with wager multiple 0)', async () => {
    await operator(server, 'coins', 'rule', 'set', '100', '1', '0');
    const { phone, token } = await newMember(server);
    expect(await profileCoins(server, token)).toBe(0);
    await operatorDeposit(server, phone, 99.99);
    expect(await profileCoins(server, token)).toBe(0);
    await operatorDeposit(server, phone, 250);
    expect(await walletCoins(server, token)).toBe(2);
    await operatorDeposit(server, phone, 1000);
    expect(await profileCoins(server, token)).toBe(12);
    expect((await setupCoins(server, token)).waitingCoin).toBeUndefined();
    // the statement lists money only: coin entries are not on it
    const { statements } = (await call(server.app, 'POST', '/api/statement', { page: 1, limit: 50 }, { token })).json();
    expect(statements.map((s: { statementType: string }) => s.statementType)).toEqual(['deposit', 'deposit', 'deposit']);
    await operator(server, 'coins', 'rule', 'set', '100', '1', '1');
  });

  it("gives a deposit's coins once the member has bet the deposit since it, oldest deposit first", async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 99.99);
    await operatorDeposit(server, phone, 250);
    await operatorDeposit(server, phone, 1000);
    expect(await profileCoins(server, token)).toBe(0);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 0, waitingCoin: { coins: 12, bet: 1250 } });
    await playNow(server, token, 250);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 2, waitingCoin: { coins: 10, bet: 1000 } });
    await playNow(server, token, 999.99);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 2, waitingCoin: { coins: 10, bet: 0.01 } });
    await playNow(server, token, 0.01);
    expect(await walletCoins(server, token)).toBe(12);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 12, waitingCoin: undefined });
  });

  it('earns coins for a manual deposit request only when the operator confirms it, once it is played', async () => {
    const { token } = await newMember(server);
    await setSetting(server, 'deposit', { ...server.ctx.settings.get('deposit'), isManual: true });
    const rejected = (await call(server.app, 'POST', '/api/wallet/add', { amount: 300 }, { token })).json();
    await operator(server, 'deposit-request', 'reject', String(rejected.requestId), '--reason', 'never arrived');
    expect(await setupCoins(server, token)).toEqual({ userCoin: 0, waitingCoin: undefined });
    const confirmed = (await call(server.app, 'POST', '/api/wallet/add', { amount: 300 }, { token })).json();
    await operator(server, 'staff', 'add', 'coinclerk', 'finance');
    await operator(server, 'deposit-request', 'confirm', String(confirmed.requestId), '--as', 'coinclerk');
    expect(await setupCoins(server, token)).toEqual({ userCoin: 0, waitingCoin: { coins: 3, bet: 300 } });
    await playNow(server, token, 300);
    expect(await profileCoins(server, token)).toBe(3);
  });

  it('follows the rule the operator sets, and its grants', async () => {
    expect(await operator(server, 'coins', 'rule')).toEqual([
      'coins rule: 1 coin(s) for every full 100 BAHT of one credited deposit, given once the member has bet 1x the deposit since it (a withdrawal before then forfeits them)',
    ]);
    await operator(server, 'coins', 'rule', 'set', '50', '2', '0');
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 149);
    expect(await profileCoins(server, token)).toBe(4);
    // the wager multiple stays as it was when not given
    expect(await operator(server, 'coins', 'rule', 'set', '100', '0')).toEqual(['coins rule: deposits earn no coins']);
    await operatorDeposit(server, phone, 500);
    expect(await profileCoins(server, token)).toBe(4);
    await expect(operator(server, 'coins', 'rule', 'set', '0', '1')).rejects.toThrow(/coinRule/);
    await expect(operator(server, 'coins', 'rule', 'set', '100', '1.5')).rejects.toThrow(/coinRule/);
    await expect(operator(server, 'coins', 'rule', 'set', '100', '1', '-1')).rejects.toThrow(/coinRule/);
    await expect(operator(server, 'coins', 'rule', 'set', '100', '1', 'x')).rejects.toThrow(/coinRule/);
    expect(await operator(server, 'coins', 'rule', 'set', '100', '1')).toEqual([
      'coins rule: 1 coin(s) for every full 100 BAHT of one credited deposit, given at once',
    ]);
    expect(await operator(server, 'coins', 'rule', 'set', '100', '1', '2')).toEqual([
      'coins rule: 1 coin(s) for every full 100 BAHT of one credited deposit, given once the member has bet 2x the deposit since it (a withdrawal before then forfeits them)',
    ]);
    await operatorDeposit(server, phone, 100);
    expect(await setupCoins(server, token)).toEqual({ userCoin: 4, waitingCoin: { coins: 1, bet: 200 } });
    await operator(server, 'coins', 'rule', 'set', '100', '1', '1');

    expect(await operator(server, 'coins', 'grant', phone, '3')).toEqual([`gave 3 coin(s) to ${phone}; they hold 7`]);
    expect(await profileCoins(server, token)).toBe(7);
    await expect(operator(server, 'coins', 'grant', phone, '0')).rejects.toThrow(/1 to 10000/);
    await expect(operator(server, 'coins', 'grant', phone, '-2')).rejects.toThrow(/1 to 10000/);
    await expect(operator(server, 'coins', 'grant', '0899999999', '2')).rejects.toThrow(/no member/);
    expect(await profileCoins(server, token)).toBe(7);
  });

  it('keeps coins in the ledger: every currency, COIN too, sums to zero', async () => {
    expect(await ledgerProblems(server)).toEqual([]);
    const coins = await server.ctx.database.db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<number>('balance').as('total'))
      .where('currency', '=', 'COIN')
      .where('member_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(coins.total)).toBeGreaterThan(0);
    expect(await operator(server, 'ledger', 'check')).toHaveLength(1);
  });
});

describe('spin-wheel coins on the Lao site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ variant: 'la' });
  });
  afterAll(() => server.close());

  it('earns by the kip rule, converted for a member holding baht', async () => {
    const kip = await newMember(server, undefined, { currency: 'LAK' });
    await operatorDeposit(server, kip.phone, 150_000);
    expect(await setupCoins(server, kip.token)).toEqual({ userCoin: 0, waitingCoin: { coins: 2, bet: 150_000 } });
    // 60,000 kip a coin is 100 baht at 600 kip a baht
    const baht = await newMember(server, undefined, { currency: 'BAHT' });
    await operatorDeposit(server, baht.phone, 250);
    expect(await setupCoins(server, baht.token)).toEqual({ userCoin: 0, waitingCoin: { coins: 2, bet: 250 } });
    await playNow(server, baht.token, 250);
    expect(await profileCoins(server, baht.token)).toBe(2);
  });
});
