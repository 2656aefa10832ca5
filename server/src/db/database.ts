import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config.js';
import { migrationProvider } from './migrations.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Human-readable location for logs: the file path or the Postgres host/db (no password). */
  where: string;
  /** Postgres only: where it is, so another pool (the socket.io adapter's) reaches the same tables. */
  postgres?: {
    url: string;
    schema: string | undefined;
    onConnectionError: ConnectionErrorLog;
    pool: pg.Pool;
    /** The pg module, loaded only for Postgres (a SQLite start or operator command does not pay for it). */
    pg: typeof pg;
  };
  close(): Promise<void>;
}

let pgModule: Promise<typeof pg> | undefined;
/** The pg module, loaded at the first Postgres database of the process. */
function loadPg(): Promise<typeof pg> {
  pgModule ??= import('pg').then(({ default: pg }) => {
    // int8 columns hold epoch milliseconds, well inside Number's exact range.
    pg.types.setTypeParser(20, (v) => Number(v));
    return pg;
  });
  return pgModule;
}

interface OpenOptions {
  /** Postgres only: put every table in this schema (tests use a fresh one each). */
  schema?: string;
  /** Postgres only: where a connection's error goes (it never crashes the process); the console by default. */
  onConnectionError?: ConnectionErrorLog;
  /** SQLite only: ':memory:' or a file; defaults to <dataDir>/wallet.db. */
  sqliteFile?: string;
}

type ConnectionErrorLog = (err: Error, pool: string) => void;

const logToConsole: ConnectionErrorLog = (err, pool) => console.error(`database connection lost (${pool}): ${err.message}`);

/** How long a request waits for a free connection (or a new one) before it answers 503. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The pg.Pool options every pool of ours shares. `application_name` names our connections in
 * pg_stat_activity ('wallet', 'wallet chat'; with the test schema beside it), unless DATABASE_URL
 * names them itself.
 */
export function poolOptions(url: string, schema: string | undefined, role: string): pg.PoolConfig {
  const named = new URL(url).searchParams.has('application_name');
  return {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(named ? {} : { application_name: [role, schema].filter(Boolean).join(' ').slice(0, 63) }),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
}

/**
 * A connection Postgres drops (a restart, pg_terminate_backend, a network cut) emits 'error': on the
 * pool while it idles, on the client while it is checked out (a query's own error aside). With no
 * listener Node turns that into an uncaught exception and the process dies, with every request it was
 * serving. Here both are logged: the pool discards the dead client and connects anew on the next
 * query, and the request that was using it fails with a connection error (503, app.ts).
 */
export function keepPoolAlive(pool: pg.Pool, name: string, log: ConnectionErrorLog): void {
  pool.on('error', (err) => log(err, name));
  pool.on('connect', (client) => {
    client.on('error', (err) => log(err, name));
  });
}

/**
 * Ends a hot read (`.modifyEnd(PLANNED)`) that Postgres keeps planned on each connection, as a named
 * prepared statement: planning a query looks up the size of every table and index it may use, which
 * costs more than running an indexed read. Only for a few fixed texts with named columns: a kept plan's
 * columns cannot change under it, so a `select *` would fail once a migration adds a column under a
 * running instance, and a migration that changes the type of a column one of them reads must come with a
 * new text for it (a new name). SQLite ignores the comment. Only the wallet pool keeps plans.
 */
export const PLANNED = sql.raw(' /* planned */');
const PLANNED_TEXT = ' /* planned */';

/** A planned text's statement name, hashed once per text (the texts are few and fixed). */
const plannedNames = new Map<string, string>();
const plannedName = (text: string) => {
  let name = plannedNames.get(text);
  if (!name) plannedNames.set(text, (name = `planned_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return name;
};

function keepPlanned(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text !== 'string' || !text.endsWith(PLANNED_TEXT) || (values !== undefined && !Array.isArray(values))) return query(...args);
    return query({ name: plannedName(text), text, values }, ...args.slice(2));
  };
}

/** Where the SQLite database of DATA_DIR is (opening it creates it: look before opening). */
export const sqliteFileOf = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'wallet.db');

export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'databasePoolMax'>>,
  options: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    const pg = await loadPg();
    const pool = new pg.Pool({ ...poolOptions(config.databaseUrl, options.schema, 'wallet'), max: config.databasePoolMax ?? 10 });
    keepPoolAlive(pool, 'wallet', options.onConnectionError ?? logToConsole);
    pool.on('connect', keepPlanned);
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
      postgres: { url: config.databaseUrl, schema: options.schema, onConnectionError: options.onConnectionError ?? logToConsole, pool, pg },
      close: () => db.destroy(),
    };
  }
  const file = options.sqliteFile ?? sqliteFileOf(config);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite) }) });
  return { db, dialect: 'sqlite', where: file, close: () => db.destroy() };
}

/** Statements kept prepared at most (the server's queries are a few hundred shapes; values are bound apart). */
const STATEMENTS_KEPT = 2_000;

/**
 * The SQLite file as Kysely uses it, its statements prepared once per SQL text and kept: Kysely prepares
 * every query anew (about a tenth of a transfer's time under load); SQLite prepares a kept statement again
 * by itself after a schema change. Each statement runs to its end before the next starts (one connection).
 */
function preparedOnce(sqlite: SqliteDatabase.Database) {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(text: string) {
      let statement = kept.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (kept.size >= STATEMENTS_KEPT) kept.clear();
        kept.set(text, statement);
      }
      return statement;
    },
    close() {
      kept.clear();
      sqlite.close();
    },
  };
}

/**
 * Start-up work that instances starting together on one Postgres must do one at a time (the seed: two
 * at once both found no demo member and one crashed on members_phone_key). A session advisory lock per
 * schema; SQLite is one process's file.
 */
export async function oneAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (conn) => {
    const key = sql`hashtext('wallet-start:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/** The migrator of this code's migrations, in the database's own schema. */
async function migratorOf(database: Database): Promise<Migrator> {
  // Postgres: Kysely looks for its own tables in every schema unless told which one, so another
  // schema's kysely_migration (a test run beside this one, a crashed run's leftovers) read as ours
  const schema =
    database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema
      : undefined;
  return new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * Kysely's migrator looks for its tables through a scan of every schema's catalogue (tables, columns,
 * has_schema_privilege on each) before it runs any migration. The scan fails when another schema changes
 * under it: "schema … does not exist" (3F000) when one is dropped, "column … of relation … does not exist"
 * (42703) or "relation … does not exist" (42P01) when another migrator alters or drops its tables; on a
 * shared Postgres, another application's, or a test run's beside this one (both seen in CI). Such an error
 * comes with no migration results (a migration's own failure comes with them): nothing of ours ran, so
 * the migrator is asked again.
 */
const SCAN_RACES = new Set(['3F000', '42703', '42P01']);
const isScanRace = (err: unknown, results: unknown, ours: string | undefined) =>
  results === undefined &&
  SCAN_RACES.has(String((err as { code?: string }).code)) &&
  !(ours && String((err as Error).message).includes(`"${ours}"`));

export async function migrate(database: Database): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await (await migratorOf(database)).migrateToLatest();
    if (error && attempt < 5 && database.dialect === 'postgres' && isScanRace(error, results, database.postgres?.schema)) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}
