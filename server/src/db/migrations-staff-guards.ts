import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';

/**
 * Guards of the staff console (issue 23's review): the staff's trusted devices, so a stranger's wrong
 * passwords for a username do not lock its owner out, and the audit trail's last two ways around its
 * append-only triggers (SQLite's INSERT OR REPLACE deletes the old row without firing the delete trigger;
 * Postgres' TRUNCATE fires no row trigger).
 */
export function staffGuardMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0026_staff_guards': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('staff_trusted_devices')
          .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
          // only a hash of the staff_device cookie
          .addColumn('device_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_used_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('staff_trusted_devices_pk', ['staff_id', 'device_hash'])
          .execute();

        if (dialect === 'postgres') {
          // audit_log_append_only() (0025) raises for whatever fires it
          await sql`create trigger audit_log_no_truncate before truncate on audit_log
            for each statement execute function audit_log_append_only()`.execute(db);
        } else {
          await sql`create trigger audit_log_no_replace before insert on audit_log
            when exists (select 1 from audit_log where id = new.id)
            begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
        }
      },
    },
  };
}
