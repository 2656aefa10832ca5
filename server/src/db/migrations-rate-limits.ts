import type { Kysely, Migration } from 'kysely';

/** Limit counters in the database, so that every server instance counts against the same limit (issue 19). */
export function rateLimitMigrations(): Record<string, Migration> {
  return {
    '0017_rate_limits': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('rate_limits')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('reset_at', 'bigint', (c) => c.notNull())
          .execute();
        // ended windows are deleted now and then (db/rate-limit-counters.ts)
        await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
      },
    },
  };
}
