import { sweepUnusedUploads, UPLOAD_SWEEP_EVERY_MS } from './modules/chat/upload-sweep.js';
import { forgetOldUsage } from './modules/uploads/service.js';
import { buildApp } from './app.js';
import { createLifecycle } from './modules/system/health.js';
import { retentionSweep } from './modules/system/retention.js';
import { LogSmsSender } from './adapters/sms/sender.js';
import { ConfigError, demoSecretWarnings, loadConfig } from './config.js';
import { migrate, oneAtATime, openDatabase } from './db/database.js';
import { DEMO_MEMBER, seed } from './db/seed.js';
import { resolveGameKey, sealPlainGamePasswords } from './lib/game-secrets.js';
import { createLogger } from './lib/logger.js';
import { recoverOpenIntents } from './modules/wallet/transfers.js';
import { verifyDueSlips } from './modules/deposit/slips.js';
import { recoverQrCodes } from './modules/deposit/qr-service.js';
import { recoverTruelinks } from './modules/deposit/truelink-service.js';
import { refundSweep } from './modules/refund/job.js';
import { SettingsCache } from './settings/store.js';
import { makeContext } from './wiring.js';

/** SIGTERM to exit, at most: a rolling upgrade waits for no longer than this per instance. */
const SHUTDOWN_LIMIT_MS = 5000;

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
  });
  const applied = await migrate(database);
  const seeded = await oneAtATime(database, () => seed(database, config));
  const settings = await SettingsCache.load(database.db);
  const sms = new LogSmsSender(logger);
  const gameKey = resolveGameKey(config, (m) => logger.info(m));
  // SANDBOX_STORE=memory: the sandbox provider's own books, in this process (a benchmark's)
  const sandbox =
    config.sandboxStore === 'memory' ? await openDatabase({ ...config, databaseUrl: undefined }, { sqliteFile: ':memory:' }) : undefined;
  if (sandbox) {
    await migrate(sandbox);
    logger.warn('SANDBOX_STORE=memory: the sandbox provider keeps its books in this process only; a restart empties them');
  }
  const ctx = makeContext({ config, database, settings, sms, gameKey, log: logger, sandboxDb: sandbox?.db });
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
  const recovered = await recoverOpenIntents(ctx);
  if (recovered.settled + recovered.compensated + recovered.left) logger.info(recovered, 'open transfers found at start-up');
  const lifecycle = createLifecycle();
  const app = await buildApp(ctx, { logger, lifecycle });
  // deposits' outside calls (gift links, QR codes at the gateway) are finished by the same sweep
  const recoverDeposits = async () => ({ giftLinks: await recoverTruelinks(ctx), qrCodes: await recoverQrCodes(ctx) });
  const deposits = await recoverDeposits();
  if (deposits.giftLinks.settled + deposits.giftLinks.compensated + deposits.giftLinks.left)
    logger.info(deposits, 'open deposits found at start-up');
  const sweep = setInterval(() => {
    recoverOpenIntents(ctx).catch((err: unknown) => logger.error({ err }, 'open-transfer sweep failed'));
    verifyDueSlips(ctx).catch((err: unknown) => logger.error({ err }, 'slip sweep failed'));
    recoverDeposits().catch((err: unknown) => logger.error({ err }, 'open-deposit sweep failed'));
    // cashback of the periods that closed (refunds are unique per member and period: a re-run adds nothing)
    refundSweep(ctx).catch((err: unknown) => logger.error({ err }, 'refund sweep failed'));
    retentionSweep(ctx)
      .then((done) => (done.keys || done.sessions || done.guestChatsClosed) && logger.info(done, 'retention: pruned and closed'))
      .catch((err: unknown) => logger.error({ err }, 'retention sweep failed'));
  }, config.sweepEveryMs);
  sweep.unref();
  // chat files no message names an hour after they came, and upload records past every budget's window
  const uploadSweep = setInterval(() => {
    sweepUnusedUploads(ctx)
      .then((deleted) => deleted && logger.info(`unused chat uploads deleted: ${deleted}`))
      .catch((err: unknown) => logger.error({ err }, 'chat upload sweep failed'));
    forgetOldUsage(ctx).catch((err: unknown) => logger.error({ err }, 'upload usage sweep failed'));
  }, UPLOAD_SWEEP_EVERY_MS);
  uploadSweep.unref();
  void refundSweep(ctx)
    .then((added) => added && logger.info(`refunds computed at start-up: ${added}`))
    .catch((err: unknown) => logger.error({ err }, 'refund computation at start-up failed'));
  // slips a crash or an unreachable bank left PROCESSING
  void verifyDueSlips(ctx).catch((err: unknown) => logger.error({ err }, 'slip verification at start-up failed'));
  settings.start(config.settingsRefreshMs, (err) => app.log.error({ err }, 'settings refresh failed'));

  app.log.info(`database: ${database.dialect} ${database.where}`);
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
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    clearInterval(sweep);
    clearInterval(uploadSweep);
    settings.stop();
    if (config.drainDelayMs) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
