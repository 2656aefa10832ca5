// `npm run bench:load`: transfers at scale (issues 25 and 34). For each Postgres (the embedded server of a
// scratch DATA_DIR, the two-command default; and the one at BENCH_DATABASE_URL or TEST_DATABASE_URL where it
// answers): the compiled server in its own process, 64 members each with its own client moving 1 baht
// between the wallet and a game and back as fast as answers come, BENCH_SECONDS (15) long; then, in the same
// run, the same server's raw rate: pgbench's TPC-B with 64 clients (pgbench from the PostgreSQL client
// tools). Prints the transfers per second, p50, p99, the raw rate and their ratio, and checks the ledger
// after the load. A benchmark, not a test: it prints, it does not judge.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuilt, SERVER_MAIN } from './build-server.mjs';
import { loadConfig } from '../server/src/config.js';
import { migrate, openDatabase, type Database } from '../server/src/db/database.js';
import { embeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { seed } from '../server/src/db/seed.js';
import { inSnapshot } from '../server/src/db/transaction.js';
import { checkLedger } from '../server/src/ledger/invariants.js';
import { membersWithMoney } from '../server/test/members-with-money.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 2;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://wallet:wallet@127.0.0.1:5432/wallet_test';
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const headers = { 'content-type': 'application/json', 'x-wallet-client': 'member' };

/** The embedded server of a scratch DATA_DIR (the two-command default), or the Postgres at BENCH_DATABASE_URL / TEST_DATABASE_URL. */
type Target = 'embedded' | 'postgres';

interface Result {
  target: Target;
  transfers: number;
  seconds: number;
  p50: number;
  p99: number;
  notOk: Record<string, number>;
  raw: number;
  rawWhat: string;
  ledger: string[];
}

/** The server, compiled, in its own process; resolves with its address once it listens. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_NODE_ARGS: flags for the server's node (a CPU profile: --cpu-prof --cpu-prof-dir=/tmp/prof)
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', STATIC_DIR: '', PORT: '0', LOG_LEVEL: 'info', SWEEP_EVERY_MS: '600000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /"msg":"wallet site and API on (http:\/\/[^\s"]+)/.exec(out)?.[1];
      if (url) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve({ child, url });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server ended (${code}) before it listened:\n${out}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** MEMBERS members with money, made in the database (phones 0890000000 + i); their phones. */
const makeMembers = (database: Database) =>
  membersWithMoney(database, {
    count: MEMBERS,
    phone: (i) => `089${String(i).padStart(7, '0')}`,
    account: (i) => `70000${String(i).padStart(5, '0')}`,
    name: (i) => `Bench ${i}`,
    password: 'bench-password',
    minor: 100_000_000,
    source: 'BENCH',
  });

/**
 * One request through a keep-alive agent of node:http: each member's client keeps its connection, as a
 * phone's browser does, and the load generator (on the same cores as the server) costs less than fetch.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: MEMBERS });
function call(base: string, method: string, url: string, token?: string, body?: unknown, key?: string) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined ? { 'x-wallet-client': 'member' } : headers),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Each member its own client: 1 baht into the game and back, as fast as answers come, until `end`. */
async function load(base: string, tokens: string[], until: number, record: boolean) {
  const latencies: number[] = [];
  const notOk: Record<string, number> = {};
  await Promise.all(
    tokens.map(async (token, m) => {
      for (let i = 0; Date.now() < until; i++) {
        const body = i % 2 === 0 ? { from: 'WALLET', to: 'PG', amount: 1 } : { from: 'PG', to: 'WALLET', amount: 1 };
        const t0 = performance.now();
        const res = await call(base, 'POST', '/api/wallet/transfer', token, body, `load-${m}-${i}-${randomBytes(4).toString('hex')}`);
        if (!record) continue;
        latencies.push(performance.now() - t0);
        if (res.status !== 200) notOk[`${res.status} ${res.body}`] = (notOk[`${res.status} ${res.body}`] ?? 0) + 1;
      }
    }),
  );
  return { latencies, notOk };
}

/** A database of the server at `adminUrl` made (or dropped) through that URL's own database. */
async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** pgbench's TPC-B with 64 clients, 15 s, on a scratch database of its own (scale 10) of the server at `adminUrl`: transactions per second. */
async function rawPostgres(adminUrl: string): Promise<number> {
  const name = `wallet_pgbench_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = withDatabase(adminUrl, name);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '10', url], { stdio: 'ignore' });
    const out = execFileSync('pgbench', ['-c', String(MEMBERS), '-j', '2', '-T', String(SECONDS), url], { encoding: 'utf8' });
    return Number(/tps = ([0-9.]+)/.exec(out)?.[1] ?? 0);
  } finally {
    // one that still has a connection a moment after is left (named wallet_pgbench_*)
    for (let tries = 0; tries < 5; tries++) {
      const dropped = await adminQuery(adminUrl, `drop database if exists ${name}`).then(
        () => true,
        () => false,
      );
      if (dropped) break;
      execFileSync('sleep', ['1']);
    }
  }
}

async function bench(target: Target): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-load-'));
  let databaseUrl = '';
  let dbName = '';
  // the embedded server of the scratch DATA_DIR, started here so the raw rate can be measured on it too
  const embedded = target === 'embedded' ? await embeddedPostgres(dataDir) : undefined;
  const adminUrl = embedded ? withDatabase(embedded.url, 'postgres') : PG_URL;
  if (target === 'postgres') {
    dbName = `wallet_load_${randomBytes(4).toString('hex')}`;
    await adminQuery(PG_URL, `create database ${dbName}`);
    databaseUrl = withDatabase(PG_URL, dbName);
  }
  const config = { ...loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '', DATABASE_URL: databaseUrl }), logLevel: 'silent' };
  const database = await openDatabase(config);
  try {
    await migrate(database);
    await seed(database, config);
    const phones = await makeMembers(database);
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, GAME_SECRET_KEY: randomBytes(32).toString('hex'), ...benchEnv() };
    const server = await startServer(env);
    let measured: Awaited<ReturnType<typeof load>>;
    try {
      const tokens: string[] = [];
      for (const phone of phones) {
        const login = await call(server.url, 'POST', '/api/login', undefined, { username: phone, password: 'bench-password' });
        const { token } = JSON.parse(login.body) as { token: string };
        await call(server.url, 'GET', '/api/wallet/activate/PG', token);
        tokens.push(token);
      }
      await load(server.url, tokens, Date.now() + WARMUP_SECONDS * 1000, false);
      const started = performance.now();
      measured = await load(server.url, tokens, Date.now() + SECONDS * 1000, true);
      const seconds = (performance.now() - started) / 1000;
      await stop(server.child);
      const ledger = await inSnapshot(database, checkLedger);
      const sorted = [...measured.latencies].sort((a, b) => a - b);
      const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
      const raw = await rawPostgres(adminUrl);
      return {
        target,
        transfers: sorted.length,
        seconds,
        p50: pct(50),
        p99: pct(99),
        notOk: measured.notOk,
        raw,
        rawWhat: `pgbench TPC-B tps, ${MEMBERS} clients, the same server`,
        ledger,
      };
    } finally {
      await stop(server.child);
    }
  } finally {
    await database.close();
    await embedded?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await adminQuery(PG_URL, `drop database if exists ${dbName}`).catch(() => undefined);
  }
}

/**
 * What the server under load is told besides its database. The sandbox game provider keeps its accounts in
 * memory by default here (SANDBOX_STORE=memory): a real provider's balances live in its own systems, not in
 * our database, so the benchmark measures our transfers, not the sandbox's bookkeeping. SANDBOX_*,
 * DATABASE_POOL_MAX from the environment are passed on as they are.
 */
function benchEnv(): Record<string, string> {
  const passed = Object.entries(process.env).filter(([k]) => k.startsWith('SANDBOX_') || k === 'DATABASE_POOL_MAX');
  return { SANDBOX_STORE: 'memory', ...(Object.fromEntries(passed) as Record<string, string>) };
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (await ensureServerBuilt()) console.log('server compiled to build/');
// BENCH_TARGETS: one of them only (embedded or postgres)
const only = process.env.BENCH_TARGETS?.split(',') as Target[] | undefined;
const reachable: Target[] = (await postgresAnswers()) ? ['embedded', 'postgres'] : ['embedded'];
if (reachable.length === 1) console.log(`no Postgres answers at ${PG_URL.replace(/:[^:@/]*@/, ':***@')}: the embedded one only`);
const results: Result[] = [];
for (const target of reachable.filter((t) => !only || only.includes(t))) results.push(await bench(target));
agent.destroy();

console.log(
  `\n${MEMBERS} members, each its own client, 1 baht wallet <-> game and back, ${SECONDS} s (after ${WARMUP_SECONDS} s of warm-up)`,
);
console.log(
  `node ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const sandbox = benchEnv();
console.log(`sandbox provider: SANDBOX_STORE=${sandbox.SANDBOX_STORE}, SANDBOX_LATENCY_MS=${sandbox.SANDBOX_LATENCY_MS ?? '0'}`);
console.log('| database | transfers/s | p50 | p99 | raw reference | ratio | not 200 | ledger check |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const rate = r.transfers / r.seconds;
  const notOk = Object.values(r.notOk).reduce((a, b) => a + b, 0);
  console.log(
    `| ${r.target} | ${rate.toFixed(0)} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${r.raw.toFixed(0)} (${r.rawWhat}) | ${(rate / r.raw).toFixed(3)} | ${notOk} | ${r.ledger.length ? r.ledger.join('; ') : 'balances'} |`,
  );
  for (const [what, n] of Object.entries(r.notOk)) console.log(`  ${r.target}: ${n} x ${what.slice(0, 200)}`);
}
