import type { Kysely, Migration } from 'kysely';

/** A forgotten password (issue 21): its texted codes are kept apart from registration's. */
export function passwordResetMigrations(): Record<string, Migration> {
  return {
    // what a code was sent for: a registration's verified code never resets a password, nor the reverse
    '0023_password_reset': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('otps')
          .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('register'))
          .execute();
      },
    },
  };
}
