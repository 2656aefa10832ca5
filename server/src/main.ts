import { UPLOAD_SWEEP_EVERY_MS } from './modules/chat/upload-sweep.js';
import { recoverOpen, sweepOnce, sweepUploads } from './sweep.js';
import { buildApp } from './app.js';
import { createLifecycle } from './modules/system/health.js';
import { smsSenderOf } from './adapters/sms/choose.js';
import { ConfigError, demoSecretWarnings, loadConfig } from './config.js';
import { migrate, oneAtATime, openDatabase } from './db/database.js';
import { auditTrailExposure } from './db/roles.js';
import { MemoryBooks } from './adapters/games/sandbox-books.js';
import { DEMO_MEMBER, demoDataProblems, seed } from './db/seed.js';
import { resolveGameKey, sealPlainGamePasswords } from './lib/game-secrets.js';
import { resolveVapid } from './adapters/push/vapid.js';
import { createLogger } from './lib/logger.js';
import { SettingsCache } from './settings/store.js';
import { makeContext } from './wiring.js';

/** SIGTERM to exit, at most: a rolling upgrade waits for no longer than this per instance. */
const SHUTDOWN_LIMIT_MS = 5000;
/** How often the embedded Postgres server is checked to be running. */
const EMBEDDED_CHECK_MS = 2000;
/** After the shutdown limit, how long the embedded Postgres this instance owns may take to stop. */
const EMBEDDED_STOP_LIMIT_MS = 5000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // one line per problem (production: each secret missing or a demo default)
      for (const line of err.message.split('\n')) console.error(`Configuration error: ${line}`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  // outside production only (production refuses them): loud, so a demo secret is not carried into real use
  for (const line of demoSecretWarnings(config)) logger.warn(line);
  const database = await openDatabase(config, {
    onConnectionError: (err, pool) => logger.warn({ err, pool }, 'database connection lost; the pool connects anew'),
    log: (line) => logger.info(line),
  });
  // the embedded server (no DATABASE_URL) killed or crashed under us: started again, as a lost database
  // costs only the requests in flight (they answer 503 and are tried again)
  const { embedded } = database;
  const watchdog = embedded
    ? setInterval(() => {
        embedded
          .restart()
          .then((again) => again && logger.warn('embedded Postgres was not running: started it again'))
          .catch((err: unknown) => logger.error({ err }, 'embedded Postgres could not be started again'));
      }, EMBEDDED_CHECK_MS)
    : undefined;
  watchdog?.unref();
  const applied = await migrate(database);
  // the audit trail shows tampering only if the server cannot rewrite it (db/roles.ts)
  const exposure = await auditTrailExposure(database.db);
  const fix =
    'connect the server (DATABASE_URL) as a role that owns nothing and name the owner in DATABASE_OWNER_URL (README, Running in production)';
  if (exposure && config.production) {
    console.error(`Configuration error: ${exposure}: ${fix}`);
    await database.close();
    process.exit(2);
  }
  if (exposure) logger.warn(`${exposure}; in production: ${fix}`);
  const seeded = await oneAtATime(database, () => seed(database, config));
  // a database a demo ran on, put into production: members would be told to pay the demo's account
  const demoData = config.production ? await demoDataProblems(database) : [];
  if (demoData.length) {
    for (const problem of demoData)
      console.error(`Configuration error: ${problem} (npm run operator -- ...; README, Running in production)`);
    await database.close();
    process.exit(2);
  }
  const settings = await SettingsCache.load(database.db);
  const sms = smsSenderOf(config, logger);
  const gameKey = resolveGameKey(config, (m) => logger.info(m));
  // SANDBOX_STORE=memory: the sandbox provider's own books, this process's only (a benchmark's)
  const sandboxBooks = config.sandboxStore === 'memory' ? new MemoryBooks() : undefined;
  if (sandboxBooks) logger.warn('SANDBOX_STORE=memory: the sandbox provider keeps its books for this process only; a restart empties them');
  const vapid = resolveVapid(config, (m) => logger.info(m));
  const ctx = makeContext({ config, database, settings, sms, gameKey, vapid, log: logger, sandboxBooks });
  const sealed = await sealPlainGamePasswords(database.db, ctx.gameSecrets);
  if (sealed) logger.info(`game passwords: ${sealed} stored in plain text were encrypted`);
  // a promise nobody awaited that failed (a background task meeting a lost database connection, say) is
  // logged; it must not end the process and every request it serves (Node's default)
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  const crash = process.env.WALLET_TEST_CRASH;
  if (crash) {
    // fault injection for the crash-recovery test: die the hard way at the named step
    const die = () => process.kill(process.pid, 'SIGKILL');
    ctx.hooks = crash === 'after-debit' ? { afterDebit: die } : { afterProvider: die };
  }
  const lifecycle = createLifecycle();
  const app = await buildApp(ctx, { logger, lifecycle });
  // what a crash or a lost provider left open is finished before members are served; a money error in it
  // (a broken ledger) is logged and counted in /metrics, and the instance starts anyway: a server that
  // exits on it would never come back, and `ledger check` / `ledger repair` need it to be looked at
  const { transfers, giftLinks, qrCodes } = await recoverOpen(ctx, logger);
  const found = (r?: { settled: number; compensated: number; left: number }) => !!r && r.settled + r.compensated + r.left > 0;
  if (found(transfers)) logger.info(transfers!, 'open transfers found at start-up');
  if (found(giftLinks) || found(qrCodes)) logger.info({ giftLinks, qrCodes }, 'open deposits found at start-up');
  // the rest of the sweep (slips left PROCESSING, refunds, retention, the ledger's full check) while serving
  void sweepOnce(ctx, logger);
  const sweep = setInterval(() => void sweepOnce(ctx, logger), config.sweepEveryMs);
  sweep.unref();
  const uploadSweep = setInterval(() => void sweepUploads(ctx, logger), UPLOAD_SWEEP_EVERY_MS);
  uploadSweep.unref();
  settings.start(config.settingsRefreshMs, (err) => app.log.error({ err }, 'settings refresh failed'));

  app.log.info(`database: ${database.where}`);
  if (applied.length) app.log.info(`migrations applied: ${applied.join(', ')}`);
  if (seeded.settingsAdded.length) app.log.info(`seeded settings: ${seeded.settingsAdded.join(', ')}`);
  if (seeded.demoMemberCreated) app.log.info(`seeded demo member: phone ${DEMO_MEMBER.phone} password ${DEMO_MEMBER.password}`);

  const shutdown = async (signal: string) => {
    // readiness turns 503 first (a proxy with health checks stops sending), every answer from now on
    // closes its connection, and after DRAIN_DELAY_MS the listener closes: idle kept-alive connections at
    // once, the others after their request in flight. Whatever still runs at the limit is cut off: a
    // transfer cut mid-way is finished or returned by the next instance's intent sweep.
    lifecycle.draining = true;
    app.log.info(`${signal}: draining, then shutting down`);
    setTimeout(() => {
      app.log.warn(`${signal}: requests still open after ${SHUTDOWN_LIMIT_MS} ms; exiting`);
      // an embedded Postgres this instance owns stops with it all the same, within a limit of its own
      const stopped = embedded?.stop({ evenIfUsed: true }) ?? Promise.resolve();
      void Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, EMBEDDED_STOP_LIMIT_MS))])
        .catch(() => undefined)
        .finally(() => void flushed().finally(() => process.exit(1)));
    }, SHUTDOWN_LIMIT_MS);
    clearInterval(sweep);
    clearInterval(watchdog);
    clearInterval(uploadSweep);
    settings.stop();
    if (config.drainDelayMs) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    await app.close();
    await database.close();
    await flushed();
    process.exit(0);
  };
  // the log is written asynchronously: its last lines (why the embedded Postgres was left running) go out before the exit
  const flushed = () => new Promise<void>((resolve) => logger.flush(() => resolve()));
  // one shutdown, whatever signals follow: a second SIGTERM (a process group signalled, and the parent
  // passing it on) must not end the process half-way, before its embedded Postgres is stopped
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void shutdown(signal);
    });

  const address = await app.listen({ host: config.host, port: config.port });
  const demo = config.production ? '' : `; demo member ${DEMO_MEMBER.phone} / ${DEMO_MEMBER.password}`;
  app.log.info(`wallet site and API on ${address} (variant ${config.variant}${config.production ? ', production' : ''})${demo}`);
  // the route schemas no request has needed yet, compiled one per turn while the instance already serves
  void app.schemas.warm((err, what) => app.log.error({ err }, `route schema does not compile: ${what}`));
}

main().catch((err: unknown) => {
  console.error('start failed:', err);
  process.exit(1);
});
