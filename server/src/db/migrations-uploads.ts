import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * Upload budgets (issue 19): one row per stored upload (a slip, a chat file) with its bytes, who sent it
 * (a member, or a guest's address) and when. The budgets per hour are sums over these rows, so every
 * server instance on one database counts the same; rows older than the longest window are swept.
 */
export function uploadMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0018_upload_budget': {
      async up(db: Kysely<unknown>) {
        await tableWithId(dialect)(db, 'upload_usage')
          .addColumn('member_id', 'integer', (c) => c.references('members.id'))
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('bucket', 'text', (c) => c.notNull())
          .addColumn('size', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('upload_usage_member_idx').on('upload_usage').columns(['member_id', 'created_at']).execute();
        await db.schema.createIndex('upload_usage_address_idx').on('upload_usage').columns(['address', 'created_at']).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('upload_usage').execute();
      },
    },
  };
}
