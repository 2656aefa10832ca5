import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Migration, type MigrationProvider } from 'kysely';

/**
 * The migrations are frozen text: `server/migrations/<id>_<name>.sql`, run in the order of their ids, each
 * once, by Kysely's migrator (all pending ones in one transaction, under its lock). What a released
 * migration creates never changes: a change is a new file, never an edit (`server/test/migrations.test.ts`
 * checks each released file against its recorded checksum, `server/migrations/frozen.sha256`). The files
 * up to 0037 are the statements the migrations written as code ran on Postgres, captured when the wallet
 * moved to Postgres alone (docs/money-core.md).
 */

/**
 * Where the files are: beside the compiled bundle (its release's own copy, scripts/build-server.mjs), or
 * beside the sources (server/src/db → server/migrations).
 */
function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.resolve(here, '../../migrations')])
    if (fs.existsSync(path.join(candidate, 'frozen.sha256'))) return candidate;
  throw new Error(`the migrations folder (server/migrations) was not found from ${here}`);
}

export const MIGRATIONS_DIR = migrationsDir();

/** The migration files' names (without .sql), in the order they run. */
export const migrationNames = (): string[] =>
  fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .map((f) => f.slice(0, -'.sql'.length))
    .sort();

let loaded: Record<string, Migration> | undefined;

/** Every migration, read once per process: its text run as one multi-statement query. */
export function migrationProvider(): MigrationProvider {
  loaded ??= Object.fromEntries(
    migrationNames().map((name) => {
      const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${name}.sql`), 'utf8');
      return [name, { up: async (db) => void (await sql.raw(text).execute(db)) } satisfies Migration];
    }),
  );
  const migrations = loaded;
  return { getMigrations: () => Promise.resolve(migrations) };
}
