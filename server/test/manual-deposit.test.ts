import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingDepositRequests } from '../src/modules/staff/queue-lists.js';
import { runCommand } from '../src/operator/commands.js';
import { build, call, login, message, type TestServer } from './helper.js';
import { ledgerProblems, setSetting, statementOf, walletOf } from './deposit-helpers.js';

describe('manual deposit requests', () => {
  let server: TestServer;
  let token: string;
  const add = (amount: unknown, key?: string) =>
    call(server.app, 'POST', '/api/wallet/add', { amount }, { token, headers: key ? { 'idempotency-key': key } : {} });
  const operator = async (...args: string[]) => {
    const lines: string[] = [];
    await runCommand(server.ctx, args, (l) => lines.push(l));
    return lines;
  };

  beforeAll(async () => {
    server = await build();
    token = await login(server.app);
    // confirming a request credits on a person's word: a finance clerk, named with --as
    await operator('staff', 'add', 'fin', 'finance');
  });
  afterAll(() => server.close());

  it('is refused while the operator has manual requests off', async () => {
    const res = await add(100);
    expect([res.statusCode, message(res)]).toEqual([403, 'DEPOSIT_MANUAL_OFF']);
    await setSetting(server, 'deposit', { ...server.ctx.settings.get('deposit'), isManual: true });
  });

  it('refuses amounts below the minimum deposit, not above zero, or with too many decimals', async () => {
    await setSetting(server, 'slip', { ...server.ctx.settings.get('slip'), minDeposit: 100 });
    for (const [amount, status, code] of [
      [99.99, 400, 'DEPOSIT_MINIMUM'],
      [0, 400, 'DEPOSIT_MINIMUM'],
      [-5, 400, 'DEPOSIT_MINIMUM'],
      [100.001, 400, 'KEY_INVALID'],
      [100.00000001, 400, 'KEY_INVALID'],
      // the ceiling of money staff confirm on their word: 50,000 baht unless the operator set another
      [50_000.01, 400, 'DEPOSIT_MAXIMUM'],
    ] as const) {
      const res = await add(amount);
      expect([res.statusCode, message(res)], String(amount)).toEqual([status, code]);
    }
  });

  it('the slip lookup names the ceiling, in the asked currency; the operator may set another', async () => {
    const lookup = async (currency = '') => (await call(server.app, 'GET', `/api/lookup/slip${currency}`)).json();
    expect(await lookup()).toMatchObject({ minDeposit: 100, manualMaximum: 50_000 });
    expect(await lookup('?currency=LAK')).toMatchObject({ manualMaximum: 30_000_000 });
    await setSetting(server, 'slip', { ...server.ctx.settings.get('slip'), manualMaximum: 20_000 });
    expect(await lookup()).toMatchObject({ manualMaximum: 20_000 });
    const res = await add(20_000.5);
    expect([res.statusCode, message(res)]).toEqual([400, 'DEPOSIT_MAXIMUM']);
    const { manualMaximum: _, ...slip } = server.ctx.settings.get('slip');
    await setSetting(server, 'slip', slip);
  });

  it('records a pending request shown on the statement, one at a time; the operator confirms it and the wallet is credited once', async () => {
    const before = await walletOf(server);
    const res = await add(250.5, 'manual-key-01');
    expect(res.statusCode).toBe(200);
    const { requestId } = res.json();
    expect(res.json()).toEqual({ message: 'SUCCESS', requestId: expect.any(Number) });
    expect((await add(250.5, 'manual-key-01')).json()).toEqual(res.json());
    const second = await add(300);
    expect([second.statusCode, message(second)]).toEqual([409, 'DEPOSIT_REQUEST_PENDING']);

    let { statements } = await statementOf(server, token);
    expect(statements[0]).toMatchObject({ statementType: 'deposit', status: 'PENDING', from: 'MANUAL', to: 'WALLET', amount: 250.5 });
    const entry = statements[0]!._id;
    expect(await walletOf(server)).toBe(before);
    expect(await ledgerProblems(server)).toEqual([]);
    expect((await operator('deposits', 'list')).join('\n')).toMatch(new RegExp(`^${requestId}\\t`, 'm'));

    expect(await operator('deposit-request', 'confirm', String(requestId), '--as', 'fin')).toEqual([
      `deposit request ${requestId} confirmed (SUCCESS): the wallet is credited`,
    ]);
    await expect(operator('deposit-request', 'confirm', String(requestId), '--as', 'fin')).rejects.toThrow('not pending');
    await expect(operator('deposit-request', 'reject', String(requestId), '--reason', 'never arrived')).rejects.toThrow('not pending');
    expect(await walletOf(server)).toBe(before + 25_050);
    ({ statements } = await statementOf(server, token));
    // the same statement line, now SUCCESS
    expect(statements[0]).toMatchObject({ _id: entry, status: 'SUCCESS', from: 'MANUAL', amount: 250.5 });
    expect(statements.filter((s) => s.from === 'MANUAL')).toHaveLength(1);
  });

  it('a rejected request credits nothing and shows FAILED', async () => {
    const before = await walletOf(server);
    const { requestId } = (await add(120)).json();
    expect(await operator('deposit-request', 'reject', String(requestId), '--reason', 'never arrived')).toEqual([
      `deposit request ${requestId} rejected (FAILED): nothing credited`,
    ]);
    expect(await walletOf(server)).toBe(before);
    const { statements } = await statementOf(server, token);
    expect(statements[0]).toMatchObject({ status: 'FAILED', from: 'MANUAL', amount: 120 });
    await expect(operator('deposit-request', 'confirm', '9999')).rejects.toThrow('no deposit request 9999');
    // the next request is accepted again
    expect((await add(130)).statusCode).toBe(200);
  });

  it('two requests at once: one is recorded', async () => {
    for (const r of await server.ctx.database.db.selectFrom('deposit_requests').select('id').where('status', '=', 'PENDING').execute())
      await operator('deposit-request', 'reject', String(r.id), '--reason', 'never arrived');
    const answers = await Promise.all(Array.from({ length: 5 }, () => add(150)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('keeps when the member says they transferred, for the clerk; a time not within the last two days is refused, nothing recorded', async () => {
    for (const r of await server.ctx.database.db.selectFrom('deposit_requests').select('id').where('status', '=', 'PENDING').execute())
      await operator('deposit-request', 'reject', String(r.id), '--reason', 'never arrived');
    const now = server.ctx.now();
    const ask = (transferredAt: unknown) => call(server.app, 'POST', '/api/wallet/add', { amount: 140, transferredAt }, { token });
    const waiting = () =>
      server.ctx.database.db.selectFrom('deposit_requests').select(['id', 'transferred_at']).where('status', '=', 'PENDING').execute();
    for (const [at, code] of [
      [new Date(now - 49 * 3_600_000).toISOString(), 'DEPOSIT_TRANSFER_TIME'],
      [new Date(now + 10 * 60_000).toISOString(), 'DEPOSIT_TRANSFER_TIME'],
      ['yesterday evening', 'KEY_INVALID'],
      [1_700_000_000_000, 'KEY_INVALID'],
    ] as const) {
      const res = await ask(at);
      expect([res.statusCode, message(res)], String(at)).toEqual([400, code]);
    }
    expect(await waiting()).toEqual([]);

    const at = now - 25 * 60_000;
    const res = await ask(new Date(at).toISOString());
    expect(res.statusCode, res.body).toBe(200);
    expect(await waiting()).toEqual([{ id: res.json().requestId, transferred_at: at }]);
    // the finance queue shows it beside the time the member asked
    const row = (await waitingDepositRequests(server.ctx.database.db)).find((r) => r.id === res.json().requestId);
    expect(row).toMatchObject({ transferredAt: new Date(at).toISOString(), createdAt: new Date(now).toISOString() });
  });

  it('keeps the ledger whole', async () => {
    expect(await ledgerProblems(server)).toEqual([]);
  });
});
