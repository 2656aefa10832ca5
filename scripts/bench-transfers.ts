// `npm run bench:transfers`: transfers per second and p50/p99 latency through the HTTP API with 64
// concurrent clients on the embedded database, beside the raw rate of the same ledger transaction run
// directly against the database in the same run. A benchmark, not a test: it prints, it does not judge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RecordingSmsSender } from '../server/src/adapters/sms/sender.js';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { migrate, openDatabase } from '../server/src/db/database.js';
import { seed } from '../server/src/db/seed.js';
import { withTransaction } from '../server/src/db/transaction.js';
import { gameAccount, move, walletAccount } from '../server/src/ledger/ledger.js';
import { creditDeposit, memberMoney } from '../server/src/ledger/operations.js';
import { SettingsCache } from '../server/src/settings/store.js';
import { makeContext } from '../server/src/wiring.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-'));
const config = { ...loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '' }), logLevel: 'silent' };
const database = await openDatabase(config);
await migrate(database);
await seed(database, config);
const settings = await SettingsCache.load(database.db);
const ctx = makeContext({ config, database, settings, sms: new RecordingSmsSender() });
const app = await buildApp(ctx, { logger: false });
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const headers = { 'content-type': 'application/json', 'x-wallet-client': 'member' };

const { token } = (await (
  await fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ username: '0812345678', password: 'demo1234' }) })
).json()) as { token: string };
const auth = { ...headers, authorization: `Bearer ${token}` };
await withTransaction(database, async (tx) => creditDeposit(tx, await memberMoney(tx, 1), 1_000_000_000, 'BENCH', Date.now()));
await fetch(`${base}/api/wallet/activate/PG`, { headers: auth });

// 1. through HTTP: each client moves 1 baht into the game and back, as fast as answers come
const latencies: number[] = [];
let failures = 0;
const httpEnd = Date.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = 0; Date.now() < httpEnd; i++) {
      const body = i % 2 === 0 ? { from: 'WALLET', to: 'PG', amount: 1 } : { from: 'PG', to: 'WALLET', amount: 1 };
      const t0 = performance.now();
      const res = await fetch(`${base}/api/wallet/transfer`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': `bench-${c}-${i}` },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) failures += 1;
    }
  }),
);
await app.close();

// 2. the same ledger transaction (one conditional debit, one credit, a journal row, two postings) run directly
const member = await withTransaction(database, (tx) => memberMoney(tx, 1));
const ids = await withTransaction(
  database,
  async (tx) => [await walletAccount(tx, 1, member.currency), await gameAccount(tx, 1, 'PG', member.currency)] as const,
);
let raw = 0;
const rawStart = performance.now();
const rawEnd = Date.now() + SECONDS * 1000;
while (Date.now() < rawEnd) {
  const [from, to] = raw % 2 === 0 ? ids : [ids[1], ids[0]];
  await withTransaction(database, (tx) =>
    move(tx, {
      memberId: 1,
      type: 'transfer',
      amount: 100,
      from: 'A',
      to: 'B',
      visible: false,
      postings: [
        { accountId: from, amount: -100 },
        { accountId: to, amount: 100 },
      ],
      now: Date.now(),
    }),
  );
  raw += 1;
}
const rawSeconds = (performance.now() - rawStart) / 1000;
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
const httpRate = latencies.length / SECONDS;
const rawRate = raw / rawSeconds;
console.log(`transfers through HTTP (${CLIENTS} clients, ${SECONDS} s, the embedded Postgres of a scratch DATA_DIR, fsync on):`);
console.log(
  `  ${latencies.length} transfers, ${httpRate.toFixed(0)} per second, p50 ${pct(50)} ms, p99 ${pct(99)} ms, ${failures} not 200`,
);
console.log(`the same ledger transaction run directly: ${rawRate.toFixed(0)} per second`);
console.log(`HTTP transfer rate / raw ledger rate: ${(httpRate / rawRate).toFixed(3)}`);
console.log(
  '(each HTTP transfer is two ledger transactions around a call to the sandbox provider, which keeps its own books in the same database)',
);
