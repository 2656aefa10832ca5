import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/** Slip deposits (issue 8): uploaded files, the slips, the bank transactions they credited, and the sandbox bank's books. */
export function slipMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0008_slips': {
      async up(db: Kysely<unknown>) {
        // uploads kept in the database (Postgres: every instance sees them); SQLite keeps them as files
        await db.schema
          .createTable('stored_files')
          .addColumn('bucket', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('stored_files_pk', ['bucket', 'name'])
          .execute();

        await tableWithId(dialect)(db, 'slips')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('reference', 'text', (c) => c.notNull().unique())
          .addColumn('file_name', 'text', (c) => c.notNull())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('note', 'text')
          .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('sending_bank', 'text')
          .addColumn('trans_ref', 'text')
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('captchas', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
          .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('idempotency_key', 'text')
          .addColumn('journal_id', 'integer', (c) => c.references('journal.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addCheckConstraint('slips_status_check', sql`status in ('PROCESSING', 'REVIEW', 'SUCCESS', 'FAILED')`)
          .addUniqueConstraint('slips_member_key_unique', ['member_id', 'idempotency_key'])
          .execute();
        await db.schema.createIndex('slips_member_idx').on('slips').columns(['member_id', 'id']).execute();
        await db.schema.createIndex('slips_due_idx').on('slips').columns(['status', 'next_attempt_at']).execute();

        // exactly once: one row per bank transaction ever credited (or being credited), whoever uploaded it
        await db.schema
          .createTable('slip_credits')
          .addColumn('sending_bank', 'text', (c) => c.notNull())
          .addColumn('trans_ref', 'text', (c) => c.notNull())
          .addColumn('slip_id', 'integer', (c) => c.notNull().references('slips.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('slip_credits_pk', ['sending_bank', 'trans_ref'])
          .execute();

        // the sandbox bank's own books: "another company", so its own table
        await db.schema
          .createTable('sandbox_bank_transfers')
          .addColumn('sending_bank', 'text', (c) => c.notNull())
          .addColumn('trans_ref', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('from_bank', 'text', (c) => c.notNull())
          .addColumn('from_account', 'text', (c) => c.notNull())
          .addColumn('from_name', 'text', (c) => c.notNull())
          .addColumn('to_bank', 'text', (c) => c.notNull())
          .addColumn('to_account', 'text', (c) => c.notNull())
          .addColumn('transferred_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('sandbox_bank_transfers_pk', ['sending_bank', 'trans_ref'])
          .execute();
      },
    },
  };
}
