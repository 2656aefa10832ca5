import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { PLANNED } from '../src/db/database.js';
import { scratchDatabase } from './helper.js';

describe('a read kept planned (PLANNED)', () => {
  it('answers as the same read unmarked, is kept per connection on Postgres, and survives a column added and dropped', async () => {
    // one connection, so the statement kept is the one the next read finds
    const { database, remove } = await scratchDatabase({ ...loadConfig({ STATIC_DIR: '' }), databasePoolMax: 1 });
    const db = database.db as unknown as Kysely<{ kept: { id: number; name: string } }>;
    try {
      await sql`create table kept (id integer primary key, name text not null)`.execute(db);
      await db
        .insertInto('kept')
        .values([
          { id: 1, name: 'one' },
          { id: 2, name: 'two' },
        ])
        .execute();
      const read = (id: number, planned: boolean) => {
        const query = db.selectFrom('kept').select(['id', 'name']).where('id', '=', id);
        return (planned ? query.modifyEnd(PLANNED) : query).execute();
      };
      expect(await read(2, true)).toEqual(await read(2, false));
      expect(await read(1, true)).toEqual([{ id: 1, name: 'one' }]);
      const kept = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db);
      expect(kept.rows).toEqual([
        { name: expect.stringMatching(/^planned_[0-9a-f]{16}$/), statement: expect.stringContaining('/* planned */') },
      ]);
      for (const change of [sql`alter table kept add column note text`, sql`alter table kept drop column note`]) {
        await change.execute(db);
        expect(await read(2, true)).toEqual([{ id: 2, name: 'two' }]);
      }
    } finally {
      await remove();
    }
  });
});
