import { createHash } from 'node:crypto';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import type pg from 'pg';
import type { Config } from '../config.js';
import { embeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { isConnectionLost } from './faults.js';
import { migrationProvider } from './migrations.js';
import { grantServerRole, grantsMissing } from './roles.js';
import type { DB } from './schema.js';

/** The one database the wallet runs on (docs/money-core.md: Postgres everywhere). */
export interface Database {
  db: Kysely<DB>;
  /** Human-readable location for logs: the Postgres host/db (no password), or the embedded server's cluster. */
  where: string;
  /** The embedded server of DATA_DIR when no DATABASE_URL is given (db/embedded-postgres.ts); absent otherwise. */
  embedded?: EmbeddedPostgres;
  /**
   * The role that owns the tables, when the pool's role is another that owns nothing (db/roles.ts): the
   * embedded server's owner, or DATABASE_OWNER_URL. The migrations run as it; absent: the pool's role.
   */
  ownerUrl?: string;
  /** Where it is, so another pool (the socket.io adapter's) reaches the same tables. */
  postgres: {
    url: string;
    schema: string | undefined;
    onConnectionError: ConnectionErrorLog;
    pool: pg.Pool;
    /** The pg module, loaded with the first database of the process. */
    pg: typeof pg;
  };
  close(): Promise<void>;
}

let pgModule: Promise<typeof pg> | undefined;
/** The pg module, loaded with the first database of the process. */
function loadPg(): Promise<typeof pg> {
  pgModule ??= import('pg').then(({ default: pg }) => {
    // int8 columns hold epoch milliseconds, well inside Number's exact range.
    pg.types.setTypeParser(20, (v) => Number(v));
    return pg;
  });
  return pgModule;
}

interface OpenOptions {
  /** Put every table in this schema (tests use a fresh one each). */
  schema?: string;
  /** Where a connection's error goes (it never crashes the process); the console by default. */
  onConnectionError?: ConnectionErrorLog;
  /** Where the embedded server says what it did (made its cluster, started); nowhere by default. */
  log?: (line: string) => void;
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
 * new text for it (a new name). Only the wallet pool keeps plans.
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

/**
 * A client whose query failed because its connection is gone (a backend terminated, a server restarted)
 * leaves the pool when it is released. The query's error comes before the socket's end, and Kysely gives
 * the client back without saying why: the pool kept it as idle, and the next request took a dead client
 * and failed too (a request after the fault, not one in flight: seen under load in db-faults.test.ts).
 */
function dropLostClients(pool: pg.Pool): void {
  const lost = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      // a handler of its own, before the caller's: the mark is set before the caller gives the client back
      if (result instanceof Promise)
        result.then(undefined, (err: unknown) => {
          if (isConnectionLost(err)) lost.add(client);
        });
      return result;
    };
  });
  // pg-pool drops a client released while not queryable (the field its own release reads)
  pool.on('release', (_err, client) => {
    if (lost.has(client)) (client as unknown as { _queryable: boolean })._queryable = false;
  });
}

/**
 * Opens the database: DATABASE_URL's Postgres, or else the embedded Postgres server of DATA_DIR
 * (db/embedded-postgres.ts), started (its cluster made on the first start) or found running. `close`
 * ends the pool and stops an embedded server this process started once nobody else uses it.
 */
export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'databasePoolMax' | 'databaseOwnerUrl'>>,
  options: OpenOptions = {},
): Promise<Database> {
  const embedded = config.databaseUrl ? undefined : await embeddedPostgres(config.dataDir, options.log);
  const databaseUrl = config.databaseUrl ?? embedded!.serverUrl;
  const ownerUrl = config.databaseUrl ? config.databaseOwnerUrl : embedded!.url;
  const pg = await loadPg();
  const pool = new pg.Pool({ ...poolOptions(databaseUrl, options.schema, 'wallet'), max: config.databasePoolMax ?? 10 });
  keepPoolAlive(pool, 'wallet', options.onConnectionError ?? logToConsole);
  pool.on('connect', keepPlanned);
  dropLostClients(pool);
  if (options.schema) {
    // by the owner, when there is one: a schema's owner may drop any table in it
    const client = new pg.Client({ connectionString: ownerUrl ?? databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    await client.connect();
    try {
      await client.query(`create schema if not exists "${options.schema}"`);
    } finally {
      await client.end();
    }
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const where = embedded ? `embedded postgres ${embedded.cluster}` : `postgres ${hostOf(databaseUrl)}`;
  return {
    db,
    where: `${where}${options.schema ? ` schema ${options.schema}` : ''}`,
    embedded,
    ...(ownerUrl ? { ownerUrl } : {}),
    postgres: { url: databaseUrl, schema: options.schema, onConnectionError: options.onConnectionError ?? logToConsole, pool, pg },
    close: async () => {
      await db.destroy();
      await embedded?.stop();
    },
  };
}

/** host/database of a URL, for the log: never its password. */
function hostOf(url: string): string {
  const parsed = new URL(url);
  return `${decodeURIComponent(parsed.host)}${parsed.pathname}`;
}

/** Whether an open database holds a wallet: its schema has our migrations table. */
export async function holdsWallet(database: Database): Promise<boolean> {
  // to_regclass, not information_schema: that hides a table the role has no rights on yet (the server's
  // role of a wallet made before it had one, until a server start grants them)
  const found = await sql<{ here: boolean }>`select to_regclass('kysely_migration') is not null as here`.execute(database.db);
  return found.rows[0]?.here === true;
}

/**
 * Start-up work that instances starting together on one Postgres must do one at a time (the seed: two
 * at once both found no demo member and one crashed on members_phone_key). A session advisory lock per
 * schema.
 */
export async function oneAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
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

/**
 * What Kysely's migrator asks of introspection (does its table exist, does its schema), answered from one
 * schema's catalogue. Kysely's own Postgres introspector reads every column of every table of every
 * schema the role may use, with a serial-sequence lookup per column, for each question: on a Postgres
 * holding many schemas (the server tests' 4 workers, another application's) that was 250 ms of the
 * database's CPU a question, 130 s of a test run's (pg_stat_statements), and it read other schemas while
 * they were being dropped or migrated.
 */
class OneSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  /** The tables and views of this schema, with their columns. */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      kind: string;
      column: string;
      type: string;
      type_schema: string;
      not_null: boolean;
      has_default: boolean;
      serial: boolean;
      comment: string | null;
    }>`
      select c.relname as "table", c.relkind as kind, a.attname as "column", t.typname as type,
        tn.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
        pg_get_serial_sequence(quote_ident(${this.schema}) || '.' || quote_ident(c.relname), a.attname) is not null as serial,
        col_description(a.attrelid, a.attnum) as comment
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type t on t.oid = a.atttypid
      join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const r of rows) {
      const table = tables.get(r.table) ?? { name: r.table, schema: this.schema, isView: r.kind === 'v', columns: [] };
      tables.set(r.table, table);
      (table.columns as TableMetadata['columns'][number][]).push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.type_schema,
        isNullable: !r.not_null,
        isAutoIncrementing: r.serial,
        hasDefaultValue: r.has_default,
        comment: r.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** Postgres through `pool`, its introspection of `schema` only (OneSchemaIntrospector): the migrator's. */
class OneSchemaDialect extends PostgresDialect {
  constructor(
    pool: pg.Pool,
    private readonly schema: string,
  ) {
    super({ pool });
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OneSchemaIntrospector(db as Kysely<DB>, this.schema);
  }
}

/**
 * The migrator of this code's migrations, in the database's own schema: Kysely looks for its own tables
 * in every schema unless told which one, so another schema's kysely_migration (a test run beside this
 * one, a crashed run's leftovers) would read as ours. Over the database's own pool (not ended here).
 */
async function migratorOf(database: Database): Promise<Migrator> {
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!.schema;
  return new Migrator({
    db: new Kysely<DB>({ dialect: new OneSchemaDialect(database.postgres.pool, schema) }),
    provider: migrationProvider(),
    migrationTableSchema: schema,
  });
}

/**
 * The migrator's first look at its tables happens before it takes its lock, so it can race another
 * instance of this schema migrating at the same moment: "column … of relation … does not exist" (42703)
 * or "relation … does not exist" (42P01) while that one alters or drops its tables, "schema … does not
 * exist" (3F000) if the schema goes. (Kysely's own scan read every schema, and raced every other schema's
 * migrations and drops too: seen in CI before the scan was narrowed to ours.) Such an error comes with no
 * migration results (a migration's own failure comes with them): nothing of ours ran, so the migrator is
 * asked again.
 */
const SCAN_RACES = new Set(['3F000', '42703', '42P01']);
const isScanRace = (err: unknown, results: unknown, ours: string | undefined) =>
  results === undefined &&
  SCAN_RACES.has(String((err as { code?: string }).code)) &&
  !(ours && String((err as Error).message).includes(`"${ours}"`));

/**
 * Brings the database to this code's migrations (or only up to `upTo`); answers the names applied now.
 * With an owner (Database.ownerUrl) they run as the owner, which then grants the pool's role what the
 * server needs (db/roles.ts).
 */
export async function migrate(database: Database, upTo?: string): Promise<string[]> {
  return asOwner(database, async (owner) => {
    const applied = await migrateOn(owner, upTo);
    if (owner !== database) {
      const serverRole = (await sql<{ role: string }>`select current_user as role`.execute(database.db)).rows[0]!.role;
      const ownerRole = (await sql<{ role: string }>`select current_user as role`.execute(owner.db)).rows[0]!.role;
      // granted again only when there is something to grant: new tables, or rights changed by hand
      if (serverRole !== ownerRole && (applied.length > 0 || (await grantsMissing(owner.db, serverRole))))
        await grantServerRole(owner.db, serverRole);
    }
    return applied;
  });
}

/**
 * `work` on the same database as its owner (Database.ownerUrl), over a pool of one connection made for
 * it and ended after it; on `database` itself when the pool's role is the owner. For what only the owner
 * may: the migrations, an import that sets the id sequences.
 */
export async function asOwner<T>(database: Database, work: (owner: Database) => Promise<T>): Promise<T> {
  if (!database.ownerUrl) return work(database);
  const { pg: pgm, schema, onConnectionError } = database.postgres;
  const pool = new pgm.Pool({ ...poolOptions(database.ownerUrl, schema, 'wallet owner'), max: 1 });
  keepPoolAlive(pool, 'wallet owner', onConnectionError);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    return await work({ ...database, db, postgres: { ...database.postgres, url: database.ownerUrl, pool } });
  } finally {
    await db.destroy();
  }
}

/** The migrations on `database` (the owner's, of the same schema), asked again after a scan race. */
async function migrateOn(database: Database, upTo?: string): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const migrator = await migratorOf(database);
    const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
    if (error && attempt < 5 && isScanRace(error, results, database.postgres.schema)) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}
