import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { RecordingSmsSender } from '../src/adapters/sms/sender.js';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { migrate, openDatabase, type Database } from '../src/db/database.js';
import { inSnapshot } from '../src/db/transaction.js';
import { checkLedger } from '../src/ledger/invariants.js';
import { DEMO_MEMBER, seed } from '../src/db/seed.js';
import { SettingsCache } from '../src/settings/store.js';
import { makeContext } from '../src/wiring.js';
import type { Lifecycle } from '../src/modules/system/health.js';

export { DEMO_MEMBER };

/** The Postgres the server tests run on (global-setup.ts: TEST_DATABASE_URL, or an embedded one). */
export const PG_URL = inject('postgresUrl');

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  sms: RecordingSmsSender;
  clock: { now: number };
  config: Config;
  /** The schema it runs in (another instance can share it: build's `shareWith`). */
  schema: string;
  close(): Promise<void>;
}

/**
 * The app on an open database, as main.ts makes it: migrated, seeded like a first start, its settings
 * loaded, wired and built. `build` uses it on a fresh schema; a test that needs a database of its own
 * (one another process opens too) opens that and calls this.
 */
export async function appOn(
  database: Database,
  config: Config,
  wiring: { sms?: RecordingSmsSender; gameKey?: Buffer; now?: () => number; logger?: FastifyBaseLogger; lifecycle?: Lifecycle } = {},
): Promise<{ app: FastifyInstance; ctx: AppContext; settings: SettingsCache; sms: RecordingSmsSender }> {
  await migrate(database);
  await seed(database, config);
  const settings = await SettingsCache.load(database.db);
  const sms = wiring.sms ?? new RecordingSmsSender();
  const ctx = makeContext({ config, database, settings, sms, gameKey: wiring.gameKey, now: wiring.now, log: wiring.logger });
  const app = await buildApp(ctx, { logger: wiring.logger ?? false, lifecycle: wiring.lifecycle });
  return { app, ctx, settings, sms };
}

/** A fresh server on a fresh schema of the tests' Postgres, seeded like a first start. */
export async function build(
  overrides: Partial<Config> = {},
  options: {
    logger?: FastifyBaseLogger;
    shareWith?: TestServer;
    lifecycle?: Lifecycle;
  } = {},
): Promise<TestServer> {
  const base = loadConfig({ STATIC_DIR: '' });
  const config: Config = { ...base, logLevel: 'silent', ...overrides };
  // a second instance on the same schema (several servers, one database): the first drops it
  const { database, schema, remove } = await scratchDatabase(config, { schema: options.shareWith?.schema });
  const clock = { now: Date.now() };
  const { app, ctx, settings, sms } = await appOn(database, config, {
    gameKey: config.gameSecretKey ?? randomBytes(32),
    now: () => clock.now,
    logger: options.logger,
    lifecycle: options.lifecycle,
  });
  return {
    app,
    ctx,
    sms,
    clock,
    config,
    schema,
    async close() {
      settings.stop();
      await app.close();
      // every test server's ledger is checked at its end, whatever its test did: none chooses to skip it
      const problems = await inSnapshot(database, checkLedger);
      if (problems.length) {
        if (options.shareWith) await database.close();
        else await remove();
        throw new Error(`ledger check failed after the test server's work:\n${problems.join('\n')}`);
      }
      if (options.shareWith) await database.close();
      else await remove();
    },
  };
}

/**
 * A database of a test's own, not migrated: a new schema of the tests' Postgres (`schema` to open one that
 * exists). `remove` drops the schema and closes the database.
 */
export async function scratchDatabase(
  config: Config = loadConfig({ STATIC_DIR: '' }),
  options: { schema?: string } = {},
): Promise<{ database: Database; schema: string; remove: () => Promise<void> }> {
  const schema = options.schema ?? `test_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ ...config, databaseUrl: PG_URL }, { schema });
  const remove = async () => {
    await dropSchema(database, schema);
    await database.close();
  };
  return { database, schema, remove };
}

/**
 * Drops a test's schema. Postgres can pick the drop as the loser of a deadlock with another test file's
 * work beside it (a migrator scanning every schema's catalogue, seen in CI): dropped again after a pause.
 */
export async function dropSchema(database: Database, schema: string): Promise<void> {
  const { sql } = await import('kysely');
  for (let attempt = 1; ; attempt++) {
    try {
      await sql.raw(`drop schema if exists "${schema}" cascade`).execute(database.db);
      return;
    } catch (err) {
      if (attempt >= 5 || (err as { code?: string }).code !== '40P01') throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

export interface CallOptions {
  token?: string;
  marker?: boolean;
  headers?: Record<string, string>;
  payload?: string;
  /** The caller's address (rate limits key on it); light-my-request's default otherwise. */
  address?: string;
}

/** One call as the site makes it: the marker header, JSON, and the bearer token when given. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.marker !== false) headers['x-wallet-client'] = 'member';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (body !== undefined || options.payload !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers,
    payload: options.payload ?? (body === undefined ? undefined : JSON.stringify(body)),
    ...(options.address ? { remoteAddress: options.address } : {}),
  });
}

export const message = (res: LightMyRequestResponse) => (res.json() as { message?: string }).message;

export async function login(
  app: FastifyInstance,
  username: string = DEMO_MEMBER.phone,
  password: string = DEMO_MEMBER.password,
): Promise<string> {
  const res = await call(app, 'POST', '/api/login', { username, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A complete, valid registration body for a new phone (KBANK, Thai name allowed). */
export function registration(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Somsri Test',
    username: phone,
    password: 'secret123',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'KBANK',
    bankAccountName: 'สมศรี ทดสอบ',
    bankAccountNo: `9${phone.slice(1)}`,
    ...overrides,
  };
}

/** Sends and verifies an OTP for `phone` through the API, reading the code from the recording sender; gives its otpToken. */
export async function verifyPhone(server: TestServer, phone: string): Promise<string> {
  const sent = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: phone });
  if (sent.statusCode !== 200) throw new Error(`otp send failed: ${sent.body}`);
  const { otpToken } = sent.json() as { otpToken: string };
  const code = server.sms.lastCodeFor(phone);
  const verified = await call(server.app, 'POST', '/api/otp/verify', { otpToken, otpCode: code });
  if (verified.statusCode !== 200) throw new Error(`otp verify failed: ${verified.body}`);
  return otpToken;
}
