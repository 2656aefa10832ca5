import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './database.js';

/** Migrations are code so one list serves SQLite and Postgres; ids sort in the order they run. */
function migrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = (db: Kysely<unknown>, table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );

  return {
    '0001_foundation': {
      async up(db) {
        await idColumn(db, 'members')
          .addColumn('phone', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
          .addColumn('coin', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('bank_code', 'text', (c) => c.notNull())
          .addColumn('bank_account_name', 'text', (c) => c.notNull())
          .addColumn('bank_account_no', 'text', (c) => c.notNull())
          .addColumn('source_code', 'text')
          .addColumn('inviter_id', 'integer', (c) => c.references('members.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('members_bank_account_unique', ['bank_code', 'bank_account_no'])
          .addCheckConstraint('members_status_check', sql`status in ('active', 'disabled')`)
          .addCheckConstraint('members_coin_check', sql`coin >= 0`)
          .execute();

        await idColumn(db, 'sessions')
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .execute();
        await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

        await db.schema
          .createTable('otps')
          .addColumn('token', 'text', (c) => c.primaryKey())
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('ref', 'text', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('verified_at', 'bigint')
          .addColumn('consumed_at', 'bigint')
          .execute();
        await db.schema.createIndex('otps_phone_idx').on('otps').columns(['phone', 'created_at']).execute();

        await db.schema
          .createTable('settings')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('banks')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('name_th', 'text', (c) => c.notNull())
          .addColumn('name_en', 'text', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('sources')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull())
          .execute();
      },
    },
  };
}

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: () => Promise.resolve(migrations(dialect)) };
}
