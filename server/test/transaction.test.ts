import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, type Database } from '../src/db/database.js';
import { afterCommit, beforeCommit, perTransaction, withTransaction } from '../src/db/transaction.js';
import { scratchDatabase } from './helper.js';

/** db/transaction.ts: what a transaction runs at its end and keeps while it runs is its own, whatever its end. */
describe('transactions and what they keep for their end', () => {
  let database: Database;
  let remove: () => Promise<void>;
  beforeEach(async () => {
    ({ database, remove } = await scratchDatabase());
    await migrate(database);
    await sql`create table t (k integer primary key, v text not null)`.execute(database.db);
  });
  afterEach(() => remove());

  const rows = async () => (await sql<{ k: number; v: string }>`select k, v from t order by k`.execute(database.db)).rows;

  it("keeps what each gathers for its end its own: a refused one's is dropped, never written by another (issue 34)", async () => {
    // what the ledger does with a house account: changes gathered, written just before the commit
    const gathered = perTransaction((tx) => {
      const keys: number[] = [];
      beforeCommit(tx, async (inside) => {
        for (const k of keys) await sql`insert into t (k, v) values (${k}, ${'at the end'})`.execute(inside);
      });
      return keys;
    });
    const commits: number[] = [];
    const asked = Array.from({ length: 12 }, (_, k) =>
      withTransaction(database, async (tx) => {
        gathered(tx)!.push(k);
        afterCommit(tx, () => commits.push(k));
        // every third is refused after it gathered, before its end ran
        if (k % 3 === 0) throw new Error(`refused ${k}`);
        return k;
      }),
    );
    const settled = await Promise.allSettled(asked);
    const kept = Array.from({ length: 12 }, (_, k) => k).filter((k) => k % 3 !== 0);
    expect(settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<number>).value)).toEqual(kept);
    expect((await rows()).map((r) => r.k)).toEqual(kept);
    // only the committed ones' hooks ran, after their commits
    expect(commits.sort((a, b) => a - b)).toEqual(kept);
    // outside a transaction there is nothing to gather into
    expect(gathered(database.db)).toBeUndefined();
  });

  it('runs a lost race again from the start, with nothing of the lost attempt kept', async () => {
    const gathered = perTransaction(() => [] as number[]);
    const seen: number[][] = [];
    let attempts = 0;
    await withTransaction(database, async (tx) => {
      const mine = gathered(tx)!;
      mine.push(++attempts);
      seen.push([...mine]);
      await sql`insert into t (k, v) values (${attempts}, 'attempt')`.execute(tx);
      // the first attempt loses a race, as a deadlock would
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    expect(seen).toEqual([[1], [2]]);
    expect(await rows()).toEqual([{ k: 2, v: 'attempt' }]);
  });
});
