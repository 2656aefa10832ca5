import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * Operator-defined bonuses and the bonuses members received (issue 9). Merged after the others in migrations.ts.
 * Money columns are minor units of the site's currency. "One active bonus per member" is a partial unique
 * index, so two activations racing each other leave one bonus on SQLite and Postgres alike.
 */
export function bonusMigrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);
  return {
    '0010_bonuses': {
      async up(db: Kysely<unknown>) {
        await idColumn(db, 'bonuses')
          .addColumn('code', 'text', (c) => c.notNull().unique())
          // name, html and notice per language: JSON {th, la, en}
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('html', 'text', (c) => c.notNull())
          .addColumn('notice', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('max_received', 'integer', (c) => c.notNull())
          .addColumn('percent_fail', 'integer', (c) => c.notNull())
          // JSON [{image, html}]
          .addColumn('banners', 'text', (c) => c.notNull())
          // give_percent set: that percentage of the qualifying deposit, at most give_max; otherwise give_fixed
          .addColumn('give_percent', 'integer')
          .addColumn('give_max', 'bigint')
          .addColumn('give_fixed', 'bigint')
          .addColumn('min_deposit', 'bigint', (c) => c.notNull())
          .addColumn('turnover_multiple', 'integer', (c) => c.notNull())
          .addColumn('budget', 'bigint')
          .addColumn('active', 'integer', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addCheckConstraint('bonuses_type_check', sql`type in ('limit', 'day', 'week')`)
          .addCheckConstraint('bonuses_max_received_check', sql`max_received > 0`)
          .addCheckConstraint('bonuses_min_deposit_check', sql`min_deposit >= 0`)
          .addCheckConstraint('bonuses_turnover_check', sql`turnover_multiple >= 0`)
          .addCheckConstraint(
            'bonuses_give_check',
            sql`(give_percent is not null and give_percent > 0 and give_max is not null and give_max > 0 and give_fixed is null)
              or (give_percent is null and give_max is null and give_fixed is not null and give_fixed > 0)`,
          )
          .execute();

        await idColumn(db, 'member_bonuses')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('bonus_code', 'text', (c) => c.notNull().references('bonuses.code'))
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('deposit_journal_id', 'integer', (c) => c.references('journal.id'))
          .addColumn('journal_id', 'integer', (c) => c.references('journal.id'))
          .addColumn('turnover_target', 'bigint', (c) => c.notNull())
          .addColumn('turnover_base', 'bigint', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull())
          .addColumn('received_at', 'bigint', (c) => c.notNull())
          .addColumn('finished_at', 'bigint')
          .addColumn('finish_reason', 'text')
          .addCheckConstraint('member_bonuses_amount_check', sql`amount > 0`)
          .addCheckConstraint('member_bonuses_reason_check', sql`finish_reason is null or finish_reason in ('TURNOVER', 'CLEAR')`)
          .execute();
        await db.schema
          .createIndex('member_bonuses_member_idx')
          .on('member_bonuses')
          .columns(['member_id', 'bonus_code', 'received_at'])
          .execute();
        await db.schema.createIndex('member_bonuses_code_idx').on('member_bonuses').column('bonus_code').execute();
        // one active bonus per member, even when two activations race
        await db.schema
          .createIndex('member_bonuses_one_active')
          .on('member_bonuses')
          .column('member_id')
          .unique()
          .where(sql.ref('active'), '=', 1)
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('member_bonuses').execute();
        await db.schema.dropTable('bonuses').execute();
      },
    },
    '0011_promotions': {
      // member_bonuses is made anew (no call had written it yet) so one row holds a bonus or a promotion:
      // the one-active index then covers both, and bonus money of either kind waits for its turnover
      async up(db: Kysely<unknown>) {
        await idColumn(db, 'promotions')
          .addColumn('code', 'text', (c) => c.notNull().unique())
          // JSON {th, la, en}
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('percent_fail', 'integer', (c) => c.notNull())
          .addColumn('give_percent', 'integer')
          .addColumn('give_max', 'bigint')
          .addColumn('give_fixed', 'bigint')
          .addColumn('min_deposit', 'bigint', (c) => c.notNull())
          .addColumn('turnover_multiple', 'integer', (c) => c.notNull())
          // how many members may use it in all; null: no limit
          .addColumn('total_uses', 'integer')
          .addColumn('active', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addCheckConstraint('promotions_min_deposit_check', sql`min_deposit >= 0`)
          .addCheckConstraint('promotions_turnover_check', sql`turnover_multiple >= 0`)
          .addCheckConstraint('promotions_uses_check', sql`total_uses is null or total_uses > 0`)
          .addCheckConstraint(
            'promotions_give_check',
            sql`(give_percent is not null and give_percent > 0 and give_max is not null and give_max > 0 and give_fixed is null)
              or (give_percent is null and give_max is null and give_fixed is not null and give_fixed > 0)`,
          )
          .execute();

        // a bonus for the member's very first deposit only (the demo FIRSTDEP100)
        await db.schema
          .alterTable('bonuses')
          .addColumn('first_deposit', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`update bonuses set first_deposit = 1 where code = 'FIRSTDEP100'`.execute(db);

        await db.schema.dropTable('member_bonuses').execute();
        await idColumn(db, 'member_bonuses')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('bonus_code', 'text', (c) => c.references('bonuses.code'))
          .addColumn('promotion_code', 'text', (c) => c.references('promotions.code'))
          .addColumn('amount', 'bigint', (c) => c.notNull())
          // the member's currency (the Lao site's members may hold baht); amounts are its minor units
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('percent_fail', 'integer', (c) => c.notNull())
          // the deposit it was given on (null for a promotion that needs none); one bonus per deposit
          .addColumn('deposit_journal_id', 'integer', (c) => c.references('journal.id'))
          .addColumn('journal_id', 'integer', (c) => c.notNull().references('journal.id'))
          .addColumn('finish_journal_id', 'integer', (c) => c.references('journal.id'))
          .addColumn('turnover_target', 'bigint', (c) => c.notNull())
          // bets counted so far (the providers' figure when last asked; it never goes down)
          .addColumn('turnover_progress', 'bigint', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull())
          .addColumn('received_at', 'bigint', (c) => c.notNull())
          .addColumn('finished_at', 'bigint')
          .addColumn('finish_reason', 'text')
          .addCheckConstraint('member_bonuses_amount_check', sql`amount > 0`)
          .addCheckConstraint('member_bonuses_kind_check', sql`(bonus_code is null) <> (promotion_code is null)`)
          .addCheckConstraint('member_bonuses_reason_check', sql`finish_reason is null or finish_reason in ('TURNOVER', 'CLEAR')`)
          .execute();
        await db.schema
          .createIndex('member_bonuses_member_idx')
          .on('member_bonuses')
          .columns(['member_id', 'bonus_code', 'received_at'])
          .execute();
        await db.schema.createIndex('member_bonuses_code_idx').on('member_bonuses').column('bonus_code').execute();
        await db.schema.createIndex('member_bonuses_journal_idx').on('member_bonuses').column('journal_id').execute();
        await db.schema.createIndex('member_bonuses_finish_idx').on('member_bonuses').column('finish_journal_id').execute();
        await db.schema
          .createIndex('member_bonuses_one_active')
          .on('member_bonuses')
          .column('member_id')
          .unique()
          .where(sql.ref('active'), '=', 1)
          .execute();
        await db.schema
          .createIndex('member_bonuses_one_per_deposit')
          .on('member_bonuses')
          .column('deposit_journal_id')
          .unique()
          .where(sql.ref('deposit_journal_id'), 'is not', null)
          .execute();
        // a promotion once per member
        await db.schema
          .createIndex('member_bonuses_promotion_once')
          .on('member_bonuses')
          .columns(['member_id', 'promotion_code'])
          .unique()
          .where(sql.ref('promotion_code'), 'is not', null)
          .execute();

        // the sandbox provider's bet log: a real provider reports bets per player and period
        await idColumn(db, 'sandbox_game_bets')
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('stake', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('sandbox_game_bets_player')
          .on('sandbox_game_bets')
          .columns(['provider', 'username', 'created_at'])
          .execute();
      },
    },
  };
}
