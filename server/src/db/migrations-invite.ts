import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * The invite programme and cashback (issue 10). Merged after the others in migrations.ts. Money columns
 * are minor units of the member's currency. Unique indexes carry the "once" rules: a deposit earns its
 * inviter one invite record, and a member gets one refund per period, however often the job runs.
 */
export function inviteMigrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);
  return {
    '0012_invites': {
      async up(db: Kysely<unknown>) {
        await idColumn(db, 'invites')
          .addColumn('inviter_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('invitee_id', 'integer', (c) => c.notNull().references('members.id'))
          // the invitee's credited deposit this record was earned on
          .addColumn('deposit_journal_id', 'integer', (c) => c.notNull().unique().references('journal.id'))
          .addColumn('deposit_amount', 'bigint', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          // the invitee's bets the inviter waits for before receiving (turnover x the deposit)
          .addColumn('turnover_target', 'bigint', (c) => c.notNull())
          .addColumn('deposited_at', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          // set once the invitee's bets since the deposit reached the target; never unset
          .addColumn('played_at', 'bigint')
          .addColumn('receive_journal_id', 'integer', (c) => c.references('journal.id'))
          .addCheckConstraint('invites_amount_check', sql`amount >= 0 and deposit_amount > 0 and turnover_target >= 0`)
          .execute();
        await db.schema.createIndex('invites_inviter_idx').on('invites').columns(['inviter_id', 'receive_journal_id']).execute();
        await db.schema.createIndex('invites_invitee_idx').on('invites').column('invitee_id').execute();
        await db.schema.createIndex('invites_receive_idx').on('invites').column('receive_journal_id').execute();
        await db.schema.createIndex('members_inviter_idx').on('members').column('inviter_id').execute();
      },
    },
    '0013_refunds': {
      async up(db: Kysely<unknown>) {
        await idColumn(db, 'refunds')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('period_start', 'bigint', (c) => c.notNull())
          .addColumn('period_end', 'bigint', (c) => c.notNull())
          .addColumn('loss', 'bigint', (c) => c.notNull())
          .addColumn('percent_bp', 'integer', (c) => c.notNull())
          .addColumn('refund_amount', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          // the entry that moved it into the member's refund balance (GET /api/refund/receive)
          .addColumn('claim_journal_id', 'integer', (c) => c.references('journal.id'))
          .addCheckConstraint('refunds_amount_check', sql`refund_amount > 0 and loss > 0 and period_end > period_start`)
          .execute();
        // one refund per member and period: the job and `refund run` may run again without paying twice
        await db.schema.createIndex('refunds_once').on('refunds').columns(['member_id', 'period_start']).unique().execute();
        await db.schema.createIndex('refunds_claim_idx').on('refunds').columns(['member_id', 'claim_journal_id']).execute();
        // the job sums one period's game results
        await db.schema.createIndex('journal_type_time_idx').on('journal').columns(['type', 'created_at']).execute();
      },
    },
  };
}
