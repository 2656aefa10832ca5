import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrationProvider } from './migrations.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Human-readable location for logs: the file path or the Postgres host/db (no password). */
  where: string;
  /** Postgres: the schema the tables live in, when one was asked for (tests). */
  schema?: string;
  close(): Promise<void>;
}

// int8 columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  /** Postgres only: put every table in this schema (tests use a fresh one each). */
  schema?: string;
  /** SQLite only: ':memory:' or a file; defaults to <dataDir>/wallet.db. */
  sqliteFile?: string;
}

export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`create schema if not exists "${options.schema}"`);
      } finally {
        client.release();
      }
    }
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      where: `postgres ${url.host}${url.pathname}${options.schema ? ` schema ${options.schema}` : ''}`,
      ...(options.schema ? { schema: options.schema } : {}),
      close: () => db.destroy(),
    };
  }
  const file = options.sqliteFile ?? path.join(config.dataDir, 'wallet.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', where: file, close: () => db.destroy() };
}

export async function migrate(database: Database): Promise<string[]> {
  // the migrator looks for its tables by name in every schema: without its own schema named, a test
  // database migrating beside another (vitest runs files at once) can take the other's lock table for its own
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
