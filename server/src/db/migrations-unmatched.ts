import type { Kysely, Migration } from 'kysely';

/**
 * Issue 23: an unmatched payment is resolved once, by a person. Its status moves from UNMATCHED to
 * ATTACHED (credited to a member: `member_id` and `journal_id` then name them) or REFUNDED (sent back
 * outside the ledger); who did it, when, why and the bank's reference of a refund stay on the row.
 */
export function unmatchedPaymentMigrations(): Record<string, Migration> {
  return {
    '0028_unmatched_payments': {
      async up(db: Kysely<unknown>) {
        for (const [name, type] of [
          ['resolved_at', 'bigint'],
          ['resolved_by', 'text'],
          ['resolved_reason', 'text'],
          ['resolved_reference', 'text'],
        ] as const)
          await db.schema.alterTable('qr_payments').addColumn(name, type).execute();
      },
    },
  };
}
