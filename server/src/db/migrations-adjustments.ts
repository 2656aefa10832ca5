import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * Adjustments (issue 23): a staff credit, debit or reversal of a member's wallet, applied at once or waiting
 * for a second approver. One reversal per journal entry that is not rejected: the partial unique index holds
 * it when two are asked at once.
 */
export function adjustmentMigrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);
  return {
    '0027_adjustments': {
      async up(db: Kysely<unknown>) {
        await idColumn(db, 'adjustments')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('credit', 'debit', 'reverse')`))
          .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('reverses_journal_id', 'integer', (c) => c.references('journal.id'))
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('requested_by', 'text', (c) => c.notNull())
          .addColumn('requested_at', 'bigint', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'APPLIED', 'REJECTED')`))
          .addColumn('decided_by', 'text')
          .addColumn('decided_at', 'bigint')
          .addColumn('decision_reason', 'text')
          .addColumn('journal_id', 'integer', (c) => c.references('journal.id'))
          // the console's key of one request: a retried POST answers the first instead of asking twice
          .addColumn('request_key', 'text', (c) => c.unique())
          .execute();
        await db.schema.createIndex('adjustments_status_idx').on('adjustments').columns(['status', 'id']).execute();
        await db.schema
          .createIndex('adjustments_one_reversal_idx')
          .on('adjustments')
          .column('reverses_journal_id')
          .unique()
          .where(sql.ref('status'), '<>', 'REJECTED')
          .execute();
      },
    },
  };
}
