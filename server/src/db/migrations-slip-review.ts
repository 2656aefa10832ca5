import type { Kysely, Migration } from 'kysely';

/** Issue 19: what the bank said of a slip's sender, kept for the operator who reviews a slip the member's account does not match. */
export function slipReviewMigrations(): Record<string, Migration> {
  return {
    '0016_slip_review': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('slips').addColumn('sender', 'text').execute();
      },
    },
  };
}
