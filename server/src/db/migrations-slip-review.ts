import type { Kysely, Migration } from 'kysely';

/** Issue 19: what the bank said of a slip's sender, kept for the operator who reviews a slip the member's account does not match. */
export function slipReviewMigrations(): Record<string, Migration> {
  return {
    '0016_slip_review': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('slips').addColumn('sender', 'text').execute();
      },
    },
    // when the member last changed the bank account a slip's sender is compared with: a slip sent before
    // that change (the change copied a victim's name off the slip) is not the member's to be credited by itself
    '0020_bank_changed_at': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('members').addColumn('bank_changed_at', 'bigint').execute();
      },
    },
  };
}
