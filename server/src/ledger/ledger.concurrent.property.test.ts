import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../adapters/games/catalog.js';
import { DatabaseBooks } from '../adapters/games/sandbox-books.js';
import { SandboxProvider, type Fault } from '../adapters/games/sandbox.js';
import { RecordingSmsSender } from '../adapters/sms/sender.js';
import { loadConfig } from '../config.js';
import { migrate } from '../db/database.js';
import { seed } from '../db/seed.js';
import { inSnapshot, withTransaction } from '../db/transaction.js';
import { ApiError } from '../lib/errors.js';
import { isNotEnough } from './errors.js';
import { transfer } from '../modules/wallet/transfers.js';
import { SettingsCache } from '../settings/store.js';
import { recoverOpen } from '../sweep.js';
import { makeContext } from '../wiring.js';
import { scratchDatabase } from '../../test/helper.js';
import { checkLedger } from './invariants.js';
import { creditDeposit, memberMoney, requestWithdrawal, settleWithdrawal } from './operations.js';

/**
 * Issue 34: many members' money moving at the same moment, refusals and provider faults among it, against
 * a plain model of each member. Each member's operations run in order, every member's at once: what they
 * share is the house accounts (money in transit, the provider float, pending payouts) and the database's
 * transactions, which is where a lost update hides. Each member plays at a provider of its own, so a fault
 * told to one touches no other. At the end the withdrawals are paid or rejected (all at once), the sweep
 * finishes what a hung provider left in transit, and the ledger, the model and the provider's books must agree.
 */

type Op =
  | { kind: 'deposit'; amount: number }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'in' | 'out'; amount: number; fault: Fault | 'none' };

/** A provider of each member's own (up to 8 members): a fault told to one touches no other member. */
const PROVIDERS = GAMES.slice(0, 8).map((game) => game.code);
const amount = fc.integer({ min: 1, max: 40_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deposit' as const), amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom('in' as const, 'out' as const),
      amount,
      // mostly none; a transfer refused by a provider that can still be asked (TRANSFER_FAIL, the money
      // back), or a provider that answers nothing at all (TRANSFER_PENDING, the money in transit until the
      // sweep). Failures, not hangs: a hang costs the whole timeout, and the timeout here is long enough
      // that a busy machine never trips it
      fault: fc.constantFrom<Fault | 'none'>('none', 'none', 'none', 'none', 'fail-transfers', 'fail'),
    }),
  },
);

interface Model {
  wallet: number;
  game: number;
  /** Money a silent provider left in transit: back where it came from once the sweep asks. */
  transit: { from: 'wallet' | 'game'; amount: number }[];
  pending: { id: number; amount: number }[];
}

async function run(plans: Op[][], settle: boolean[]): Promise<void> {
  const { database, remove } = await scratchDatabase();
  try {
    await migrate(database);
    await seed(database, { variant: 'th' });
    const settings = await SettingsCache.load(database.db);
    const clock = { now: Date.now() };
    const ctx = makeContext({
      config: { ...loadConfig({ STATIC_DIR: '' }), providerTimeoutMs: 10_000 },
      database,
      settings,
      sms: new RecordingSmsSender(),
      now: () => clock.now,
    });
    const faults = new Map<string, Fault>();
    const games = new SandboxProvider(new DatabaseBooks(database.db), (provider) => faults.get(provider), ctx.now);
    ctx.games = games;
    const members = await Promise.all(
      plans.map(async (_, i) => {
        const { id } = await database.db
          .insertInto('members')
          .values({
            phone: `0830000${String(i).padStart(3, '0')}`,
            name: `Parallel ${i}`,
            password_hash: 'x',
            status: 'active',
            currency: 'BAHT',
            bank_code: 'KBANK',
            bank_account_name: 'P',
            bank_account_no: `20000000${String(i).padStart(2, '0')}`,
            bank_changed_at: null,
            source_code: null,
            inviter_id: null,
            created_at: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const provider = PROVIDERS[i]!;
        const creds = await games.createAccount(provider, id, 'BAHT');
        await database.db
          .insertInto('game_accounts')
          .values({ member_id: id, provider, ...creds, created_at: 0 })
          .execute();
        return { id, provider, username: creds.username };
      }),
    );
    const models: Model[] = plans.map(() => ({ wallet: 0, game: 0, transit: [], pending: [] }));
    const code = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
        return 'OK';
      } catch (err) {
        // the ledger's refusal, in the words the API answers it with (app.ts)
        if (isNotEnough(err)) return 'MONEY_NOT_ENOUGH';
        if (!(err instanceof ApiError)) throw err;
        return err.code;
      }
    };

    const play = async (i: number) => {
      const { id, provider } = members[i]!;
      const m = models[i]!;
      for (const o of plans[i]!) {
        if (o.kind === 'deposit') {
          await withTransaction(database, async (tx) => creditDeposit(tx, await memberMoney(tx, id), o.amount, 'TEST', ctx.now()));
          m.wallet += o.amount;
        } else if (o.kind === 'withdraw') {
          let withdrawal = 0;
          const got = await code(async () => {
            withdrawal = await withTransaction(database, async (tx) =>
              requestWithdrawal(tx, await memberMoney(tx, id), o.amount, ctx.now()),
            );
          });
          expect(got).toBe(m.pending.length ? 'WITHDRAW_PENDING' : m.wallet < o.amount ? 'MONEY_NOT_ENOUGH' : 'OK');
          if (got === 'OK') {
            m.wallet -= o.amount;
            m.pending.push({ id: withdrawal, amount: o.amount });
          }
        } else {
          const from = o.kind === 'in' ? 'wallet' : 'game';
          const to = o.kind === 'in' ? 'game' : 'wallet';
          if (o.fault === 'none') faults.delete(provider);
          else faults.set(provider, o.fault);
          const expected =
            o.amount < 100
              ? 'TRANSFER_MINIMUM'
              : m[from] < o.amount
                ? 'MONEY_NOT_ENOUGH'
                : o.fault === 'none'
                  ? 'OK'
                  : o.fault === 'fail'
                    ? 'TRANSFER_PENDING'
                    : 'TRANSFER_FAIL';
          const got = await code(() => transfer(ctx, { memberId: id, provider, direction: o.kind, amount: o.amount, key: undefined }));
          expect(got).toBe(expected);
          faults.delete(provider);
          if (got === 'OK') {
            m[from] -= o.amount;
            m[to] += o.amount;
          } else if (got === 'TRANSFER_PENDING') {
            m[from] -= o.amount;
            m.transit.push({ from, amount: o.amount });
          }
        }
      }
    };
    await Promise.all(plans.map((_, i) => play(i)));

    // the back office, all at once: each pending withdrawal paid or rejected
    await Promise.all(
      models.flatMap((m, i) =>
        m.pending.map(async (p, n) => {
          const pay = settle[(i + n) % settle.length] ?? true;
          await withTransaction(database, (tx) => settleWithdrawal(tx, p.id, pay ? 'SUCCESS' : 'FAILED', ctx.now()));
          if (!pay) m.wallet += p.amount;
        }),
      ),
    );
    // the sweep: the transfers a silent provider left in transit are asked about (no fault now) and returned
    faults.clear();
    clock.now += 60_000;
    await recoverOpen(ctx, { info: () => undefined, error: () => undefined });
    for (const m of models) for (const t of m.transit.splice(0)) m[t.from] += t.amount;

    expect(await inSnapshot(database, checkLedger)).toEqual([]);
    for (const [i, { id, provider, username }] of members.entries()) {
      const balances = await database.db.selectFrom('ledger_accounts').select(['code', 'balance']).where('member_id', '=', id).execute();
      const of = (accountCode: string) => Number(balances.find((b) => b.code === accountCode)?.balance ?? 0);
      expect([of(`wallet:${id}`), of(`game:${id}:${provider}`)]).toEqual([models[i]!.wallet, models[i]!.game]);
      expect(await games.balance(provider, username)).toBe(models[i]!.game);
    }
    expect(await database.db.selectFrom('transfer_intents').select('id').where('status', '=', 'open').execute()).toEqual([]);
    settings.stop();
  } finally {
    await remove();
  }
}

describe('the ledger under many members at once', () => {
  it('(deposits, withdrawals paid and rejected, transfers both ways refused or faulted, each member at once with every other) keeps every member to the model, the provider to our books, and the ledger whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 10, maxLength: 40 }), { minLength: 4, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        run,
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
