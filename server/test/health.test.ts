import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { oneAtATime, openDatabase, migrate } from '../src/db/database.js';
import { DEMO_MEMBER, seed } from '../src/db/seed.js';
import { createLifecycle } from '../src/modules/system/health.js';
import { loadConfig } from '../src/config.js';
import { build, call, PG_URL, dropSchema } from './helper.js';

describe('health and readiness', () => {
  it('/healthz and /readyz answer without the client marker or a token, never cached', async () => {
    const server = await build();
    try {
      const health = await call(server.app, 'GET', '/healthz', undefined, { marker: false });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await call(server.app, 'GET', '/readyz', undefined, { marker: false });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
      expect(ready.headers['cache-control']).toBe('no-store');
    } finally {
      await server.close();
    }
  });

  it('draining: /readyz says 503 while the process still answers, and every answer closes its connection', async () => {
    const lifecycle = createLifecycle();
    const server = await build({}, { lifecycle });
    try {
      lifecycle.draining = true;
      const ready = await call(server.app, 'GET', '/readyz', undefined, { marker: false });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining' });
      expect((await call(server.app, 'GET', '/healthz', undefined, { marker: false })).statusCode).toBe(200);
      const lookup = await call(server.app, 'GET', '/api/lookup/banks');
      expect(lookup.statusCode).toBe(200);
      expect(lookup.headers.connection).toBe('close');
    } finally {
      await server.close();
    }
  });

  it('a database missing a migration this code needs is not ready', async () => {
    const server = await build();
    try {
      await sql`delete from kysely_migration where name = '0020_bank_changed_at'`.execute(server.ctx.database.db);
      const ready = await call(server.app, 'GET', '/readyz', undefined, { marker: false });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'migrations pending', pending: ['0020_bank_changed_at'] });
    } finally {
      await server.close();
    }
  });

  it('a database that does not answer is not ready (503, no 5xx crash)', async () => {
    const server = await build();
    try {
      await server.ctx.database.close();
      const ready = await call(server.app, 'GET', '/readyz', undefined, { marker: false });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database unavailable' });
    } finally {
      server.ctx.database.close = async () => undefined;
      await server.close().catch(() => undefined);
    }
  });
});

describe('several instances starting together on one empty Postgres', () => {
  it('seed one at a time: one demo member, no instance fails', async () => {
    const config = { ...loadConfig({ STATIC_DIR: '' }), databaseUrl: PG_URL };
    const schema = `test_start_${Date.now().toString(36)}`;
    // the schema first (a test's own; create schema races with itself), then four instances at once
    const first = await openDatabase(config, { schema });
    const instances = [first, ...(await Promise.all([2, 3, 4].map(() => openDatabase(config, { schema }))))];
    try {
      await Promise.all(instances.map((database) => migrate(database)));
      const results = await Promise.allSettled(instances.map((database) => oneAtATime(database, () => seed(database, config))));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      const members = await first.db.selectFrom('members').select('phone').where('phone', '=', DEMO_MEMBER.phone).execute();
      expect(members).toHaveLength(1);
    } finally {
      await dropSchema(first, schema);
      await Promise.all(instances.map((database) => database.close()));
    }
  });
});
