import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrate, openDatabase, type Dialect } from '../src/db/database.js';
import { migrationProvider } from '../src/db/migrations.js';
import { DIALECTS, PG_URL } from './helper.js';

describe.each(DIALECTS)('migrating a database with data on %s', (dialect: Dialect) => {
  it('gives every existing withdrawal the bank account its member had (0004)', async () => {
    const config = loadConfig({ STATIC_DIR: '' });
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const database =
      dialect === 'sqlite'
        ? await openDatabase(config, { sqliteFile: ':memory:' })
        : await openDatabase({ ...config, databaseUrl: PG_URL }, { schema });
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: migrationProvider(dialect),
        ...(database.schema ? { migrationTableSchema: database.schema } : {}),
      });
      expect((await migrator.migrateTo('0003_games')).error).toBeUndefined();
      const now = Date.now();
      const member = (bank: string, no: string, name: string) =>
        database.db
          .insertInto('members')
          .values({
            phone: `08${no.slice(-8)}`,
            name,
            password_hash: 'x',
            status: 'active',
            currency: 'BAHT',
            bank_code: bank,
            bank_account_name: name,
            bank_account_no: no,
            source_code: null,
            inviter_id: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const a = await member('KBANK', '1111111111', 'AAA A');
      const b = await member('SCB', '2222222222', 'BBB B');
      for (const m of [a, b]) {
        const journal = await database.db
          .insertInto('journal')
          .values({
            member_id: m.id,
            type: 'withdraw',
            status: 'PENDING',
            amount: 100,
            from_label: 'WALLET',
            to_label: 'BANK',
            visible: 1,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // written as the code of 0003 wrote it: no destination columns yet
        await sql`insert into withdrawals (member_id, amount, currency, status, journal_id, created_at) values (${m.id}, 100, 'BAHT', 'PENDING', ${journal.id}, ${now})`.execute(
          database.db,
        );
      }
      expect(await migrate(database)).toEqual(expect.arrayContaining(['0004_withdrawal_destination']));
      const rows = await database.db
        .selectFrom('withdrawals')
        .select(['member_id', 'bank_code', 'bank_account_no', 'bank_account_name'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { member_id: a.id, bank_code: 'KBANK', bank_account_no: '1111111111', bank_account_name: 'AAA A' },
        { member_id: b.id, bank_code: 'SCB', bank_account_no: '2222222222', bank_account_name: 'BBB B' },
      ]);
    } finally {
      if (dialect === 'postgres') await sql.raw(`drop schema "${schema}" cascade`).execute(database.db);
      await database.close();
    }
  });
});
