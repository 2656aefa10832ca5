import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SandboxProvider } from '../adapters/games/sandbox.js';
import { RecordingSmsSender } from '../adapters/sms/sender.js';
import { loadConfig } from '../config.js';
import { migrate, openDatabase } from '../db/database.js';
import { seed } from '../db/seed.js';
import { transfer } from '../modules/games/transfers.js';
import { SettingsCache } from '../settings/store.js';
import { makeContext } from '../wiring.js';
import { withTransaction } from '../db/transaction.js';
import { ApiError } from '../lib/errors.js';
import { checkLedger } from './invariants.js';
import { creditDeposit, memberMoney, requestWithdrawal, settleWithdrawal } from './operations.js';

type Op =
  | { kind: 'deposit'; member: number; amount: number }
  | { kind: 'withdraw'; member: number; amount: number }
  | { kind: 'pay' | 'reject'; pick: number }
  | { kind: 'in' | 'out'; member: number; amount: number; providerFails: boolean };

const member = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 50_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), member, amount }),
  fc.record({ kind: fc.constant('withdraw' as const), member, amount }),
  fc.record({ kind: fc.constantFrom('pay' as const, 'reject' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constantFrom('in' as const, 'out' as const), member, amount, providerFails: fc.boolean() }),
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
    let failing = false;
    const settings = await SettingsCache.load(database.db).catch(async () => {
      await seed(database, { variant: 'th' });
      return SettingsCache.load(database.db);
    });
    const ctx = makeContext({
      config: { ...loadConfig({ STATIC_DIR: '' }), providerTimeoutMs: 200 },
      database,
      settings,
      sms: new RecordingSmsSender(),
    });
    ctx.games = new SandboxProvider(database.db, () => (failing ? 'fail-transfers' : undefined));
    for (const id of ids) {
      const creds = await ctx.games.createAccount('PG', id);
      await database.db
        .insertInto('game_accounts')
        .values({ member_id: id, provider: 'PG', ...creds, created_at: 0 })
        .execute();
    }
    const model = { wallet: [0, 0, 0], game: [0, 0, 0], pending: new Map<number, { member: number; amount: number }>() };
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
      } else if (o.kind === 'in' || o.kind === 'out') {
        failing = o.providerFails;
        const source = o.kind === 'in' ? model.wallet : model.game;
        const target = o.kind === 'in' ? model.game : model.wallet;
        const expected =
          o.amount < 100
            ? 'TRANSFER_MINIMUM'
            : source[o.member]! < o.amount
              ? 'MONEY_NOT_ENOUGH'
              : o.providerFails
                ? 'TRANSFER_FAIL'
                : 'OK';
        let got = 'OK';
        try {
          await transfer(ctx, { memberId: ids[o.member]!, provider: 'PG', direction: o.kind, amount: o.amount, key: undefined });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          got = err.code;
        }
        expect(got).toBe(expected);
        if (got === 'OK') {
          source[o.member]! -= o.amount;
          target[o.member]! += o.amount;
        }
      } else if (model.pending.size) {
        // pay or reject one of the pending withdrawals
        const [id, p] = [...model.pending.entries()][(o as { pick: number }).pick % model.pending.size]!;
        await settleWithdrawal(database, id, o.kind === 'pay' ? 'SUCCESS' : 'FAILED', now);
        model.pending.delete(id);
        if (o.kind === 'reject') model.wallet[p.member]! += p.amount;
      }
    }

    failing = false;
    expect(await checkLedger(database.db)).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const row = await database.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('code', '=', `wallet:${ids[i]}`)
        .executeTakeFirst();
      expect(Number(row?.balance ?? 0)).toBe(model.wallet[i]);
      const game = await database.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('code', '=', `game:${ids[i]}:PG`)
        .executeTakeFirst();
      expect(Number(game?.balance ?? 0)).toBe(model.game[i]);
      // the provider's own books agree with ours
      expect(
        await ctx.games.balance(
          'PG',
          (await database.db.selectFrom('game_accounts').select('username').where('member_id', '=', ids[i]!).executeTakeFirstOrThrow())
            .username,
        ),
      ).toBe(model.game[i]);
    }
  } finally {
    await database.close();
  }
}

describe('the ledger under random operations', () => {
  it('(deposits, withdrawals, payouts, rejections, transfers both ways, provider failures) keeps every balance at or above zero, each currency summing to zero, and balances equal to their postings', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 50, maxLength: 250 }), run), { numRuns: 25 });
  }, 120_000);
});
