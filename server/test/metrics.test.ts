import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { runCommand } from '../src/operator/commands.js';
import { build, call, DEMO_MEMBER, login } from './helper.js';

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
