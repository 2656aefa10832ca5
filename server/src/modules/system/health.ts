import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { migrationProvider } from '../../db/migrations.js';

/** What readiness depends on besides the database: set once SIGTERM arrives (main.ts). */
export interface Lifecycle {
  draining: boolean;
}

export const createLifecycle = (): Lifecycle => ({ draining: false });

/** How long the readiness query may take before the instance counts as not ready. */
const READY_QUERY_MS = 2000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The migrations this code knows that the database has not had (an older database: not ready to serve).
 * One read of kysely_migration (a few dozen rows), in the schema the pool's search_path names: Kysely's
 * Migrator.getMigrations() would introspect every table and column of every schema first (70-90 ms a
 * probe on a shared Postgres against well under 1 ms), on every probe of every instance. The query is
 * also the check that the database answers.
 */
async function pendingMigrations(database: Database): Promise<string[]> {
  const known = Object.keys(await migrationProvider().getMigrations()).sort();
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
  const done = new Set(applied.rows.map((r) => r.name));
  return known.filter((name) => !done.has(name));
}

/**
 * GET /healthz: the process answers (for a supervisor restarting a hung process).
 * GET /readyz: this instance should be sent members' requests: not draining, the database answers a
 * query in time, and every migration the code needs is applied. 503 with the reason otherwise, for the
 * proxy or orchestrator to take it out of rotation. Neither touches a member's data or needs a token.
 */
export async function healthRoutes(app: FastifyInstance, options: { lifecycle: Lifecycle }): Promise<void> {
  const { database } = app.ctx;
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    reply.headers(noStore);
    if (options.lifecycle.draining) return reply.status(503).send({ status: 'draining' });
    try {
      const pending = await withinTime(pendingMigrations(database), READY_QUERY_MS);
      if (pending.length) return reply.status(503).send({ status: 'migrations pending', pending });
      return reply.send({ status: 'ready' });
    } catch (err) {
      request.log.warn({ err }, 'readiness: the database did not answer');
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
}
