import type { Kysely, Migration } from 'kysely';

/**
 * Retention (issue 22): the minute sweep prunes finished idempotency keys and long-idle sessions by age;
 * without these indexes each run would read the whole table.
 */
export function retentionMigrations(): Record<string, Migration> {
  return {
    '0024_retention_indexes': {
      async up(db: Kysely<unknown>) {
        await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
        await db.schema.createIndex('sessions_last_seen_idx').on('sessions').column('last_seen_at').execute();
        await db.schema.createIndex('chat_rooms_quiet_idx').on('chat_rooms').columns(['ended_at', 'last_message_at']).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('idempotency_keys_created_idx').execute();
        await db.schema.dropIndex('sessions_last_seen_idx').execute();
        await db.schema.dropIndex('chat_rooms_quiet_idx').execute();
      },
    },
  };
}
