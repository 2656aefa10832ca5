import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * The staff console (issue 23): staff accounts, their sessions and unfinished sign-ins, the append-only
 * audit trail, and who made a journal entry when a person did (`staff:<username>`, `cli:<username|system>`).
 */
export function staffMigrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);
  return {
    '0025_staff': {
      async up(db: Kysely<unknown>) {
        await idColumn(db, 'staff')
          .addColumn('username', 'text', (c) => c.notNull().unique())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          // the operator's one-time password: the first sign-in must replace it
          .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(1))
          // sealed with the server's key (SecretBox), bound to the row
          .addColumn('totp_secret', 'text')
          .addColumn('totp_enrolled_at', 'bigint')
          // the last accepted 30 s step: a code is good once
          .addColumn('totp_last_step', 'bigint')
          .addColumn('disabled_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addCheckConstraint('staff_role_check', sql`role in ('agent', 'finance', 'admin')`)
          .execute();

        await idColumn(db, 'staff_sessions')
          .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
          // only a hash: a copy of the database opens no session
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('csrf_secret', 'text', (c) => c.notNull())
          .addColumn('ip', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .execute();
        await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();

        await idColumn(db, 'staff_challenges')
          .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('step', 'text', (c) => c.notNull())
          // enrolment: the new TOTP secret (sealed) until its first code confirms it
          .addColumn('pending_secret', 'text')
          .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('ip', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();

        await idColumn(db, 'audit_log')
          .addColumn('at', 'bigint', (c) => c.notNull())
          .addColumn('actor_kind', 'text', (c) => c.notNull())
          .addColumn('actor_username', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('target', 'text', (c) => c.notNull())
          .addColumn('before_json', 'text')
          .addColumn('after_json', 'text')
          .addColumn('reason', 'text')
          .addColumn('ip', 'text')
          .addCheckConstraint('audit_log_actor_check', sql`actor_kind in ('staff', 'cli')`)
          .execute();
        await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_username', 'id']).execute();
        await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
        await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target', 'id']).execute();

        // append-only even against a bug: the database itself refuses to change or remove a row
        if (dialect === 'postgres') {
          await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
            begin raise exception 'audit_log is append-only'; end $$`.execute(db);
          await sql`create trigger audit_log_append_only before update or delete on audit_log
            for each row execute function audit_log_append_only()`.execute(db);
        } else {
          await sql`create trigger audit_log_no_update before update on audit_log
            begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
          await sql`create trigger audit_log_no_delete before delete on audit_log
            begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
        }

        await db.schema.alterTable('journal').addColumn('made_by', 'text').execute();
      },
    },
  };
}
