import { sql, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';
import { chatMigrations } from './migrations-chat.js';
import { coinWagerMigrations } from './migrations-coin-wager.js';
import { bonusMigrations } from './migrations-bonuses.js';
import { depositMigrations } from './migrations-deposits.js';
import { intentMigrations } from './migrations-intents.js';
import { passwordResetMigrations } from './migrations-password-reset.js';
import { laoMoneyMigrations } from './migrations-lao-money.js';
import { inviteMigrations } from './migrations-invite.js';
import { rateLimitMigrations } from './migrations-rate-limits.js';
import { retentionMigrations } from './migrations-retention.js';
import { securityMigrations } from './migrations-security.js';
import { slipMigrations } from './migrations-slips.js';
import { slipReviewMigrations } from './migrations-slip-review.js';
import { spinMigrations } from './migrations-spin.js';
import { staffMigrations } from './migrations-staff.js';
import { adjustmentMigrations } from './migrations-adjustments.js';
import { staffGuardMigrations } from './migrations-staff-guards.js';
import { uploadMigrations } from './migrations-uploads.js';
import { memberToolMigrations } from './migrations-member-tools.js';
import { inboxMigrations } from './migrations-inbox.js';
import { transferFunctionMigrations } from './migrations-transfer-functions.js';
import { unmatchedPaymentMigrations } from './migrations-unmatched.js';

/** Migrations are code so one list serves SQLite and Postgres; ids sort in the order they run. */
function migrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);

  return {
    '0001_foundation': {
      async up(db) {
        await idColumn(db, 'members')
          .addColumn('phone', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
          .addColumn('coin', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('bank_code', 'text', (c) => c.notNull())
          .addColumn('bank_account_name', 'text', (c) => c.notNull())
          .addColumn('bank_account_no', 'text', (c) => c.notNull())
          .addColumn('source_code', 'text')
          .addColumn('inviter_id', 'integer', (c) => c.references('members.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('members_bank_account_unique', ['bank_code', 'bank_account_no'])
          .addCheckConstraint('members_status_check', sql`status in ('active', 'disabled')`)
          .addCheckConstraint('members_coin_check', sql`coin >= 0`)
          .execute();

        await idColumn(db, 'sessions')
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .execute();
        await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

        await db.schema
          .createTable('otps')
          .addColumn('token', 'text', (c) => c.primaryKey())
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('ref', 'text', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('verified_at', 'bigint')
          .addColumn('consumed_at', 'bigint')
          .execute();
        await db.schema.createIndex('otps_phone_idx').on('otps').columns(['phone', 'created_at']).execute();

        await db.schema
          .createTable('settings')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('banks')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('name_th', 'text', (c) => c.notNull())
          .addColumn('name_en', 'text', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('sources')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull())
          .execute();
      },
    },
    '0002_ledger': {
      async up(db) {
        await idColumn(db, 'ledger_accounts')
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('member_id', 'integer', (c) => c.references('members.id'))
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
          // the last guard of "no balance below zero", behind the conditional updates
          .addCheckConstraint('ledger_accounts_balance_check', sql`allow_negative = 1 or balance >= 0`)
          .execute();
        await db.schema.createIndex('ledger_accounts_member_idx').on('ledger_accounts').column('member_id').execute();

        await idColumn(db, 'journal')
          .addColumn('member_id', 'integer', (c) => c.references('members.id'))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('from_label', 'text', (c) => c.notNull())
          .addColumn('to_label', 'text', (c) => c.notNull())
          .addColumn('visible', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addCheckConstraint('journal_amount_check', sql`amount > 0`)
          .execute();
        await db.schema.createIndex('journal_member_idx').on('journal').columns(['member_id', 'visible', 'id']).execute();

        await idColumn(db, 'postings')
          .addColumn('journal_id', 'integer', (c) => c.notNull().references('journal.id'))
          .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('postings_account_idx').on('postings').column('account_id').execute();
        await db.schema.createIndex('postings_journal_idx').on('postings').column('journal_id').execute();

        await db.schema
          .createTable('idempotency_keys')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('status_code', 'integer', (c) => c.notNull())
          .addColumn('response', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('idempotency_keys_pk', ['member_id', 'key'])
          .execute();

        await idColumn(db, 'withdrawals')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('journal_id', 'integer', (c) => c.notNull().references('journal.id'))
          .addColumn('payout_ref', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('settled_at', 'bigint')
          .execute();
        // one pending withdrawal per member, held by the database even when two requests race
        await db.schema
          .createIndex('withdrawals_one_pending')
          .on('withdrawals')
          .column('member_id')
          .unique()
          .where(sql.ref('status'), '=', 'PENDING')
          .execute();
      },
    },
    '0003_games': {
      async up(db) {
        await idColumn(db, 'game_accounts')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('password', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('game_accounts_member_provider', ['member_id', 'provider'])
          .execute();
        await idColumn(db, 'transfer_intents')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('direction', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('journal_id', 'integer', (c) => c.notNull().references('journal.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('resolved_at', 'bigint')
          .execute();
        await db.schema.createIndex('transfer_intents_open').on('transfer_intents').column('status').execute();
        await db.schema
          .createTable('sandbox_game_accounts')
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('password', 'text', (c) => c.notNull())
          .addColumn('balance', 'bigint', (c) => c.notNull())
          .addColumn('turnover', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('sandbox_game_accounts_pk', ['provider', 'username'])
          .addCheckConstraint('sandbox_balance_check', sql`balance >= 0`)
          .execute();
        await db.schema
          .createTable('sandbox_game_refs')
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('ref', 'text', (c) => c.notNull())
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('sandbox_game_refs_pk', ['provider', 'ref'])
          .execute();
      },
    },
    ...securityMigrations(),
    '0006_lookup_languages': {
      // operator names in the member's language: Thai stays the fallback
      async up(db) {
        await db.schema.alterTable('banks').addColumn('name_la', 'text').execute();
        await db.schema.alterTable('sources').addColumn('description_la', 'text').execute();
        await db.schema.alterTable('sources').addColumn('description_en', 'text').execute();
      },
    },
    ...intentMigrations(),
    ...slipMigrations(dialect),
    ...depositMigrations(dialect),
    ...bonusMigrations(dialect),
    ...inviteMigrations(dialect),
    ...spinMigrations(dialect),
    ...chatMigrations(dialect),
    ...slipReviewMigrations(),
    ...rateLimitMigrations(),
    ...uploadMigrations(dialect),
    ...coinWagerMigrations(dialect),
    ...retentionMigrations(),
    ...passwordResetMigrations(),
    ...laoMoneyMigrations(),
    ...staffMigrations(dialect),
    ...staffGuardMigrations(dialect),
    ...adjustmentMigrations(dialect),
    ...unmatchedPaymentMigrations(),
    ...memberToolMigrations(dialect),
    ...inboxMigrations(dialect),
    ...transferFunctionMigrations(dialect),
  };
}

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: () => Promise.resolve(migrations(dialect)) };
}
