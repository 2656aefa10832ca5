import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.js';
import { withTransaction } from '../db/transaction.js';
import { ApiError } from '../lib/errors.js';
import { checkLedger } from './invariants.js';
import { creditDeposit, memberMoney, requestWithdrawal, settleWithdrawal } from './operations.js';

type Op =
  | { kind: 'deposit'; member: number; amount: number }
  | { kind: 'withdraw'; member: number; amount: number }
  | { kind: 'pay' | 'reject'; pick: number };

const member = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 50_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), member, amount }),
  fc.record({ kind: fc.constant('withdraw' as const), member, amount }),
  fc.record({ kind: fc.constantFrom('pay' as const, 'reject' as const), pick: fc.nat() }),
);

/** Applies random operations to a real database and to a plain model, and compares after each. */
async function run(ops: Op[]): Promise<void> {
  const database = await openDatabase({ dataDir: '', databaseUrl: undefined }, { sqliteFile: ':memory:' });
  try {
    await migrate(database);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const row = await database.db
        .insertInto('members')
        .values({
          phone: `08000000${i}0`,
          name: `M${i}`,
          password_hash: 'x',
          status: 'active',
          currency: 'BAHT',
          bank_code: 'KBANK',
          bank_account_name: 'M',
          bank_account_no: `10000000${i}0`,
          source_code: null,
          inviter_id: null,
          created_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const model = { wallet: [0, 0, 0], pending: new Map<number, { member: number; amount: number }>() };
    let now = 1;

    for (const o of ops) {
      now += 1;
      if (o.kind === 'deposit') {
        await withTransaction(database, async (tx) => creditDeposit(tx, await memberMoney(tx, ids[o.member]!), o.amount, 'TEST', now));
        model.wallet[o.member]! += o.amount;
      } else if (o.kind === 'withdraw') {
        const hasPending = [...model.pending.values()].some((p) => p.member === o.member);
        const expected = hasPending ? 'WITHDRAW_PENDING' : model.wallet[o.member]! < o.amount ? 'MONEY_NOT_ENOUGH' : 'OK';
        let got = 'OK';
        let id = 0;
        try {
          id = await withTransaction(database, async (tx) => requestWithdrawal(tx, await memberMoney(tx, ids[o.member]!), o.amount, now));
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          got = err.code;
        }
        expect(got).toBe(expected);
        if (got === 'OK') {
          model.wallet[o.member]! -= o.amount;
          model.pending.set(id, { member: o.member, amount: o.amount });
        }
      } else if (model.pending.size) {
        const [id, p] = [...model.pending.entries()][o.pick % model.pending.size]!;
        await settleWithdrawal(database, id, o.kind === 'pay' ? 'SUCCESS' : 'FAILED', now);
        model.pending.delete(id);
        if (o.kind === 'reject') model.wallet[p.member]! += p.amount;
      }
    }

    expect(await checkLedger(database.db)).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const row = await database.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('code', '=', `wallet:${ids[i]}`)
        .executeTakeFirst();
      expect(Number(row?.balance ?? 0)).toBe(model.wallet[i]);
    }
  } finally {
    await database.close();
  }
}

describe('the ledger under random operations', () => {
  it('keeps every balance at or above zero, each currency summing to zero, and balances equal to their postings', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 50, maxLength: 250 }), run), { numRuns: 25 });
  }, 120_000);
});
