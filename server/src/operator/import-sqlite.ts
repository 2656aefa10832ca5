import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { asOwner, holdsWallet, migrate, openDatabase, type Database } from '../db/database.js';
import { migrationNames } from '../db/migrations.js';
import { inSnapshot, withTransaction, type Tx } from '../db/transaction.js';
import { checkLedger } from '../ledger/invariants.js';
import { CLI_SYSTEM, recordAudit } from '../modules/audit/service.js';
import { UsageError, type Print } from './common.js';

/**
 * `import-sqlite <wallet.db> [--uploads <dir>]`: a wallet of a release that ran on SQLite, moved into
 * Postgres (DATABASE_URL's, or the embedded server of DATA_DIR), which must hold no wallet yet. The
 * target is first brought to the migrations the file had, every row is copied in one transaction (parents
 * before children, ids kept, each table's id sequence set past its rows), the slips and chat files of
 * the old `DATA_DIR/uploads` become rows, and then the migrations since run on the copy as on any
 * upgrade. The ledger check must pass on the copy, and each account's balance must equal the file's; the
 * file itself is only read. The trail records the import.
 */

/** Rows copied per statement (well under Postgres' 65,535 parameters for the widest table). */
const BATCH = 500;
/** Kysely's own tables: the target's migrator keeps its own. */
const SKIPPED = new Set(['kysely_migration', 'kysely_migration_lock']);

type SqliteRow = Record<string, unknown>;
/** The file, read only: each query's statement is finalized when its rows have been read (WebAssembly memory is not collected). */
interface SqliteFile {
  all(text: string): SqliteRow[];
  each(text: string): Generator<SqliteRow>;
  close(): void;
}

/**
 * SQLite compiled to WebAssembly (node-sqlite3-wasm), so that installing the wallet compiles nothing: the
 * native better-sqlite3 built SQLite from source at every `npm ci`, two minutes of CPU for a command most
 * installs never run. Its file layer has no shared memory, so the file (in WAL mode, as every SQLite
 * release kept it) is read in exclusive locking mode: the WAL's index is built in the process's own
 * memory, rows still in `wallet.db-wal` are read with the rest, and nothing is written to the file, its
 * WAL or its `-shm`. The lock is a `wallet.db.lock` directory beside the file while the import reads it.
 * Integers beyond 2^53 come as BigInt and blobs as Uint8Array: both are passed on to Postgres as they are.
 */
async function openSqlite(file: string): Promise<SqliteFile> {
  if (!fs.existsSync(file)) throw new UsageError(`${file} does not exist`);
  const { default: sqlite3 } = await import('node-sqlite3-wasm');
  let db: InstanceType<typeof sqlite3.Database> | undefined;
  try {
    db = new sqlite3.Database(file, { readOnly: true });
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.all('select count(*) from sqlite_master');
  } catch (err) {
    if (db?.isOpen) db.close();
    if (fs.existsSync(`${file}.lock`))
      throw new UsageError(
        `${file}.lock exists: another import is reading ${file}, or one was stopped before it ended; remove that directory when none is running`,
      );
    throw new UsageError(`${file} is not a SQLite database that can be read: ${(err as Error).message}`);
  }
  const opened = db;
  return {
    // the library's own all() finalizes its statement
    all: (text) => opened.all(text) as SqliteRow[],
    *each(text) {
      const statement = opened.prepare(text);
      try {
        yield* statement.iterate() as IterableIterator<SqliteRow>;
      } finally {
        statement.finalize();
      }
    },
    close: () => opened.close(),
  };
}

/** The target's tables, each after every table its foreign keys name (a row's parent is copied first). */
async function tablesInOrder(tx: Tx): Promise<string[]> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(tx);
  const edges = await sql<{
    child: string;
    parent: string;
  }>`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(tx);
  const bare = (name: string) => name.replace(/^.*\./, '').replaceAll('"', '');
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of edges.rows) {
    if (bare(child) === bare(parent)) continue; // a row naming a row of its own table (an inviter): same table
    const set = parents.get(bare(child)) ?? new Set<string>();
    set.add(bare(parent));
    parents.set(bare(child), set);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: string[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys in a circle: ${[...path, table].join(' -> ')}`);
    for (const parent of parents.get(table) ?? []) place(parent, [...path, table]);
    placed.add(table);
    ordered.push(table);
  };
  for (const { name } of tables.rows.sort((a, b) => a.name.localeCompare(b.name))) place(name, []);
  return ordered.filter((t) => !SKIPPED.has(t));
}

const columnsOf = async (tx: Tx, table: string) =>
  (
    await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(tx)
  ).rows.map((r) => r.name);

/** A table's rows into the target, in batches; answers how many. Self-referencing rows go in id order (a parent's id is lower). */
async function copyTable(tx: Tx, sqlite: SqliteFile, table: string, columns: string[]): Promise<number> {
  const order = columns.includes('id') ? 'order by id' : '';
  const list = columns.map((c) => `"${c}"`).join(', ');
  let batch: SqliteRow[] = [];
  let copied = 0;
  const flush = async () => {
    if (!batch.length) return;
    const rows = batch.map((row) => sql`(${sql.join(columns.map((c) => sql`${row[c] ?? null}`))})`);
    await sql`insert into ${sql.table(table)} (${sql.raw(list)}) values ${sql.join(rows)}`.execute(tx);
    copied += batch.length;
    batch = [];
  };
  for (const row of sqlite.each(`select ${list} from "${table}" ${order}`)) {
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return copied;
}

/** Each serial id's sequence set past the rows copied with their ids, so the next row gets a new one. */
async function advanceSequences(tx: Tx): Promise<void> {
  const serials = await sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(tx);
  for (const { table_name, column_name } of serials.rows)
    await sql`select setval(pg_get_serial_sequence(${`"${table_name}"`}, ${column_name}),
        coalesce((select max(${sql.ref(column_name)}) from ${sql.table(table_name)}), 1),
        (select max(${sql.ref(column_name)}) from ${sql.table(table_name)}) is not null)`.execute(tx);
}

/** The old DATA_DIR/uploads/<bucket>/<name> files (their type beside each in <name>.type) as stored_files rows. */
async function copyUploads(tx: Tx, dir: string): Promise<number> {
  let copied = 0;
  for (const bucket of fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const folder = path.join(dir, bucket.name);
    for (const name of fs.readdirSync(folder)) {
      if (name.startsWith('.') || name.endsWith('.type')) continue; // half-written (.name.tmp) or a type file
      const typeFile = path.join(folder, `${name}.type`);
      if (!fs.existsSync(typeFile)) continue;
      const file = path.join(folder, name);
      await tx
        .insertInto('stored_files')
        .values({
          bucket: bucket.name,
          name,
          content_type: fs.readFileSync(typeFile, 'utf8').trim(),
          bytes: fs.readFileSync(file),
          created_at: Math.round(fs.statSync(file).mtimeMs),
        })
        .onConflict((oc) => oc.columns(['bucket', 'name']).doNothing())
        .execute();
      copied += 1;
    }
  }
  return copied;
}

/** Whether the target may take the import: no members and no journal entries, and no migration the file lacks. */
async function targetEmpty(database: Database, fileMigrations: string[]): Promise<boolean> {
  if (!(await holdsWallet(database))) return true;
  const applied = (await sql<{ name: string }>`select name from kysely_migration`.execute(database.db)).rows.map((r) => r.name);
  if (applied.some((name) => !fileMigrations.includes(name))) return false;
  const held = await sql<{ n: number }>`select (select count(*) from members) + (select count(*) from journal) as n`.execute(database.db);
  return Number(held.rows[0]?.n ?? 0) === 0;
}

export async function importSqlite(config: Config, file: string, uploads: string | undefined, print: Print): Promise<void> {
  const sqlite = await openSqlite(path.resolve(file));
  try {
    const fileMigrations = sqlite.all('select name from kysely_migration order by name').map((r) => String(r.name));
    const known = migrationNames();
    const last = fileMigrations.at(-1);
    if (!last || fileMigrations.some((name, i) => known[i] !== name))
      throw new UsageError(
        `${file} is not a wallet of a release this one follows (its migrations: ${fileMigrations.join(', ') || 'none'})`,
      );
    if (uploads && !fs.existsSync(uploads)) throw new UsageError(`${uploads} does not exist`);
    const database = await openDatabase(config);
    try {
      if (!(await targetEmpty(database, fileMigrations)))
        throw new UsageError('the target already holds a wallet: import into a new data directory or database');
      await migrate(database, last);
      // as the owner: the rows keep their ids, and only the owner sets the id sequences past them
      const counts = await asOwner(database, (owner) =>
        withTransaction(owner, async (tx) => {
          const copied: [string, number][] = [];
          const inFile = new Set(sqlite.all("select name from sqlite_master where type = 'table'").map((r) => String(r.name)));
          for (const table of await tablesInOrder(tx)) {
            if (!inFile.has(table)) continue;
            const target = await columnsOf(tx, table);
            const source = new Set(sqlite.all(`select name from pragma_table_info('${table}')`).map((r) => String(r.name)));
            copied.push([
              table,
              await copyTable(
                tx,
                sqlite,
                table,
                target.filter((c) => source.has(c)),
              ),
            ]);
          }
          await advanceSequences(tx);
          if (uploads) copied.push(['stored_files (uploads)', await copyUploads(tx, uploads)]);
          return copied;
        }),
      );
      const applied = await migrate(database);
      const problems = await inSnapshot(database, checkLedger);
      if (problems.length) throw new UsageError(`imported, but the ledger check failed:\n${problems.join('\n')}`);
      const balances = new Map(sqlite.all('select code, balance from ledger_accounts').map((r) => [String(r.code), Number(r.balance)]));
      const moved = await database.db.selectFrom('ledger_accounts').select(['code', 'balance']).execute();
      const differ = moved.filter((a) => balances.has(a.code) && balances.get(a.code) !== Number(a.balance));
      if (differ.length || moved.length < balances.size)
        throw new UsageError(`imported, but ${differ.length || balances.size - moved.length} account(s) differ from the file's`);
      await recordAudit(database.db, CLI_SYSTEM, {
        action: 'import-sqlite',
        target: `file:${path.resolve(file)}`,
        after: { rows: Object.fromEntries(counts), migrations: applied },
        at: Date.now(),
      });
      for (const [table, n] of counts) if (n) print(`  ${table}: ${n}`);
      print(
        `imported ${path.resolve(file)} into ${database.where}${applied.length ? ` (migrations since: ${applied.join(', ')})` : ''}; ` +
          `${balances.size} accounts as in the file; ledger check: every entry balances`,
      );
    } finally {
      await database.close();
    }
  } finally {
    sqlite.close();
  }
}
