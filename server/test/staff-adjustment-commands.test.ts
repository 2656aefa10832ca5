import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerProblems, walletOf } from './deposit-helpers.js';
import { DEMO_MEMBER } from './helper.js';
import { auditOf } from './staff-queue-helpers.js';
import { operator } from './staff-helpers.js';
import { adjustmentServer, newPolicyDay } from './adjustment-helpers.js';

/** The operator's `adjust` commands (issue 23): the same service as the console, the CLI's actor from `--as`. */
describe('adjust commands', () => {
  let a: Awaited<ReturnType<typeof adjustmentServer>>;
  const lastId = async () =>
    (await a.server.ctx.database.db.selectFrom('adjustments').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    a = await adjustmentServer();
  });
  afterAll(() => a.close());
  // each test judges its own credits under the money policy, not the sum of the tests before it
  beforeEach(() => newPolicyDay(a.server));

  it('settings set adjustments: validated by the registry, and the threshold moves with it once a second admin approves', async () => {
    await operator(a.server, 'staff', 'add', 'adm1', 'admin');
    await operator(a.server, 'staff', 'add', 'adm2', 'admin');
    const set = (value: string) => operator(a.server, '--as', 'adm1', 'settings', 'set', 'adjustments', value, '--reason', 'a test');
    await expect(set('{"approvalAboveBaht":-1,"approvalAboveKip":0}')).rejects.toThrow();
    await expect(set('{"approvalAboveBaht":10}')).rejects.toThrow();
    const [proposed] = await set('{"approvalAboveBaht":10,"approvalAboveKip":1000}');
    const proposal = /^proposal (\d+)/.exec(proposed!)![1]!;
    await operator(a.server, 'settings', 'approve', proposal, '--as', 'adm2');
    const [told] = await operator(a.server, '--as', 'fin', 'adjust', 'credit', DEMO_MEMBER.phone, '10.01', '--reason', 'just above');
    expect(told).toMatch(/waits/);
    await operator(a.server, 'adjust', 'reject', String(await lastId()), '--reason', 'a test', '--as', 'fin2');
    const [back] = await set('{"approvalAboveBaht":5000,"approvalAboveKip":1000000}');
    await operator(a.server, 'settings', 'approve', /^proposal (\d+)/.exec(back!)![1]!, '--as', 'adm2');
  });

  it('credits within the threshold at once, names the clerk of --as; without --as of a finance clerk it is refused', async () => {
    const before = await walletOf(a.server);
    await expect(operator(a.server, 'adjust', 'credit', DEMO_MEMBER.phone, '10', '--reason', 'goodwill')).rejects.toThrow('--as');
    await expect(operator(a.server, '--as', 'agt', 'adjust', 'credit', DEMO_MEMBER.phone, '10', '--reason', 'goodwill')).rejects.toThrow(
      '--as',
    );
    await expect(operator(a.server, 'adjust', 'credit', DEMO_MEMBER.phone, '10', '--as', 'fin')).rejects.toThrow('reason');
    expect(await walletOf(a.server)).toBe(before);
    const [told] = await operator(a.server, 'adjust', 'credit', DEMO_MEMBER.phone, '10', '--reason', 'goodwill', '--as', 'fin');
    expect(told).toMatch(/APPLIED/);
    expect(await walletOf(a.server)).toBe(before + 1000);
    const [row] = await auditOf(a.server, 'adjustment.request', `adjustment:${await lastId()}`);
    expect([row?.actor_kind, row?.actor_username]).toEqual(['cli', 'fin']);
  });

  it('above the threshold: the requester cannot approve from the CLI either; another clerk can, once', async () => {
    const before = await walletOf(a.server);
    const [told] = await operator(a.server, '--as', 'fin', 'adjust', 'debit', DEMO_MEMBER.phone, '5000.5', '--reason', 'double credit');
    expect(told).toMatch(/waits/);
    const id = String(await lastId());
    await expect(operator(a.server, 'adjust', 'approve', id, '--as', 'fin')).rejects.toThrow('cannot decide');
    await expect(operator(a.server, 'adjust', 'approve', id)).rejects.toThrow('--as');
    const [approved] = await operator(a.server, 'adjust', 'approve', id, '--reason', 'seen the ticket', '--as', 'fin2');
    expect(approved).toMatch(/APPLIED/);
    await expect(operator(a.server, 'adjust', 'approve', id, '--as', 'fin2')).rejects.toThrow('decided already');
    expect(await walletOf(a.server)).toBe(before - 500_050);
    const lines = await operator(a.server, 'adjust', 'list');
    expect(lines.some((l) => l.startsWith(`${id}\t${DEMO_MEMBER.phone}\tdebit\t5000.5 BAHT\tAPPLIED\tcli:fin`))).toBe(true);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('rejects with a reason, and reverses a deposit by its journal id', async () => {
    await operator(a.server, '--as', 'fin', 'adjust', 'credit', DEMO_MEMBER.phone, '9000', '--reason', 'promised by phone');
    const id = String(await lastId());
    await expect(operator(a.server, 'adjust', 'reject', id, '--as', 'fin2')).rejects.toThrow('reason');
    const [rejected] = await operator(a.server, 'adjust', 'reject', id, '--reason', 'no such promise', '--as', 'fin2');
    expect(rejected).toMatch(/REJECTED/);
    const deposit = await a.server.ctx.database.db
      .selectFrom('journal')
      .select('id')
      .where('type', '=', 'deposit')
      .executeTakeFirstOrThrow();
    // the wallet holds 9.50 baht by now: money for the reversal to take back
    await operator(a.server, '--as', 'fin', 'adjust', 'credit', DEMO_MEMBER.phone, '5000', '--reason', 'late deposit');
    const before = await walletOf(a.server);
    const [reversed] = await operator(a.server, 'adjust', 'reverse', String(deposit.id), '--reason', 'bounced transfer', '--as', 'fin2');
    expect(reversed).toMatch(/reverse 5000 BAHT .* APPLIED/);
    expect(await walletOf(a.server)).toBe(before - 500_000);
    await expect(operator(a.server, 'adjust', 'reverse', String(deposit.id), '--reason', 'again', '--as', 'fin')).rejects.toThrow(
      'reversed already',
    );
    expect(await ledgerProblems(a.server)).toEqual([]);
  });
});
