import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * The spin wheel (issue 10). A wheel is never edited in place: `wheel set` adds a version, and every spin
 * names the version it was drawn on, so a coupon keeps the prize it was won with. One row per spin; a
 * spin that won something is a coupon (prize_type other than 'nothing', with an expiry), claimed once.
 * Amounts are minor units of the site's currency.
 */
export function spinMigrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);
  return {
    '0014_spinwheel': {
      async up(db: Kysely<unknown>) {
        await idColumn(db, 'spin_wheels')
          // JSON {th, la, en}
          .addColumn('name', 'text', (c) => c.notNull())
          // JSON [{code, label, bgColor, textColor, html, weight, prize}] (modules/spinwheel/wheel.ts)
          .addColumn('slices', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        await idColumn(db, 'spins')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('wheel_id', 'integer', (c) => c.notNull().references('spin_wheels.id'))
          .addColumn('slice_code', 'text', (c) => c.notNull())
          .addColumn('prize_type', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('bonus_code', 'text')
          // the coin it cost
          .addColumn('coin_journal_id', 'integer', (c) => c.notNull().references('journal.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint')
          .addColumn('claimed_at', 'bigint')
          .addColumn('claim_journal_id', 'integer', (c) => c.references('journal.id'))
          .addCheckConstraint('spins_prize_check', sql`prize_type in ('nothing', 'cash', 'bonus', 'item')`)
          .addCheckConstraint('spins_amount_check', sql`amount >= 0 and (prize_type not in ('cash', 'bonus') or amount > 0)`)
          .addCheckConstraint('spins_bonus_check', sql`(prize_type = 'bonus') = (bonus_code is not null)`)
          .addCheckConstraint('spins_coupon_check', sql`(prize_type = 'nothing') = (expires_at is null)`)
          .addCheckConstraint('spins_claim_check', sql`claimed_at is null or prize_type <> 'nothing'`)
          .execute();
        await db.schema.createIndex('spins_member_idx').on('spins').columns(['member_id', 'id']).execute();
        await db.schema.createIndex('spins_claim_journal_idx').on('spins').column('claim_journal_id').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('spins').execute();
        await db.schema.dropTable('spin_wheels').execute();
      },
    },
  };
}
