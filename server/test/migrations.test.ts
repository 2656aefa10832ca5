import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, type Database } from '../src/db/database.js';
import { migrationNames, MIGRATIONS_DIR } from '../src/db/migrations.js';
import { seed } from '../src/db/seed.js';
import { loadConfig } from '../src/config.js';
import { HOUSE_STRIPES } from '../src/ledger/ledger.js';
import { readAllSettings } from '../src/settings/store.js';
import { scratchDatabase } from './helper.js';

/**
 * A new schema with no migration applied; migrate(database, upTo) brings it as far as a test asks, as the
 * server would (with its retry when another test file's schema changes under Kysely's catalogue scan).
 */
async function unmigrated() {
  const { database, schema, remove: drop } = await scratchDatabase();
  return { database, drop, schema };
}

/**
 * What a schema holds, as text that does not name the schema: every table's columns (type, default, null),
 * constraints, indexes, functions, triggers and sequences. Two schemas built alike describe alike.
 */
async function describeSchema(database: Database, schema: string): Promise<string[]> {
  const rows = await sql<{ line: string }>`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' null=' || is_nullable
           || ' default=' || coalesce(column_default, '') as line
      from information_schema.columns where table_schema = ${schema}
    union all
    select 'constraint ' || c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = ${schema}
    union all
    select 'index ' || indexdef from pg_indexes where schemaname = ${schema}
    union all
    select 'function ' || pg_get_functiondef(p.oid) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = ${schema}
    union all
    select 'trigger ' || pg_get_triggerdef(t.oid) from pg_trigger t join pg_class r on r.oid = t.tgrelid
      join pg_namespace n on n.oid = r.relnamespace where n.nspname = ${schema} and not t.tgisinternal
    union all
    select 'sequence ' || sequence_name || ' ' || data_type from information_schema.sequences where sequence_schema = ${schema}`.execute(
    database.db,
  );
  return rows.rows.map((r) => r.line.replaceAll(`${schema}.`, '').replaceAll(`"${schema}".`, '')).sort();
}

describe('migrations are frozen text', () => {
  it('each released migration is the text it was released with (server/migrations/frozen.sha256)', () => {
    const recorded = fs
      .readFileSync(path.join(MIGRATIONS_DIR, 'frozen.sha256'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/) as [string, string]);
    const now = recorded.map(([, file]) => [
      createHash('sha256')
        .update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)))
        .digest('hex'),
      file,
    ]);
    expect(now).toEqual(recorded);
    // every file is recorded: a new migration is released by adding its line
    expect(migrationNames().map((name) => `${name}.sql`)).toEqual(recorded.map(([, file]) => file));
  });

  it(
    'a database upgraded one release at a time, with data from the first, holds the same schema as a new one',
    // about two seconds a release, and over 120 s in all on a machine at load 12 (CI44): bounded generously
    { timeout: 300_000 },
    async () => {
      const fresh = await unmigrated();
      const upgraded = await unmigrated();
      try {
        await migrate(fresh.database);
        for (const name of migrationNames()) {
          await migrate(upgraded.database, name);
          // an installation of the first releases: a member, money moved, a setting, as the code of 0003 wrote them
          if (name === '0003_games') {
            const db = upgraded.database.db;
            await sql`insert into members (phone, name, password_hash, status, currency, bank_code, bank_account_name, bank_account_no, created_at)
            values ('0811111111', 'A', 'x', 'active', 'BAHT', 'KBANK', 'A', '1111111111', 1)`.execute(db);
            await sql`insert into ledger_accounts (code, kind, member_id, currency, balance, allow_negative)
            values ('wallet:1', 'wallet', 1, 'BAHT', 100, 0), ('house:deposits_clearing:BAHT', 'deposits_clearing', null, 'BAHT', -100, 1)`.execute(
              db,
            );
            await sql`insert into journal (member_id, type, status, amount, from_label, to_label, visible, created_at)
            values (1, 'deposit', 'SUCCESS', 100, 'OPERATOR', 'WALLET', 1, 1)`.execute(db);
            await sql`insert into postings (journal_id, account_id, amount) values (1, 1, 100), (1, 2, -100)`.execute(db);
            await sql`insert into settings (key, value, updated_at) values ('registerOTP', 'true', 1)`.execute(db);
          }
        }
        await seed(upgraded.database, loadConfig({ DATA_DIR: '/nonexistent' }));
        expect(await describeSchema(upgraded.database, upgraded.schema)).toEqual(await describeSchema(fresh.database, fresh.schema));
      } finally {
        await fresh.drop();
        await upgraded.drop();
      }
    },
  );
});

describe('migrating a database with data', () => {
  it('gives every existing withdrawal the bank account its member had (0004)', async () => {
    const { database, drop } = await unmigrated();
    try {
      await migrate(database, '0003_games');
      const now = Date.now();
      const member = (bank: string, no: string, name: string) =>
        database.db
          .insertInto('members')
          .values({
            phone: `08${no.slice(-8)}`,
            name,
            password_hash: 'x',
            status: 'active',
            currency: 'BAHT',
            bank_code: bank,
            bank_account_name: name,
            bank_account_no: no,
            source_code: null,
            inviter_id: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const a = await member('KBANK', '1111111111', 'AAA A');
      const b = await member('SCB', '2222222222', 'BBB B');
      for (const m of [a, b]) {
        const journal = await database.db
          .insertInto('journal')
          .values({
            member_id: m.id,
            type: 'withdraw',
            status: 'PENDING',
            amount: 100,
            from_label: 'WALLET',
            to_label: 'BANK',
            visible: 1,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // written as the code of 0003 wrote it: no destination columns yet
        await sql`insert into withdrawals (member_id, amount, currency, status, journal_id, created_at) values (${m.id}, 100, 'BAHT', 'PENDING', ${journal.id}, ${now})`.execute(
          database.db,
        );
      }
      expect(await migrate(database)).toEqual(expect.arrayContaining(['0004_withdrawal_destination']));
      const rows = await database.db
        .selectFrom('withdrawals')
        .select(['member_id', 'bank_code', 'bank_account_no', 'bank_account_name'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { member_id: a.id, bank_code: 'KBANK', bank_account_no: '1111111111', bank_account_name: 'AAA A' },
        { member_id: b.id, bank_code: 'SCB', bank_account_no: '2222222222', bank_account_name: 'BBB B' },
      ]);
    } finally {
      await drop();
    }
  });

  it('keeps every bonus a member holds when staff may end bonuses (0029), and the rules on them', async () => {
    const { database, drop } = await unmigrated();
    try {
      await migrate(database, '0028_unmatched_payments');
      const now = Date.now();
      const member = await sql<{ id: number }>`insert into members (phone, name, password_hash, status, currency, bank_code,
        bank_account_name, bank_account_no, created_at) values ('0811111111', 'A', 'x', 'active', 'BAHT', 'KBANK', 'A', '1111111111', ${now})
        returning id`.execute(database.db);
      const memberId = member.rows[0]!.id;
      for (const code of ['P1', 'P2', 'P3', 'P4', 'P5'])
        await sql`insert into promotions (code, description, percent_fail, give_fixed, min_deposit, turnover_multiple, active, created_at)
          values (${code}, '""', 0, 100, 0, 1, 1, ${now})`.execute(database.db);
      const entry = async () =>
        (
          await sql<{ id: number }>`insert into journal (member_id, type, status, amount, from_label, to_label, visible, created_at)
            values (${memberId}, 'bonus', 'SUCCESS', 100, 'PROMOTION', 'WALLET', 1, ${now}) returning id`.execute(database.db)
        ).rows[0]!.id;
      const reward = (code: string, journalId: number, active: number, reason: string | null) =>
        sql`insert into member_bonuses (member_id, promotion_code, amount, currency, percent_fail, journal_id, turnover_target,
          turnover_progress, active, received_at, finish_reason) values (${memberId}, ${code}, 100, 'BAHT', 0, ${journalId}, 500, 20,
          ${active}, ${now}, ${reason})`.execute(database.db);
      await reward('P1', await entry(), 0, 'CLEAR');

      expect(await migrate(database)).toContain('0029_member_tools');
      const kept = await database.db
        .selectFrom('member_bonuses')
        .select(['member_id', 'promotion_code', 'amount', 'turnover_progress', 'active', 'finish_reason', 'ended_by'])
        .execute();
      expect(kept.map((r) => ({ ...r, amount: Number(r.amount), turnover_progress: Number(r.turnover_progress) }))).toEqual([
        {
          member_id: memberId,
          promotion_code: 'P1',
          amount: 100,
          turnover_progress: 20,
          active: 0,
          finish_reason: 'CLEAR',
          ended_by: null,
        },
      ]);
      // the new reason is allowed, an unknown one still refused, and one active bonus per member still the rule
      await reward('P2', await entry(), 0, 'STAFF');
      await expect(reward('P3', await entry(), 0, 'LOST')).rejects.toThrow(/check/i);
      await reward('P4', await entry(), 1, null);
      await expect(reward('P5', await entry(), 1, null)).rejects.toThrow(/unique|duplicate/i);
      // a session keeps its device now
      expect(await database.db.selectFrom('sessions').select(['user_agent', 'ip']).execute()).toEqual([]);
    } finally {
      await drop();
    }
  });
  it('keeps money in transit in one account on an installation an older release ran (0033), and stripes a new one', async () => {
    const older = await unmigrated();
    const fresh = await unmigrated();
    try {
      await migrate(older.database, '0032_transfer_functions');
      // as the older release seeded its settings (with no transitStripes)
      await sql`insert into settings (key, value, updated_at) values ('siteActive', 'true', 0)`.execute(older.database.db);
      expect(await migrate(older.database)).toEqual([
        '0033_transit_stripes_after_upgrade',
        '0034_transfer_finish_told_after',
        '0035_transfer_record_with_sync',
        '0036_transfer_finish_unflushed',
        '0037_transfer_mark_remembered',
        '0038_ledger_component',
        '0039_transfer_functions_on_the_ledger',
        '0040_staff_credits',
        '0041_setting_proposals',
        '0042_credit_holds',
        '0043_audit_chain',
        '0044_ledger_contract',
        '0045_go_live_test_codes',
        '0046_member_notices',
        '0047_push_sessions',
        '0048_bank_statements',
        '0050_on_call',
        '0051_console_scale',
        '0052_bonus_changes',
        '0053_slip_deposit_account',
        '0054_push_preference',
        '0055_deposit_request_account',
        '0056_deposit_request_transfer_time',
        '0057_sandbox_account_currency',
        '0058_promotion_approval',
        '0059_withdrawal_member_reason',
        '0060_spin_kip_per_baht',
      ]);
      await seed(older.database, loadConfig({ DATA_DIR: '/nonexistent' }));
      expect((await readAllSettings(older.database.db)).transitStripes).toBe(1);

      expect(await migrate(fresh.database)).toContain('0033_transit_stripes_after_upgrade');
      await seed(fresh.database, loadConfig({ DATA_DIR: '/nonexistent' }));
      expect((await readAllSettings(fresh.database.db)).transitStripes).toBe(HOUSE_STRIPES);
    } finally {
      await older.drop();
      await fresh.drop();
    }
  });
  it('keeps the transfer functions an older instance calls beside the newer ones until 0044, then only the ones this release calls', async () => {
    const { database, drop } = await unmigrated();
    try {
      const transferFunctions = async () => {
        const functions = await sql<{ proname: string; args: string }>`select proname, pg_get_function_identity_arguments(p.oid) as args
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = current_schema() and proname like 'wallet_transfer_%' order by proname`.execute(database.db);
        const told = (args: string) => args.includes('p_channel');
        const syncs = (args: string) => args.includes('p_sync_mark');
        return functions.rows.map((f) => [f.proname, told(f.args), syncs(f.args)]);
      };
      await migrate(database, '0043_audit_chain');
      expect(await transferFunctions()).toEqual([
        ['wallet_transfer_finish_v1', true, false],
        ['wallet_transfer_finish_v2', false, false],
        ['wallet_transfer_finish_v3', false, false],
        ['wallet_transfer_finish_v4', false, false],
        ['wallet_transfer_finish_v5', false, false],
        ['wallet_transfer_record_v1', false, false],
        ['wallet_transfer_record_v2', false, true],
        ['wallet_transfer_record_v3', false, true],
        ['wallet_transfer_record_v4', false, true],
      ]);
      await migrate(database);
      expect(await transferFunctions()).toEqual([
        ['wallet_transfer_finish_v5', false, false],
        ['wallet_transfer_record_v4', false, true],
      ]);
    } finally {
      await drop();
    }
  });
});
