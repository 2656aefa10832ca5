import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * Spin-wheel coins wait for play (issue 19): a credited deposit's coins are recorded here and given only
 * once the member's bets since the deposit reach its wager target; a withdrawal before then forfeits
 * them. One row per deposit (the unique deposit_journal_id), whose status changes once, in the same
 * transaction as the coins' journal entry: a deposit gives its coins at most once.
 */
export function coinWagerMigrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);
  return {
    '0019_coin_wager': {
      async up(db: Kysely<unknown>) {
        await idColumn(db, 'deposit_coins')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('deposit_journal_id', 'integer', (c) => c.notNull().unique().references('journal.id'))
          .addColumn('coins', 'integer', (c) => c.notNull())
          // the bets (minor units of the member's currency) since the deposit that give the coins
          .addColumn('wager_target', 'bigint', (c) => c.notNull())
          .addColumn('deposited_at', 'bigint', (c) => c.notNull())
          // where the bets are counted from: the deposit's own time, or, made while another deposit's coins
          // waited, that deposit's (README: Spin wheel and coins)
          .addColumn('wager_since', 'bigint', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('settled_at', 'bigint')
          // granted: the coin_earn entry that gave the coins; forfeited: the withdrawal that forfeited them
          .addColumn('settled_journal_id', 'integer', (c) => c.references('journal.id'))
          .addCheckConstraint('deposit_coins_amount_check', sql`coins > 0 and wager_target >= 0`)
          .addCheckConstraint('deposit_coins_status_check', sql`status in ('pending', 'granted', 'forfeited')`)
          .addCheckConstraint(
            'deposit_coins_settled_check',
            sql`(status = 'pending') = (settled_at is null) and (status = 'pending') = (settled_journal_id is null)`,
          )
          .execute();
        await db.schema
          .createIndex('deposit_coins_member_idx')
          .on('deposit_coins')
          .columns(['member_id', 'status', 'deposited_at'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('deposit_coins').execute();
      },
    },
  };
}
