import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/invariants.js';
import { runCommand } from '../src/operator/commands.js';
import { build, call, DEMO_MEMBER, login, message, registration, verifyPhone, type TestServer } from './helper.js';

describe('manual deposit, withdrawals and the statement', () => {
  let server: TestServer;
  let token: string;
  const operator = (...args: string[]) => runCommand(server.ctx, args, () => undefined);
  const withdraw = (amount: unknown, key?: string, path = '/api/wallet/withdrawAll') =>
    call(server.app, 'POST', path, { amount }, { token, headers: key ? { 'idempotency-key': key } : {} });
  const statement = async (page = 1, limit = 10, as = token) =>
    (await call(server.app, 'POST', '/api/statement', { page, limit }, { token: as })).json();
  const wallet = async () =>
    Number(
      (await server.ctx.database.db.selectFrom('ledger_accounts').select('balance').where('code', '=', 'wallet:1').executeTakeFirst())
        ?.balance ?? 0,
    );
  const pending = () => server.ctx.database.db.selectFrom('withdrawals').selectAll().where('status', '=', 'PENDING').execute();

  beforeAll(async () => {
    server = await build();
    token = await login(server.app);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    for (const w of await pending()) await operator('withdrawal', 'reject', String(w.id), '--reason', 'not paid: test');
  });

  it('credits a manual deposit and shows it in the statement', async () => {
    await operator('deposit', DEMO_MEMBER.phone, '1000.50');
    expect(await wallet()).toBe(100_050);
    const { total, statements } = await statement();
    expect(total).toBe(1);
    expect(statements[0]).toMatchObject({ statementType: 'deposit', status: 'SUCCESS', amount: 1000.5, from: 'OPERATOR', to: 'WALLET' });
    expect(statements[0]).not.toHaveProperty('bank');
    expect(statements[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('moves a withdrawal to pending payouts at once, allows one pending at a time, and the operator pays it', async () => {
    const res = await withdraw(200);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'SUCCESS', status: 'PENDING' });
    expect(await wallet()).toBe(80_050);
    expect(server.ctx.payouts).toMatchObject({
      submitted: [expect.objectContaining({ amountMinor: 20_000, bankAccountNo: DEMO_MEMBER.bankAccountNo })],
    });

    const second = await withdraw(100);
    expect([second.statusCode, message(second)]).toEqual([409, 'WITHDRAW_PENDING']);
    expect(await wallet()).toBe(80_050);

    const { statements } = await statement();
    expect(statements[0]).toMatchObject({
      statementType: 'withdraw',
      status: 'PENDING',
      amount: -200,
      bank: { code: DEMO_MEMBER.bankCode, accountNo: DEMO_MEMBER.bankAccountNo },
    });
    await operator('withdrawal', 'pay', String(res.json().withdrawalId), '--ref', 'BANKREF1');
    expect((await statement()).statements[0]).toMatchObject({ statementType: 'withdraw', status: 'SUCCESS', amount: -200 });
    expect(await wallet()).toBe(80_050);
    await expect(operator('withdrawal', 'reject', String(res.json().withdrawalId), '--reason', 'not paid: test')).rejects.toThrow(
      'is not pending',
    );
  });

  it('pays a withdrawal to the account it was requested to, even when the profile changes afterwards', async () => {
    const res = await withdraw(100);
    const id = res.json().withdrawalId as number;
    expect(server.ctx.payouts).toMatchObject({
      submitted: expect.arrayContaining([expect.objectContaining({ withdrawalId: id, bankAccountNo: DEMO_MEMBER.bankAccountNo })]),
    });
    const moved = await call(
      server.app,
      'PUT',
      '/api/account/profile',
      {
        name: DEMO_MEMBER.name,
        bankCode: 'SCB',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: '4445556666',
        password: DEMO_MEMBER.password,
      },
      { token },
    );
    expect(moved.statusCode).toBe(200);
    try {
      const lines: string[] = [];
      await runCommand(server.ctx, ['withdrawals', 'list'], (line) => lines.push(line));
      const row = lines.find((l) => l.startsWith(`${id}\t`));
      expect(row).toContain(`${DEMO_MEMBER.bankCode} ${DEMO_MEMBER.bankAccountNo} ${DEMO_MEMBER.bankAccountName}`);
      expect(row).not.toContain('4445556666');
      expect(await pending()).toEqual([expect.objectContaining({ id, bank_code: 'KBANK', bank_account_no: DEMO_MEMBER.bankAccountNo })]);
    } finally {
      await call(
        server.app,
        'PUT',
        '/api/account/profile',
        {
          name: DEMO_MEMBER.name,
          bankCode: DEMO_MEMBER.bankCode,
          bankAccountName: DEMO_MEMBER.bankAccountName,
          bankAccountNo: DEMO_MEMBER.bankAccountNo,
          password: DEMO_MEMBER.password,
        },
        { token },
      );
    }
  });

  it('returns a rejected withdrawal to the wallet and shows it FAILED', async () => {
    const res = await withdraw(150.25, undefined, '/api/wallet/withdraw');
    expect(res.statusCode).toBe(200);
    expect(await wallet()).toBe(65_025);
    await operator('withdrawal', 'reject', String(res.json().withdrawalId), '--reason', 'not paid: test');
    expect(await wallet()).toBe(80_050);
    expect((await statement()).statements[0]).toMatchObject({ statementType: 'withdraw', status: 'FAILED', amount: -150.25 });
  });

  it('enforces the limits of the withdraw lookup and the balance, and changes nothing', async () => {
    const limits = (await call(server.app, 'GET', '/api/lookup/withdraw')).json();
    const cases: [unknown, number, string][] = [
      [limits.withdrawMin - 1, 400, 'WITHDRAW_MINIMUM'],
      [0, 400, 'WITHDRAW_MINIMUM'],
      [-500, 400, 'WITHDRAW_MINIMUM'],
      [limits.withdrawMax + 1, 400, 'WITHDRAW_MAXIMUM'],
      [1000.001, 400, 'KEY_INVALID'],
      [500.00000001, 400, 'KEY_INVALID'],
      ['100', 400, 'KEY_INVALID'],
      [null, 400, 'KEY_INVALID'],
      [1000, 400, 'MONEY_NOT_ENOUGH'],
    ];
    for (const [amount, status, code] of cases) {
      const res = await withdraw(amount);
      expect([res.statusCode, message(res)], String(amount)).toEqual([status, code]);
    }
    expect(message(await call(server.app, 'POST', '/api/wallet/withdrawAll', {}, { token }))).toBe('KEY_MISSING');
    expect(await wallet()).toBe(80_050);
    expect(await pending()).toEqual([]);
  });

  it('answers a replay of the same Idempotency-Key with the first answer and moves nothing', async () => {
    const first = await withdraw(100, 'key-replay-0001');
    const again = await withdraw(100, 'key-replay-0001');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(await wallet()).toBe(70_050);
    expect(await pending()).toHaveLength(1);
    const other = await withdraw(120, 'key-replay-0001');
    expect([other.statusCode, message(other)]).toEqual([422, 'KEY_INVALID']);
    expect(message(await withdraw(100, 'bad key!'))).toBe('KEY_INVALID');
    expect(await wallet()).toBe(70_050);
    expect((await statement()).statements.filter((s: { status: string }) => s.status === 'PENDING')).toHaveLength(1);
  });

  it('keeps members apart: B sees none of A’s statement and moves none of A’s money', async () => {
    const phone = '0633333333';
    const otpToken = await verifyPhone(server, phone);
    await call(server.app, 'POST', '/api/account', registration(phone, { otpToken }));
    const other = await login(server.app, phone, 'secret123');
    expect(await statement(1, 10, other)).toEqual({ total: 0, statements: [] });
    const res = await call(server.app, 'POST', '/api/wallet/withdrawAll', { amount: 100, memberId: 1 }, { token: other });
    expect([res.statusCode, message(res)]).toEqual([400, 'MONEY_NOT_ENOUGH']);
    const before = await wallet();
    await call(server.app, 'POST', '/api/statement', { page: 1, limit: 10, memberId: 1 }, { token: other });
    expect(await wallet()).toBe(before);
  });

  it('pages the statement, newest first, and refuses bad pages', async () => {
    for (let i = 0; i < 12; i++) await operator('deposit', DEMO_MEMBER.phone, String(i + 1));
    const first = await statement(1, 10);
    const second = await statement(2, 10);
    expect(first.total).toBe(second.total);
    expect(first.statements).toHaveLength(10);
    expect(first.statements[0]).toMatchObject({ statementType: 'deposit', amount: 12 });
    expect(second.statements.length).toBe(first.total - 10);
    expect(new Set([...first.statements, ...second.statements].map((s: { _id: number }) => s._id)).size).toBe(first.total);
    for (const body of [
      { page: 0, limit: 10 },
      { page: 1, limit: 0 },
      { page: 1, limit: 1000 },
      { page: 'x', limit: 10 },
    ]) {
      expect((await call(server.app, 'POST', '/api/statement', body, { token })).statusCode).toBe(400);
    }
  });

  it('leaves the ledger consistent', async () => {
    expect(await checkLedger(server.ctx.database.db)).toEqual([]);
  });
});
