import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * Payment QR codes, gateway payments, gift-link redemptions and manual deposit requests (issue 8),
 * plus the sandbox gateway's and voucher service's own books. Merged after the others in migrations.ts.
 * Every "at most once" here is a unique constraint, so it holds under races on SQLite and Postgres alike.
 */
export function depositMigrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);
  return {
    '0009_deposits': {
      async up(db: Kysely<unknown>) {
        // a payment QR code; status CREATING is the outside-call intent while the gateway is asked
        await idColumn(db, 'qrcodes')
          .addColumn('ref', 'text', (c) => c.notNull().unique())
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('payload', 'text')
          .addColumn('idempotency_key', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('closed_at', 'bigint')
          .addCheckConstraint('qrcodes_amount_check', sql`amount > 0`)
          .execute();
        await db.schema.createIndex('qrcodes_member_idx').on('qrcodes').columns(['member_id', 'status']).execute();
        // one open code per member, whatever the provider, even when two creations race
        await db.schema
          .createIndex('qrcodes_one_open')
          .on('qrcodes')
          .column('member_id')
          .unique()
          .where(sql.ref('status'), '=', 'OPEN')
          .execute();

        // every payment the gateway reported, matched or not: the gateway's transaction id is credited at most once
        await idColumn(db, 'qr_payments')
          .addColumn('gateway_txn_id', 'text', (c) => c.notNull().unique())
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('ref', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('qrcode_id', 'integer', (c) => c.references('qrcodes.id'))
          .addColumn('member_id', 'integer', (c) => c.references('members.id'))
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('reason', 'text')
          .addColumn('journal_id', 'integer', (c) => c.references('journal.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        // a gift-link redemption is an outside-call intent; a voucher is taken by at most one live redemption
        await idColumn(db, 'truelink_redemptions')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('voucher', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('journal_id', 'integer', (c) => c.references('journal.id'))
          .addColumn('idempotency_key', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('resolved_at', 'bigint')
          .execute();
        await db.schema
          .createIndex('truelink_one_voucher')
          .on('truelink_redemptions')
          .column('voucher')
          .unique()
          .where(sql.ref('status'), '!=', 'FAILED')
          .execute();
        await db.schema.createIndex('truelink_open').on('truelink_redemptions').column('status').execute();

        await idColumn(db, 'deposit_requests')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('journal_id', 'integer', (c) => c.notNull().references('journal.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('settled_at', 'bigint')
          .execute();
        await db.schema
          .createIndex('deposit_requests_one_pending')
          .on('deposit_requests')
          .column('member_id')
          .unique()
          .where(sql.ref('status'), '=', 'PENDING')
          .execute();

        // the sandbox gateway and voucher service are "other companies": their own tables
        await db.schema
          .createTable('sandbox_gateway_codes')
          .addColumn('ref', 'text', (c) => c.primaryKey())
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('sandbox_vouchers')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('redeemed_ref', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
  };
}
