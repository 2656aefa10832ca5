import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrate, openDatabase, type Database } from '../src/db/database.js';
import { afterCommit, beforeCommit, perTransaction, withTransaction } from '../src/db/transaction.js';

/** SQLite's group commit (db/transaction.ts): transactions asked for together share one commit, each its own fate. */
describe('SQLite transactions committed together', () => {
  let dir: string;
  let database: Database;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
    database = await openDatabase(loadConfig({ DATA_DIR: dir, STATIC_DIR: '' }));
    await migrate(database);
    await sql`create table t (k integer primary key, v text not null)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const rows = async () => (await sql<{ k: number; v: string }>`select k, v from t order by k`.execute(database.db)).rows;

  it('commits those that succeed and rolls back only the one that failed; each caller hears its own end, hooks only after the commit', async () => {
    const commits: number[] = [];
    const asked = Array.from({ length: 20 }, (_, k) =>
      withTransaction(database, async (tx) => {
        await sql`insert into t (k, v) values (${k}, ${`row ${k}`})`.execute(tx);
        // a unique key lost to another transaction of the same group: this one alone fails
        if (k === 7) await sql`insert into t (k, v) values (${3}, ${'again'})`.execute(tx);
        afterCommit(tx, () => commits.push(k));
        return k * 10;
      }),
    );
    const settled = await Promise.allSettled(asked);
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(1);
    expect(settled[7]).toMatchObject({ status: 'rejected' });
    expect(settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<number>).value)).toEqual(
      Array.from({ length: 20 }, (_, k) => k * 10).filter((v) => v !== 70),
    );
    const left = await rows();
    expect(left.map((r) => r.k)).toEqual(Array.from({ length: 20 }, (_, k) => k).filter((k) => k !== 7));
    expect(left.find((r) => r.k === 3)!.v).toBe('row 3');
    expect(commits.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, k) => k).filter((k) => k !== 7));
  });

  it("keeps what each transaction gathers for its end its own: a refused one's is dropped, never written by the next (issue 34)", async () => {
    // what the ledger does with a house account: changes gathered, written just before the commit
    const gathered = perTransaction((tx) => {
      const keys: number[] = [];
      beforeCommit(tx, async (inside) => {
        for (const k of keys) await sql`insert into t (k, v) values (${k}, ${'at the end'})`.execute(inside);
      });
      return keys;
    });
    const asked = Array.from({ length: 12 }, (_, k) =>
      withTransaction(database, async (tx) => {
        gathered(tx)!.push(k);
        // every third is refused after it gathered, before its end ran
        if (k % 3 === 0) throw new Error(`refused ${k}`);
        return k;
      }),
    );
    const settled = await Promise.allSettled(asked);
    const kept = Array.from({ length: 12 }, (_, k) => k).filter((k) => k % 3 !== 0);
    expect(settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<number>).value)).toEqual(kept);
    expect((await rows()).map((r) => r.k)).toEqual(kept);
    // outside a transaction there is nothing to gather into
    expect(gathered(database.db)).toBeUndefined();
  });

  it('fails every transaction of a group whose commit fails, committing none of them', async () => {
    // a deferred foreign-key-like check: a constraint SQLite checks only at commit
    await sql`create table parent (id integer primary key)`.execute(database.db);
    await sql`create table child (id integer primary key, parent integer references parent(id) deferrable initially deferred)`.execute(
      database.db,
    );
    const asked = [
      withTransaction(database, (tx) => sql`insert into t (k, v) values (100, 'fine')`.execute(tx)),
      withTransaction(database, (tx) => sql`insert into child (id, parent) values (1, 999)`.execute(tx)),
      withTransaction(database, (tx) => sql`insert into t (k, v) values (101, 'fine too')`.execute(tx)),
    ];
    const settled = await Promise.allSettled(asked);
    // the one that broke the deferred check is known only at commit: it fails, and it may take its group with it
    expect(settled[1]).toMatchObject({ status: 'rejected' });
    const committed = (await rows()).map((r) => r.k);
    for (const [i, k] of [
      [0, 100],
      [2, 101],
    ] as const)
      expect(settled[i]!.status === 'fulfilled').toBe(committed.includes(k));
    expect((await sql<{ n: number }>`select count(*) as n from child`.execute(database.db)).rows[0]!.n).toBe(0);
  });
});
