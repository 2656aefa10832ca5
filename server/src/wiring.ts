import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { GameBridgeUnanswered, HttpGameProvider } from './adapters/games/http-provider.js';
import type { GameProvider } from './adapters/games/provider.js';
import { SandboxProvider } from './adapters/games/sandbox.js';
import { DatabaseBooks, type SandboxBooks } from './adapters/games/sandbox-books.js';
import { SandboxPayouts } from './adapters/payout/payout.js';
import { SandboxBank, type SlipBank } from './adapters/slip/bank.js';
import { EasySlipBank } from './adapters/slip/easyslip.js';
import { SlipReader } from './adapters/slip/slip-reader.js';
import { ThreadStatementReader } from './modules/bank-statement/statement-reader.js';
import { SandboxGateway, type PaymentGateway } from './adapters/gateway/gateway.js';
import { OpnGateway } from './adapters/gateway/opn.js';
import { SandboxVouchers } from './adapters/voucher/voucher.js';
import type { SmsSender } from './adapters/sms/sender.js';
import { newVapidKeys, PushUnanswered, WebPushSender, type PushSender, type VapidKeys } from './adapters/push/web-push.js';
import { DatabaseStorage } from './adapters/storage/storage.js';
import { freeSpaceOf, type FreeSpace } from './adapters/storage/free-space.js';
import { deriveKey, UrlSigner } from './lib/signed-url.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/database.js';
import { DatabaseCounters } from './db/rate-limit-counters.js';
import { providerFaults, watchFaults } from './lib/provider-faults.js';
import { RateLimiter } from './lib/rate-limit.js';
import { SecretBox } from './lib/secret-box.js';
import type { SettingsCache } from './settings/store.js';
import { SessionCache } from './modules/auth/session-cache.js';

/** The one place the server's parts are put together; start-up and tests differ only in what they pass. */
export function makeContext(parts: {
  config: Config;
  database: Database;
  settings: SettingsCache;
  sms: SmsSender;
  /** The game-password key (main.ts: resolveGameKey); absent, a random one for this process only (tests, benchmarks). */
  gameKey?: Buffer;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: () => number;
  /** The Web Push key pair (main.ts: resolveVapid); absent, a pair for this process only (tests, benchmarks). */
  vapid?: VapidKeys;
  /** Tests: a disk as full as they need. */
  freeSpace?: FreeSpace;
  /** Where the sandbox game provider keeps its books (SANDBOX_STORE=memory: main.ts gives MemoryBooks); the wallet's database otherwise. */
  sandboxBooks?: SandboxBooks;
}): AppContext {
  const now = parts.now ?? Date.now;
  const gameKey = parts.gameKey ?? randomBytes(32);
  const sandboxGames =
    parts.config.gameProvider === 'sandbox'
      ? new SandboxProvider(
          parts.sandboxBooks ?? new DatabaseBooks(parts.database.db),
          (code) => parts.settings.get('providerFaults')[code],
          now,
          parts.config.sandboxLatencyMs,
        )
      : undefined;
  const faults = () => parts.settings.get('providerFaults');
  const sandboxGateway = new SandboxGateway(
    parts.database.db,
    () => faults().GATEWAY,
    () => parts.settings.get('qrcode'),
    now,
  );
  const sandboxVouchers = new SandboxVouchers(parts.database.db, () => faults().VOUCHER, now);
  return {
    config: parts.config,
    database: parts.database,
    settings: parts.settings,
    sessions: new SessionCache(parts.database, now),
    sms: parts.sms,
    payouts: new SandboxPayouts((m) => parts.log?.info(m)),
    games: sandboxGames ?? bridgeOf(parts),
    sandboxGames,
    gateway: gatewayOf(parts) ?? sandboxGateway,
    sandboxGateway: parts.config.paymentGateway === 'sandbox' ? sandboxGateway : undefined,
    vouchers: sandboxVouchers,
    sandboxVouchers,
    // in the database: several instances on one database count against one limit
    limiter: new RateLimiter(new DatabaseCounters(parts.database.db), now),
    slipBank: slipVerifierOf(parts),
    slipReader: new SlipReader({
      threads: parts.config.slipReadThreads,
      queue: parts.config.slipReadQueue,
      log: (err) => parts.log?.warn({ err }, 'slip image not read: it waits for the operator'),
    }),
    statementReader: new ThreadStatementReader({ log: (err) => parts.log?.warn({ err }, 'statement file not read') }),
    storage: new DatabaseStorage(parts.database),
    // the embedded server keeps uploads (rows) on DATA_DIR's disk; another Postgres keeps them on its own
    // server's disk, which this process cannot measure (Postgres tells an ordinary role nothing of it)
    freeSpace: parts.freeSpace ?? (parts.database.embedded ? freeSpaceOf(parts.config.dataDir, now) : async () => undefined),
    fileUrls: new UrlSigner(deriveKey(gameKey, 'file-urls')),
    gameSecrets: new SecretBox(gameKey),
    staffSecrets: new SecretBox(deriveKey(gameKey, 'staff-totp')),
    chatKey: deriveKey(gameKey, 'chat-deliver'),
    push: pushSenderOf(parts),
    now,
  };
}

let processVapid: VapidKeys | undefined;

/** Web Push signed with the VAPID pair, its calls that come to no answer logged and counted (`wallet_provider_faults_total{provider="push"}`). */
function pushSenderOf(parts: Parameters<typeof makeContext>[0]): PushSender {
  const { config, database, log } = parts;
  const keys = parts.vapid ?? (processVapid ??= { ...newVapidKeys(), subject: 'mailto:operator@example.invalid' });
  const sender = new WebPushSender(keys, adapterTimeoutMs(config));
  const watched = watchFaults(providerFaults(database), 'push', log, (err) => err instanceof PushUnanswered);
  return { publicKey: sender.publicKey, send: (target, payload, ttl) => watched(sender.send(target, payload, ttl)) };
}

/**
 * The slip verifier SLIP_VERIFIER names: the sandbox bank (its faults by the `slipFault` setting), or
 * EasySlip, whose calls that come to no answer are logged (the provider, the code, why) and counted in
 * /metrics (`wallet_provider_faults_total`) before the slip is asked about again later.
 */
function slipVerifierOf(parts: Parameters<typeof makeContext>[0]): SlipBank {
  const { config, database, settings, log } = parts;
  if (config.slipVerifier === 'sandbox' || !config.easyslip)
    return new SandboxBank(database.db, () => {
      const fault = settings.get('slipFault');
      return fault === 'none' ? undefined : fault;
    });
  const easyslip = new EasySlipBank({ ...config.easyslip, timeoutMs: adapterTimeoutMs(config) });
  const watched = watchFaults(providerFaults(database), 'easyslip', log);
  return {
    transaction: (slip) => watched(easyslip.transaction(slip)),
    image: (image, contentType) => watched(easyslip.image(image, contentType)),
  };
}

/**
 * An adapter's own budget for a call: nine tenths of the caller's (PROVIDER_TIMEOUT_MS), so the adapter ends
 * the call first and its fault (timeout, with the provider's name) is the one logged and counted.
 */
const adapterTimeoutMs = (config: Config) => Math.max(1, Math.floor(config.providerTimeoutMs * 0.9));

/**
 * The game providers behind the bridge GAME_PROVIDER_URL names (GAME_PROVIDER=http): its calls that come
 * to no answer are logged and counted as the slip verifier's are (`wallet_provider_faults_total{provider="games"}`);
 * a refusal (no account, too little money) is an answer, not a fault.
 */
function bridgeOf(parts: Parameters<typeof makeContext>[0]): GameProvider {
  const { config, database, log } = parts;
  if (!config.gameBridge) throw new Error('GAME_PROVIDER=http without GAME_PROVIDER_URL');
  const bridge = new HttpGameProvider({
    baseUrl: config.gameBridge.url,
    secret: config.gameBridge.secret,
    timeoutMs: adapterTimeoutMs(config),
  });
  const w = watchFaults(providerFaults(database), 'games', log, (err) => err instanceof GameBridgeUnanswered);
  return {
    createAccount: (provider, memberId, currency) => w(bridge.createAccount(provider, memberId, currency)),
    balance: (provider, username) => w(bridge.balance(provider, username)),
    deposit: (provider, username, amount, ref) => w(bridge.deposit(provider, username, amount, ref)),
    withdraw: (provider, username, amount, ref) => w(bridge.withdraw(provider, username, amount, ref)),
    refState: (provider, ref) => w(bridge.refState(provider, ref)),
    cancel: (provider, ref) => w(bridge.cancel(provider, ref)),
    resetPassword: (provider, username) => w(bridge.resetPassword(provider, username)),
    betsSince: (provider, username, since) => w(bridge.betsSince(provider, username, since)),
    launchUrl: (provider, username, origin) => w(bridge.launchUrl(provider, username, origin)),
  };
}

/**
 * The payment gateway PAYMENT_GATEWAY names when it is a real one (Opn), its calls that come to no
 * answer logged and counted as the slip verifier's are; undefined for the sandbox gateway.
 */
function gatewayOf(parts: Parameters<typeof makeContext>[0]): PaymentGateway | undefined {
  const { config, database, log } = parts;
  if (config.paymentGateway !== 'opn' || !config.opn) return undefined;
  // the QR reader (sharp and zxing's wasm) loaded now, not by the first member's code within its budget
  const reader = import('./adapters/slip/qr-texts.js').then(async (m) => {
    await m.prepareQrReader();
    return m;
  });
  reader.catch((err: unknown) => log?.warn({ err }, 'opn: the QR reader did not load'));
  const opn = new OpnGateway({
    ...config.opn,
    timeoutMs: adapterTimeoutMs(config),
    readQr: async (image) => (await reader).readGatewayQr(image),
    liveOnly: config.production,
  });
  const watched = watchFaults(providerFaults(database), 'opn', log);
  return {
    createCode: (req) => watched(opn.createCode(req)),
    cancelCode: () => opn.cancelCode(),
    paymentOf: (id) => watched(opn.paymentOf(id)),
  };
}
