import type { Kysely } from 'kysely';
import type { Dialect } from './database.js';

/** A new table with an auto-increment integer id, as each dialect spells it (migrations). */
export const tableWithId = (dialect: Dialect) => (db: Kysely<unknown>, table: string) =>
  db.schema
    .createTable(table)
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
