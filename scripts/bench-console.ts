// `npm run bench:console`: the staff console's member search, dashboard counts and member page at
// 100,000 members and 1,000,000 ledger rows (issue 39), on a scratch schema of the Postgres at
// BENCH_DATABASE_URL or TEST_DATABASE_URL: each query the console makes, run under EXPLAIN ANALYZE, with
// the scans it chose and its time. Fails when one reads a whole filled table. `-- 20000 200000` for
// another size. server/test/console-scale.test.ts runs the same check at the same size in the suite.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../server/src/config.js';
import { migrate, openDatabase } from '../server/src/db/database.js';
import { checkConsoleQueries, fillAtScale, type Scale } from '../server/test/console-scale.js';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://wallet:wallet@127.0.0.1:5432/wallet_test';
const scale: Scale = { members: Number(process.argv[2] ?? 100_000), ledgerRows: Number(process.argv[3] ?? 1_000_000) };
const schema = `bench_console_${randomBytes(4).toString('hex')}`;
const database = await openDatabase({ ...loadConfig({ STATIC_DIR: '' }), databaseUrl: PG_URL }, { schema });
let failed = false;
try {
  await migrate(database);
  const started = performance.now();
  await fillAtScale(database, scale);
  console.log(
    `filled ${scale.members} members and ${scale.ledgerRows} ledger rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const check of await checkConsoleQueries(database, scale)) {
    const verdict = check.problems.length ? `WHOLE TABLE: ${check.problems.join('; ')}` : 'ok';
    console.log(`${check.ms.toFixed(1).padStart(7)} ms  ${check.what.padEnd(28)} ${verdict}  [${check.scans.join(', ')}]`);
    if (check.problems.length) {
      console.log(`           ${check.sql}`);
      failed = true;
    }
  }
} finally {
  await sql.raw(`drop schema if exists "${schema}" cascade`).execute(database.db);
  await database.close();
}
if (failed) process.exit(1);
