import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { providerFaults } from '../../lib/provider-faults.js';
import { statementLinesWaiting } from '../bank-statement/service.js';
import { buildInfo } from './build-info.js';
import { sweepHealth } from './sweep-health.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sockets connected to this instance (the chat's socket.io), for /metrics. */
    socketCount?: () => number;
    /** The METRICS_PORT listener's address, once listening (METRICS_PORT=0 picks a free port). */
    metricsAddress?: () => ReturnType<http.Server['address']>;
  }
}

/** A route template, never the URL: a URL carries ids and would give every request its own series. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/** A money call is one that carries an Idempotency-Key (§7): its outcome is the answer's code. */
function outcomeOf(reply: FastifyReply, payload: unknown): string {
  if (reply.statusCode < 400) return 'ok';
  if (reply.statusCode >= 500) return String(reply.statusCode);
  try {
    const message = (JSON.parse(String(payload)) as { message?: unknown }).message;
    return typeof message === 'string' && /^[A-Z_]{1,40}$/.test(message) ? message : String(reply.statusCode);
  } catch {
    return String(reply.statusCode);
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The figures on-call reads at every scrape, each from a partial index of the rows it counts (migration
 * 0050): never the whole table, however many members and payments there are (server/test/metrics.test.ts
 * checks each plan).
 */
export const onCallFigures = (db: Kysely<DB>) => ({
  withdrawals: db
    .selectFrom('withdrawals')
    .where('status', '=', 'PENDING')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')]),
  depositRequests: db
    .selectFrom('deposit_requests')
    .where('status', '=', 'PENDING')
    .select((eb) => eb.fn.countAll<number>().as('n')),
  unmatchedPayments: db
    .selectFrom('qr_payments')
    .where('status', '=', 'UNMATCHED')
    .select((eb) => eb.fn.countAll<number>().as('n')),
  chats: db
    .selectFrom('chat_rooms')
    .where('ended_at', 'is', null)
    .where('waiting_since', 'is not', null)
    .select((eb) => eb.fn.countAll<number>().as('n')),
  statementLines: statementLinesWaiting(db),
});

/** One registry per app (tests build several apps in one process). */
function metricsOf(app: FastifyInstance) {
  const { database } = app.ctx;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route template, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const money = new Counter({
    name: 'wallet_money_calls_total',
    help: 'Calls that carry an Idempotency-Key, by route and outcome (ok, or the error code answered)',
    labelNames: ['route', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'wallet_socket_connections',
    help: 'Chat sockets connected to this instance',
    registers: [registry],
    collect() {
      this.set(app.socketCount?.() ?? 0);
    },
  });
  new Gauge({
    name: 'wallet_db_pool_connections',
    help: 'Postgres pool of this instance: connections in use, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { pool } = database.postgres;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  // what this instance's sweep found (sweep.ts)
  new Gauge({
    name: 'wallet_ledger_problems',
    help: "Problems the ledger watch found at its last look (an entry that does not balance, a balance that is not its postings' sum, a currency that does not sum to 0); the log names each account",
    registers: [registry],
    collect() {
      this.set(sweepHealth(database).ledger.problems.length);
    },
  });
  new Gauge({
    name: 'wallet_ledger_checked_seconds',
    help: 'Seconds since the ledger watch last looked (0 before its first look)',
    registers: [registry],
    collect() {
      const { checkedAt } = sweepHealth(database).ledger;
      this.set(checkedAt ? Math.max(0, (app.ctx.now() - checkedAt) / 1000) : 0);
    },
  });
  new Counter({
    name: 'wallet_sweep_failures_total',
    help: 'Runs of a background sweep task that failed, by task (the log says why)',
    labelNames: ['task'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [task, n] of sweepHealth(database).failures) this.inc({ task }, n);
    },
  });
  new Counter({
    name: 'wallet_provider_faults_total',
    help: 'Calls to an outside system that came to no answer (down, slow, our account refused, a body that is not its API), by provider and code; the log says each',
    labelNames: ['provider', 'code'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { provider, code, count } of providerFaults(database).values()) this.inc({ provider, code }, count);
    },
  });
  new Gauge({
    name: 'wallet_sweep_last_success_timestamp_seconds',
    help: "When this instance's background sweep last ran a pass with every task done (Unix seconds; 0 before the first): alert when it falls behind",
    registers: [registry],
    collect() {
      this.set(sweepHealth(database).lastSuccessAt / 1000);
    },
  });
  const build = buildInfo();
  new Gauge({
    name: 'wallet_build_info',
    help: 'The release this instance runs: its version (package.json) and git commit; always 1',
    labelNames: ['version', 'commit'] as const,
    registers: [registry],
  }).set(build, 1);
  // the database's view (shared by every instance): read at each scrape, left out when the database does not answer
  const openTransfers = new Gauge({ name: 'wallet_open_transfers', help: 'Transfers waiting for a game provider', registers: [registry] });
  const oldestTransfer = new Gauge({
    name: 'wallet_open_transfer_oldest_seconds',
    help: 'Age of the oldest transfer waiting for a game provider',
    registers: [registry],
  });
  const slipsWaiting = new Gauge({
    name: 'wallet_slips_waiting',
    help: 'Slips not yet decided: PROCESSING (the bank is asked) and REVIEW (waiting for staff)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const withdrawalsWaiting = new Gauge({
    name: 'wallet_withdrawals_waiting',
    help: 'Withdrawals waiting for staff to pay or reject them (PENDING)',
    registers: [registry],
  });
  const oldestWithdrawal = new Gauge({
    name: 'wallet_withdrawal_oldest_seconds',
    help: 'Age of the oldest withdrawal waiting for staff (0 when none waits)',
    registers: [registry],
  });
  const depositRequestsWaiting = new Gauge({
    name: 'wallet_deposit_requests_waiting',
    help: "Members' manual deposit requests waiting for staff (PENDING)",
    registers: [registry],
  });
  const unmatchedPayments = new Gauge({
    name: 'wallet_unmatched_payments',
    help: 'Payment gateway payments matched to no code, waiting for staff (UNMATCHED)',
    registers: [registry],
  });
  const chatsWaiting = new Gauge({
    name: 'wallet_chats_waiting',
    help: 'Open chats whose last message waits for an agent',
    registers: [registry],
  });
  const statementLinesWaitingGauge = new Gauge({
    name: 'wallet_statement_lines_waiting',
    help: 'Imported bank statement lines waiting for staff: matched to no member, or held for a second person',
    registers: [registry],
  });
  async function readDatabase() {
    const { db } = database;
    const figures = onCallFigures(db);
    const [withdrawals, requests, unmatched, chats, lines] = await Promise.all([
      figures.withdrawals.executeTakeFirstOrThrow(),
      figures.depositRequests.executeTakeFirstOrThrow(),
      figures.unmatchedPayments.executeTakeFirstOrThrow(),
      figures.chats.executeTakeFirstOrThrow(),
      figures.statementLines.executeTakeFirstOrThrow(),
    ]);
    withdrawalsWaiting.set(Number(withdrawals.n));
    oldestWithdrawal.set(withdrawals.oldest === null ? 0 : Math.max(0, (app.ctx.now() - Number(withdrawals.oldest)) / 1000));
    depositRequestsWaiting.set(Number(requests.n));
    unmatchedPayments.set(Number(unmatched.n));
    chatsWaiting.set(Number(chats.n));
    statementLinesWaitingGauge.set(Number(lines.n));
    const intents = await db
      .selectFrom('transfer_intents')
      .where('status', '=', 'open')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .executeTakeFirstOrThrow();
    openTransfers.set(Number(intents.n));
    oldestTransfer.set(intents.oldest === null ? 0 : Math.max(0, (app.ctx.now() - Number(intents.oldest)) / 1000));
    const slips = await db
      .selectFrom('slips')
      .where('status', 'in', ['PROCESSING', 'REVIEW'])
      .groupBy('status')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .execute();
    for (const status of ['PROCESSING', 'REVIEW'] as const)
      slipsWaiting.set({ status }, Number(slips.find((s) => s.status === status)?.n ?? 0));
  }
  return { registry, durations, money, readDatabase };
}

/**
 * Prometheus metrics (prom-client): request durations, money calls by outcome, open transfers and their
 * age, slips waiting, the ledger watch's problems and the sweep's failures, sockets, the pool, and the process's own (event-loop lag, memory, CPU).
 * Answered at /metrics with `Authorization: Bearer <METRICS_TOKEN>`, and/or without a token on
 * METRICS_PORT, a listener of its own (on METRICS_HOST, loopback by default) that the proxy does not
 * forward. Neither set: no /metrics at all.
 */
export const metrics = fp(async function metrics(app: FastifyInstance) {
  const { metricsToken, metricsPort, metricsHost } = app.ctx.config;
  if (!metricsToken && metricsPort === undefined) return;
  const { registry, durations, money, readDatabase } = metricsOf(app);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers['idempotency-key'] !== undefined) money.inc({ route: routeOf(request), outcome: outcomeOf(reply, payload) });
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    durations.observe({ method: request.method, route: routeOf(request), status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const render = async () => {
    await readDatabase().catch((err: unknown) => app.log.warn({ err }, 'metrics: the database did not answer'));
    return registry.metrics();
  };
  if (metricsToken) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      reply.header('cache-control', 'no-store');
      if (!sameSecret(given, metricsToken)) return reply.status(401).send({ message: 'UNAUTHORIZED' });
      return reply.type(registry.contentType).send(await render());
    });
  }
  if (metricsPort !== undefined) {
    const internal = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') return res.writeHead(404).end();
      render().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    app.addHook('onReady', () => new Promise<void>((resolve) => internal.listen(metricsPort, metricsHost, resolve)));
    app.addHook('onClose', () => new Promise<void>((resolve) => internal.close(() => resolve())));
    app.decorate('metricsAddress', () => internal.address());
  }
});
