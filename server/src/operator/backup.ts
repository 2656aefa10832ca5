import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.js';
import { holdsWallet, migrate, openDatabase, type Database } from '../db/database.js';
import { clusterOf } from '../db/embedded-postgres.js';
import { inSnapshot } from '../db/transaction.js';
import { checkLedger } from '../ledger/invariants.js';
import { CLI_SYSTEM, recordAudit } from '../modules/audit/service.js';
import { GAME_KEY_FILE } from '../lib/game-secrets.js';
import { UsageError, type Print } from './common.js';

const run = promisify(execFile);

/** What `backup` writes beside the copies: enough for `restore` to check every byte before using any. */
interface Manifest {
  format: 'member-wallet-backup/1';
  createdAt: string;
  /** 'postgres'; 'sqlite' in a backup of a release before the wallet ran on Postgres alone (`import-sqlite` takes its copy). */
  dialect: 'postgres' | 'sqlite';
  /** Paths relative to the backup directory. */
  files: { path: string; bytes: number; sha256: string }[];
}

const MANIFEST = 'manifest.json';
const PG_DUMP = 'wallet.pgdump';
/** Under DATA_DIR: the game key file (uploads are rows of the database). */
const DATA_PARTS = [GAME_KEY_FILE];

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  if (!fs.statSync(dir).isDirectory()) return [dir];
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile());
}

function emptyOrMissing(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * A Postgres tool given DATABASE_URL whole as `--dbname=` (libpq takes a connection URI), so its query
 * string holds (?sslmode=require, ?host=/var/run/postgresql), but without the password: that goes in
 * the tool's environment, never on the command line (ps shows that).
 */
async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const u = new URL(url);
  // the query string is cut by hand: URLSearchParams would re-encode the rest (a space as '+', which libpq keeps)
  const query = u.search.slice(1).split('&').filter(Boolean);
  const inQuery = query.find((p) => p.startsWith('password='));
  const password = u.password || inQuery?.slice('password='.length);
  u.password = '';
  u.search = query.filter((p) => p !== inQuery).join('&');
  const env = password ? { ...process.env, PGPASSWORD: decodeURIComponent(password) } : process.env;
  try {
    await run(tool, [`--dbname=${u.href}`, ...args], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new UsageError(
        `${tool} is not installed here: install the PostgreSQL client of the server's version (Debian: postgresql-client)`,
      );
    throw new UsageError(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/**
 * `backup <dir>`: a consistent copy while members transact: pg_dump (one snapshot; uploads are rows), of
 * DATABASE_URL's database or the embedded server's, and the game key file when it is kept in DATA_DIR. A
 * manifest with each file's SHA-256 comes last: a backup without one is incomplete.
 */
export async function backup(database: Database, config: Config, dir: string, print: Print): Promise<void> {
  const target = path.resolve(dir);
  if (!emptyOrMissing(target)) throw new UsageError(`${target} is not empty: back up into a new directory`);
  // every member's data and the game key: the operator's user alone reads it (folders 0700, files 0600),
  // the folder closed before anything is written into it
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  fs.chmodSync(target, 0o700);
  await pgTool(
    'pg_dump',
    ['--format=custom', '--no-owner', `--file=${path.join(target, PG_DUMP)}`],
    database.ownerUrl ?? database.postgres.url,
  );
  const data = path.join(target, 'data');
  for (const part of DATA_PARTS) {
    for (const file of filesUnder(path.join(config.dataDir, part))) {
      const to = path.join(data, path.relative(config.dataDir, file));
      fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
      fs.copyFileSync(file, to);
    }
  }
  for (const file of filesUnder(target)) fs.chmodSync(file, 0o600);
  const files = filesUnder(target).map((file) => ({
    path: path.relative(target, file),
    bytes: fs.statSync(file).size,
    sha256: sha256(file),
  }));
  const manifest: Manifest = { format: 'member-wallet-backup/1', createdAt: new Date().toISOString(), dialect: 'postgres', files };
  fs.writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  print(`backup of ${database.where} written to ${target}: ${files.length} files, ${bytes} bytes, manifest ${MANIFEST}`);
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new UsageError(`${dir} has no ${MANIFEST}: not a backup, or an unfinished one`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 'member-wallet-backup/1') throw new UsageError(`${file}: unknown backup format`);
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    if (path.relative(dir, full).startsWith('..')) throw new UsageError(`${file}: a path outside the backup (${f.path})`);
    if (!fs.existsSync(full) || sha256(full) !== f.sha256) throw new UsageError(`backup damaged: ${f.path} is missing or changed`);
  }
  return manifest;
}

/**
 * The wallet at DATA_DIR or DATABASE_URL, opened; undefined when there is none, and nothing created. The
 * embedded server's cluster is looked for first (opening makes one); a database is opened once and
 * looked into on that connection.
 */
export async function openWallet(config: Config): Promise<Database | undefined> {
  if (!config.databaseUrl && !fs.existsSync(path.join(clusterOf(config.dataDir), 'PG_VERSION'))) return undefined;
  const database = await openDatabase(config);
  try {
    if (await holdsWallet(database)) return database;
  } catch (err) {
    await database.close();
    throw err;
  }
  await database.close();
  return undefined;
}

/**
 * `restore <dir>`: into a database with no wallet (DATABASE_URL's, or the embedded server of a DATA_DIR
 * with none), never over one. Every file is checked against the manifest first; afterwards the database
 * is brought to this code's migrations and the ledger check must pass.
 */
export async function restore(config: Config, dir: string, print: Print): Promise<void> {
  const source = path.resolve(dir);
  const manifest = readManifest(source);
  if (manifest.dialect === 'sqlite')
    throw new UsageError(
      `this is a backup of a SQLite wallet (a release before Postgres alone): npm run operator -- import-sqlite ${path.join(source, 'wallet.db')} --uploads ${path.join(source, 'data', 'uploads')}`,
    );
  const occupied = new UsageError('the target already holds a wallet: restore into a new data directory or database');
  // one pool for the look at the target, the restore, the migrations and the ledger check
  const database = await openDatabase(config);
  try {
    if (await holdsWallet(database)) throw occupied;
    const data = path.join(source, 'data');
    for (const file of filesUnder(data)) {
      const to = path.join(config.dataDir, path.relative(data, file));
      if (fs.existsSync(to)) throw new UsageError(`${to} exists: restore into a new data directory`);
    }
    // as the owner, when there is one; the server role's grants are not restored but made again by the
    // migrations below (the roles of the database the backup came from need not exist here)
    await pgTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', path.join(source, PG_DUMP)],
      database.ownerUrl ?? database.postgres.url,
    );
    for (const file of filesUnder(data)) {
      const to = path.join(config.dataDir, path.relative(data, file));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(file, to);
    }
    const applied = await migrate(database);
    const problems = await inSnapshot(database, checkLedger);
    if (problems.length) throw new UsageError(`restored, but the ledger check failed:\n${problems.join('\n')}`);
    // the restored trail goes on: it says where the wallet came from
    await recordAudit(database.db, CLI_SYSTEM, {
      action: 'restore',
      target: `backup:${manifest.createdAt}`,
      after: { migrations: applied },
      at: Date.now(),
    });
    print(
      `restored ${manifest.createdAt} backup into ${database.where}` +
        `${applied.length ? ` (migrations applied: ${applied.join(', ')})` : ''}; ledger check: every entry balances`,
    );
  } finally {
    await database.close();
  }
}
