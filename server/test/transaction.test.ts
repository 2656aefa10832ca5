import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, type Database } from '../src/db/database.js';
import { afterCommit, withTransaction } from '../src/db/transaction.js';
import { scratchDatabase } from './helper.js';

/** db/transaction.ts: what a transaction leaves for after its commit is its own attempt's, whatever its end. */
describe('transactions and what they leave for after their commit', () => {
  let database: Database;
  let remove: () => Promise<void>;
  beforeEach(async () => {
    ({ database, remove } = await scratchDatabase());
    await migrate(database);
    await sql`create table t (k integer primary key, v text not null)`.execute(database.db);
  });
  afterEach(() => remove());

  const rows = async () => (await sql<{ k: number; v: string }>`select k, v from t order by k`.execute(database.db)).rows;

  it('runs the hooks of the transactions that committed only, each once, after its commit', async () => {
    const commits: number[] = [];
    const asked = Array.from({ length: 12 }, (_, k) =>
      withTransaction(database, async (tx) => {
        await sql`insert into t (k, v) values (${k}, 'kept')`.execute(tx);
        afterCommit(tx, () => commits.push(k));
        // every third is refused after it wrote: nothing of it stays, its hook never runs
        if (k % 3 === 0) throw new Error(`refused ${k}`);
        return k;
      }),
    );
    const settled = await Promise.allSettled(asked);
    const kept = Array.from({ length: 12 }, (_, k) => k).filter((k) => k % 3 !== 0);
    expect(settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<number>).value)).toEqual(kept);
    expect((await rows()).map((r) => r.k)).toEqual(kept);
    expect(commits.sort((a, b) => a - b)).toEqual(kept);
  });

  it('runs a lost race again from the start, with nothing of the lost attempt kept, its hooks included', async () => {
    const commits: number[] = [];
    let attempts = 0;
    await withTransaction(database, async (tx) => {
      attempts += 1;
      afterCommit(tx, () => commits.push(attempts));
      await sql`insert into t (k, v) values (${attempts}, 'attempt')`.execute(tx);
      // the first attempt loses a race, as a deadlock would
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    expect(commits).toEqual([2]);
    expect(await rows()).toEqual([{ k: 2, v: 'attempt' }]);
  });
});
