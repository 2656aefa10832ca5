import { sql, type Kysely, type Migration } from 'kysely';

/** Migrations of the security issue, one per concern; merged after the foundation's in migrations.ts. */
export function securityMigrations(): Record<string, Migration> {
  return {
    // a withdrawal is paid to the account it was requested to, not to whatever the profile says at payout time
    '0004_withdrawal_destination': {
      async up(db: Kysely<unknown>) {
        for (const column of ['bank_code', 'bank_account_no', 'bank_account_name']) {
          await db.schema.alterTable('withdrawals').addColumn(column, 'text').execute();
          await sql`update withdrawals set ${sql.ref(column)} = (select ${sql.ref(`members.${column}`)} from members where members.id = withdrawals.member_id)`.execute(
            db,
          );
        }
      },
    },
    // devices a member has signed in on: they still get through while strangers' guesses block the phone
    '0005_trusted_devices': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('trusted_devices')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('device_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_used_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('trusted_devices_pk', ['member_id', 'device_hash'])
          .execute();
      },
    },
  };
}
