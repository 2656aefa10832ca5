import type { Kysely, Migration } from 'kysely';

/** Migrations of money moved with outside systems (issue 8); merged after the others in migrations.ts. */
export function intentMigrations(): Record<string, Migration> {
  return {
    // the Idempotency-Key lives with its intent, so whoever finishes the intent (the request, start-up
    // or the sweep) records the key's answer too; a replay no longer answers TRANSFER_PENDING forever
    '0007_intent_idempotency_key': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('transfer_intents').addColumn('idempotency_key', 'text').execute();
      },
    },
  };
}
