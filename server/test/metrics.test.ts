import fs from 'node:fs';
import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../src/db/transaction.js';
import { onCallFigures } from '../src/modules/system/metrics.js';
import { sweepOnce } from '../src/sweep.js';
import type { AddressInfo } from 'node:net';
import { runCommand } from '../src/operator/commands.js';
import { build, call, DEMO_MEMBER, login } from './helper.js';
import { setSetting } from './deposit-helpers.js';

const TOKEN = 'metrics-token-for-the-test';

/** The value of one series in Prometheus' text format (undefined: not there). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('is not there unless METRICS_TOKEN or METRICS_PORT is set', async () => {
    const server = await build();
    try {
      expect((await call(server.app, 'GET', '/metrics', undefined, { marker: false })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('answers only the token, and counts requests, money calls by outcome, transfers and slips waiting', async () => {
    const server = await build({ metricsToken: TOKEN });
    try {
      const scrape = (token?: string) =>
        call(server.app, 'GET', '/metrics', undefined, { marker: false, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect((await scrape()).statusCode).toBe(401);
      expect((await scrape(`${TOKEN}x`)).statusCode).toBe(401);

      const token = await login(server.app);
      await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '100'], () => undefined);
      const opened = await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token });
      expect(opened.body).toContain('username');
      const move = (amount: number, key: string) =>
        call(
          server.app,
          'POST',
          '/api/wallet/transfer',
          { from: 'WALLET', to: 'PG', amount },
          { token, headers: { 'idempotency-key': key } },
        );
      expect((await move(30, 'metrics-test-key-1')).statusCode).toBe(200);
      expect((await move(30, 'metrics-test-key-2')).statusCode).toBe(200);
      const refused = await move(1000, 'metrics-test-key-3');
      expect(refused.statusCode).toBe(400);
      const code = (refused.json() as { message: string }).message;

      const res = await scrape(TOKEN);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(sample(text, `wallet_money_calls_total{route="/api/wallet/transfer",outcome="ok"}`)).toBe(2);
      expect(sample(text, `wallet_money_calls_total{route="/api/wallet/transfer",outcome="${code}"}`)).toBe(1);
      expect(sample(text, `http_request_duration_seconds_count{method="POST",route="/api/wallet/transfer",status="200"}`)).toBe(2);
      expect(sample(text, 'wallet_open_transfers')).toBe(0);
      expect(sample(text, 'wallet_slips_waiting{status="REVIEW"}')).toBe(0);
      expect(sample(text, 'wallet_socket_connections')).toBe(0);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(sample(text, 'wallet_db_pool_connections{state="waiting"}')).toBe(0);
      // a route's template, never the URL: a member id or code in a path gives no series of its own
      expect(text).toContain('route="/api/wallet/activate/:slotCode"');
      expect(text).not.toContain('/api/wallet/activate/PG');
    } finally {
      await server.close();
    }
  });

  it('METRICS_PORT: its own listener answers without a token, and the main port has no /metrics', async () => {
    const server = await build({ metricsPort: 0 });
    try {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.app.metricsAddress!() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect((await call(server.app, 'GET', '/metrics', undefined, { marker: false })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('/metrics for on-call (issue 39)', () => {
  it('counts withdrawals and deposit requests waiting, the oldest withdrawal, unmatched payments, chats waiting, the sweep and the build', async () => {
    const server = await build({ metricsToken: TOKEN });
    try {
      const scrape = async () =>
        (await call(server.app, 'GET', '/metrics', undefined, { marker: false, headers: { authorization: `Bearer ${TOKEN}` } })).body;
      const before = await scrape();
      for (const series of [
        'wallet_withdrawals_waiting',
        'wallet_withdrawal_oldest_seconds',
        'wallet_deposit_requests_waiting',
        'wallet_unmatched_payments',
        'wallet_chats_waiting',
        'wallet_statement_lines_waiting',
        'wallet_sweep_last_success_timestamp_seconds',
      ])
        expect([series, sample(before, series)]).toEqual([series, 0]);
      const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
      expect(sample(before, `wallet_build_info{version="${version}",commit="${process.env.WALLET_COMMIT || 'unknown'}"}`)).toBe(1);
      expect(before.match(/^wallet_ledger_problems /gm)).toHaveLength(1);

      const token = await login(server.app);
      await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '1000'], () => undefined);
      const withdrawnAt = server.clock.now;
      expect((await call(server.app, 'POST', '/api/wallet/withdrawAll', { amount: 100 }, { token })).statusCode).toBe(200);
      await setSetting(server, 'deposit', { ...server.ctx.settings.get('deposit'), isManual: true });
      expect((await call(server.app, 'POST', '/api/wallet/add', { amount: 200 }, { token })).statusCode).toBe(200);
      const code = (await call(server.app, 'POST', '/api/qrcode/KBANK', { amount: 50 }, { token })).json() as { qrcodeId: string };
      await runCommand(server.ctx, ['qr', 'pay', code.qrcodeId, '51'], () => undefined);
      await server.ctx.database.db
        .insertInto('chat_rooms')
        .values({
          room: 'guest:metrics',
          guest_id: 'metrics',
          session_id: 's',
          username: 'guest',
          name: 'Guest',
          last_message_at: server.clock.now,
          waiting_since: server.clock.now,
        })
        .execute();
      server.clock.now += 90_000;
      await sweepOnce(server.ctx, { info: () => undefined, error: () => undefined });

      const after = await scrape();
      expect(sample(after, 'wallet_withdrawals_waiting')).toBe(1);
      expect(sample(after, 'wallet_withdrawal_oldest_seconds')).toBe((server.clock.now - withdrawnAt) / 1000);
      expect(sample(after, 'wallet_deposit_requests_waiting')).toBe(1);
      expect(sample(after, 'wallet_unmatched_payments')).toBe(1);
      expect(sample(after, 'wallet_chats_waiting')).toBe(1);
      expect(sample(after, 'wallet_sweep_last_success_timestamp_seconds')).toBe(server.clock.now / 1000);
    } finally {
      await server.close();
    }
  });

  it('reads each figure from an index, never the whole table', async () => {
    const server = await build();
    try {
      await withTransaction(server.ctx.database, async (tx) => {
        // with sequential scans priced out, a plan still reading a whole table has no index that serves it
        await sql`set local enable_seqscan = off`.execute(tx);
        for (const [name, query] of Object.entries(onCallFigures(server.ctx.database.db))) {
          const { sql: text, parameters } = query.compile();
          const plan = (await tx.executeQuery(CompiledQuery.raw(`explain ${text}`, [...parameters]))).rows
            .map((r) => Object.values(r as object)[0])
            .join('\n');
          expect([name, plan]).not.toEqual([name, expect.stringContaining('Seq Scan')]);
          expect([name, plan]).toEqual([name, expect.stringMatching(/Index (Only )?Scan|Bitmap Index Scan/)]);
        }
      });
    } finally {
      await server.close();
    }
  });
});
