import { isIP } from 'node:net';
import path from 'node:path';

export type Variant = 'th' | 'la';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** postgres://... : that Postgres instead of the embedded server of DATA_DIR (db/embedded-postgres.ts). */
  databaseUrl: string | undefined;
  /**
   * DATABASE_OWNER_URL: the role that owns the tables and runs the migrations, when DATABASE_URL's role
   * is meant to own nothing (db/roles.ts); without it DATABASE_URL's role runs the migrations itself.
   */
  databaseOwnerUrl: string | undefined;
  /**
   * SMS_PROVIDER: where one-time codes go. `log` writes them to the server log (development only:
   * production refuses it); `thaibulksms` (Thai numbers) and `twilio` (Lao and international) send them.
   */
  smsProvider: 'log' | 'thaibulksms' | 'twilio';
  thaibulksms: { apiKey: string; apiSecret: string; sender: string; baseUrl: string } | undefined;
  twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | undefined;
  /**
   * SLIP_VERIFIER: who tells whether a slip's transfer happened. `sandbox` asks the sandbox bank's own books
   * (the operator's `slip make`; production refuses it); `easyslip` asks EasySlip (Thai banks), by the
   * slip's QR, and by its image when this server reads no QR in it.
   */
  slipVerifier: 'sandbox' | 'easyslip';
  easyslip: { apiKey: string; baseUrl: string } | undefined;
  /**
   * PAYMENT_GATEWAY: who issues payment QR codes and says they were paid. `sandbox` is the built-in one
   * (its callback signed with QR_CALLBACK_SECRET; production refuses it); `opn` is Opn Payments.
   */
  paymentGateway: 'sandbox' | 'opn';
  opn: { secretKey: string; baseUrl: string } | undefined;
  /**
   * GAME_PROVIDER: who runs the games. `sandbox` is the in-process sandbox provider (production refuses
   * it); `http` is a bridge that speaks our game-provider protocol (docs/game-provider-protocol.md) at
   * GAME_PROVIDER_URL, its calls and answers signed with GAME_PROVIDER_SECRET.
   */
  gameProvider: 'sandbox' | 'http';
  /** `sandbox`: the bridge is the sandbox provider's (GAME_PROVIDER_SANDBOX=1, which `npm start` sets for the bridge it runs). */
  gameBridge: { url: string; secret: string; sandbox: boolean } | undefined;
  variant: Variant;
  /** Directory of the built PWA; absent in API-only tests. */
  staticDir: string | undefined;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** How often the server re-reads settings the operator may have changed, in ms. */
  settingsRefreshMs: number;
  /** How long a game provider may take before a transfer is checked and settled or returned. */
  providerTimeoutMs: number;
  /** How often the background sweep runs (open transfers and deposits, due slips, refunds, retention), in ms. */
  sweepEveryMs: number;
  logLevel: string;
  /**
   * Which proxies may say who the client is (X-Forwarded-For, -Proto, -Host): none (false), the last
   * this many hops, or the proxies' own addresses and ranges. Never "anyone": the client writes the
   * leftmost X-Forwarded-For itself.
   */
  trustProxy: false | number | string[];
  /** AES-256 key for game passwords at rest (GAME_SECRET_KEY); absent: a key file in the data directory. */
  gameSecretKey: Buffer | undefined;
  /** Where members reach this server (scheme, host, port, no trailing slash): every link the server builds starts with it. */
  publicUrl: string;
  /** The LINE Messaging API's and the Telegram Bot API's addresses (alerts): theirs, or a local fake's in tests. */
  lineApiBaseUrl: string;
  telegramApiBaseUrl: string;
  /** HMAC-SHA256 key the payment gateway signs its callbacks with (QR_CALLBACK_SECRET). */
  qrCallbackSecret: string;
  /** The gift link's wire cipher passphrase, shared with the site's build (GIFTLINK_SECRET): compatibility, not security. */
  giftlinkSecret: string;
  /** The operator's time zone (TIME_ZONE, IANA name): a bonus's day and week (from Monday) are counted in it. */
  timeZone: string;
  /** NODE_ENV=production: real money. Every secret must be set and none a demo default; no demo member is seeded. */
  production: boolean;
  /** NODE_ENV=staging: a test site, sandboxes allowed; every page of the site and the console says it is one. */
  staging: boolean;
  /** Worker threads reading slip images (SLIP_READ_THREADS). */
  slipReadThreads: number;
  /** Slips waiting for a reading thread (SLIP_READ_QUEUE); more wait in the database and are read later. */
  slipReadQueue: number;
  /** Postgres connections this instance may hold (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /** After SIGTERM, how long readiness says 503 before the listener closes (DRAIN_DELAY_MS), for a proxy that polls /readyz. */
  drainDelayMs: number;
  /** /metrics on the main port answers only `Authorization: Bearer <METRICS_TOKEN>` (METRICS_TOKEN, 16+ characters). */
  metricsToken: string | undefined;
  /** A listener of its own for /metrics, no token (METRICS_PORT, METRICS_HOST: loopback by default). */
  metricsPort: number | undefined;
  metricsHost: string;
  /**
   * Where the sandbox game provider keeps its books (SANDBOX_STORE): `database`, the wallet's own (shared by
   * every instance, kept across restarts), or `memory`, a store of this process only that a restart empties,
   * for a benchmark that measures the wallet and not the provider's writes. Never `memory` in production.
   */
  sandboxStore: 'database' | 'memory';
  /** How long each sandbox provider call takes before it answers (SANDBOX_LATENCY_MS): another system's latency. */
  sandboxLatencyMs: number;
  /**
   * Web Push (issue 38): the VAPID key pair notifications are signed with and the contact the push
   * services are given (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); undefined outside production
   * when not set: a key pair made once in the data directory (push.ts).
   */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /**
   * The push services a member's subscription may name (PUSH_SERVICE_HOSTS, host names, `*.` for a
   * domain's hosts): the server posts to the endpoint a browser gave, so only to these; undefined
   * (PUSH_SERVICE_HOSTS=*, refused in production): any, for the local push service of the tests.
   */
  pushServiceHosts: string[] | undefined;
}

/** The push services of the browsers members use (Chrome and Android, Firefox, Edge, Safari): PUSH_SERVICE_HOSTS' default. */
export const PUSH_SERVICES = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com'];

/** The secrets' values in the README (a public repository): fine for a demo, anyone's for real money. */
export const DEMO_SECRETS = {
  QR_CALLBACK_SECRET: 'wallet-demo-qr-callback-secret',
  GIFTLINK_SECRET: 'wallet-demo-giftlink-secret',
} as const;

const SECRET_MIN = 16;

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** 32 bytes as 64 hex digits or as base64 / base64url. */
function key32(env: Env, name: string): Buffer | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw)
      ? Buffer.from(raw, 'base64')
      : undefined;
  if (key?.length !== 32) throw new ConfigError(`${name} must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)`);
  return key;
}

function timeZone(env: Env): string {
  const raw = env.TIME_ZONE?.trim() || 'Asia/Bangkok';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigError(`TIME_ZONE must be an IANA time zone such as Asia/Bangkok, got "${raw}"`);
  }
}

function publicUrl(env: Env, port: number): string {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return `http://127.0.0.1:${port}`;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL such as https://wallet.example, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** A shared secret: the demo default, or at least 16 characters so a typo'd short one is caught. */
function secret(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw.length < SECRET_MIN) throw new ConfigError(`${name} must be at least ${SECRET_MIN} characters`);
  return raw;
}

/** proxy-addr's named ranges, beside addresses and CIDR ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function addressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  // a range as wide as /0 (or /1 ...) trusts every hop, as `true` would: the client's own X-Forwarded-For
  const [shortest, longest] = family === 4 ? [8, 32] : [7, 128]; // IPv6 /7: fc00::/7, the unique-local range
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) >= shortest && Number(bits) <= longest);
}

/**
 * TRUST_PROXY: `false`, the number of proxies in front of the server, or their addresses. `true`
 * (trust every hop) is refused: the leftmost X-Forwarded-For is whatever the client wrote, so every
 * per-address limit would key on a value the client chooses.
 */
function trustProxy(env: Env): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  const expected = 'give the number of proxies in front of the server (1 for one nginx) or their addresses (127.0.0.1,10.0.0.0/8)';
  if (raw === 'true') {
    throw new ConfigError(`TRUST_PROXY=true would take the client's own X-Forwarded-For as its address: ${expected}`);
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be between 1 and 10 proxies, got ${hops}`);
    return hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (!entries.every(addressOrRange)) throw new ConfigError(`TRUST_PROXY must be false, a number or addresses: ${expected}; got "${raw}"`);
  return entries;
}

/**
 * Why this configuration must not run with real money: one line per variable, naming it. Empty when
 * every secret is set, none is a demo default, and the game key is shared (not a key file of one machine).
 */
export function productionProblems(config: Config, env: Env): string[] {
  const problems: string[] = [];
  const fix = `set a secret of at least ${SECRET_MIN} characters (openssl rand -hex 32)`;
  const values = { QR_CALLBACK_SECRET: config.qrCallbackSecret, GIFTLINK_SECRET: config.giftlinkSecret };
  for (const name of Object.keys(DEMO_SECRETS) as (keyof typeof DEMO_SECRETS)[]) {
    // the sandbox gateway's callback secret signs nothing under a real gateway (its route answers 404 there)
    if (name === 'QR_CALLBACK_SECRET' && config.paymentGateway !== 'sandbox') continue;
    if (!env[name]) problems.push(`${name} is not set (the demo default would be used): ${fix}`);
    else if (values[name] === DEMO_SECRETS[name]) problems.push(`${name} is the demo default: ${fix}`);
    else if (values[name].length < SECRET_MIN) problems.push(`${name} is shorter than ${SECRET_MIN} characters: ${fix}`);
  }
  // a key file made in DATA_DIR belongs to one machine: other instances could not open its game passwords
  if (!config.gameSecretKey) problems.push('GAME_SECRET_KEY is not set: set the same 32-byte key on every instance (openssl rand -hex 32)');
  // the log sender writes every one-time code to the log: whoever reads the logs signs in as any member
  if (config.smsProvider === 'log')
    problems.push('SMS_PROVIDER is log (one-time codes would go to the log and never reach members): set thaibulksms or twilio');
  if (config.slipVerifier === 'sandbox')
    problems.push(
      "SLIP_VERIFIER is sandbox (slips would be checked against the sandbox bank's books, which the operator's slip maker writes): set easyslip",
    );
  if (config.paymentGateway === 'sandbox')
    problems.push("PAYMENT_GATEWAY is sandbox (its QR codes are paid by the operator's qr pay, not by a bank): set opn");
  if (config.opn?.secretKey.includes('_test_'))
    problems.push(
      "OPN_SECRET_KEY is a test key (skey_test_…: anyone with Opn's test dashboard could mark a charge paid): set the live secret key",
    );
  if (config.gameProvider === 'sandbox')
    problems.push(
      "GAME_PROVIDER is sandbox (the games would be the sandbox provider's, its books in our database): set http, with GAME_PROVIDER_URL and GAME_PROVIDER_SECRET of the bridge",
    );
  // the bridge's answers carry game passwords: over TLS, or on this machine
  if (config.gameBridge && !/^https:|^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(config.gameBridge.url))
    problems.push('GAME_PROVIDER_URL is plain http to another machine (game passwords would cross the network readable): use https');
  if (config.gameBridge?.sandbox)
    problems.push('GAME_PROVIDER_SANDBOX=1: the bridge at GAME_PROVIDER_URL is the sandbox provider: set the address of a real bridge');
  if (!config.vapid)
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set (Web Push would be signed with a key pair of one machine): make a pair with npx web-push generate-vapid-keys and give every instance the same',
    );
  if (!config.pushServiceHosts)
    problems.push(
      'PUSH_SERVICE_HOSTS is * (the server would post Web Push to any address a member names): unset it, or name the push services',
    );
  if (config.sandboxStore === 'memory' && config.gameProvider === 'sandbox')
    problems.push('SANDBOX_STORE=memory loses the game balances at every restart: a benchmark setting, never for members');
  return problems;
}

/** Outside production: the demo secrets in use, one loud line each for the start-up log. */
export function demoSecretWarnings(config: Config): string[] {
  const values = { QR_CALLBACK_SECRET: config.qrCallbackSecret, GIFTLINK_SECRET: config.giftlinkSecret };
  const harm = {
    QR_CALLBACK_SECRET: 'anyone can sign a payment callback and credit a QR code',
    GIFTLINK_SECRET: 'the gift-link cipher is public',
  };
  return (Object.keys(DEMO_SECRETS) as (keyof typeof DEMO_SECRETS)[])
    .filter((name) => values[name] === DEMO_SECRETS[name])
    .map(
      (name) =>
        `DEMO SECRET: ${name} is the public demo default (${harm[name]}); never take real money with it (NODE_ENV=production refuses it)`,
    );
}

function metricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < SECRET_MIN) throw new ConfigError(`METRICS_TOKEN must be at least ${SECRET_MIN} characters`);
  return token;
}

/** The named variables, each required (one ConfigError naming every one missing). */
function required<K extends string>(env: Env, why: string, names: readonly K[]): Record<K, string> {
  const missing = names.filter((name) => !env[name]);
  if (missing.length) throw new ConfigError(`${why} needs ${missing.join(', ')}`);
  return Object.fromEntries(names.map((name) => [name, env[name]!])) as Record<K, string>;
}

/** A provider's base URL, without a trailing slash: its own by default, a local fake's in tests. */
function baseUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  if (!/^https?:\/\/[^\s]+$/.test(raw)) throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/** Each SMS gateway's settings: the variables it needs (each required), and its base URL's variable and default. */
const SMS_GATEWAYS = {
  thaibulksms: {
    needs: { apiKey: 'THAIBULKSMS_API_KEY', apiSecret: 'THAIBULKSMS_API_SECRET', sender: 'THAIBULKSMS_SENDER' },
    base: ['THAIBULKSMS_BASE_URL', 'https://api-v2.thaibulksms.com'],
  },
  twilio: {
    needs: { accountSid: 'TWILIO_ACCOUNT_SID', authToken: 'TWILIO_AUTH_TOKEN', from: 'TWILIO_FROM' },
    base: ['TWILIO_BASE_URL', 'https://api.twilio.com'],
  },
} as const;

/** One gateway's settings, read as SMS_GATEWAYS says (a ConfigError naming every variable missing). */
function gatewaySettings<G extends keyof typeof SMS_GATEWAYS>(env: Env, gateway: G) {
  const { needs, base } = SMS_GATEWAYS[gateway];
  const given = required(env, `SMS_PROVIDER=${gateway}`, Object.values(needs));
  const fields = Object.fromEntries(Object.entries(needs).map(([field, name]) => [field, given[name]]));
  return { ...fields, baseUrl: baseUrl(env, base[0], base[1]) } as { [K in keyof (typeof SMS_GATEWAYS)[G]['needs']]: string } & {
    baseUrl: string;
  };
}

/** SMS_PROVIDER and the chosen gateway's settings (README: Running in production). */
function smsSettings(env: Env): Pick<Config, 'smsProvider' | 'thaibulksms' | 'twilio'> {
  const smsProvider = oneOf(env, 'SMS_PROVIDER', ['log', 'thaibulksms', 'twilio'] as const, 'log');
  return {
    smsProvider,
    thaibulksms: smsProvider === 'thaibulksms' ? gatewaySettings(env, smsProvider) : undefined,
    twilio: smsProvider === 'twilio' ? gatewaySettings(env, smsProvider) : undefined,
  };
}

/** SLIP_VERIFIER and EasySlip's settings (README: Running in production). */
function slipVerifierSettings(env: Env): Pick<Config, 'slipVerifier' | 'easyslip'> {
  const slipVerifier = oneOf(env, 'SLIP_VERIFIER', ['sandbox', 'easyslip'] as const, 'sandbox');
  if (slipVerifier === 'sandbox') return { slipVerifier, easyslip: undefined };
  const { EASYSLIP_API_KEY: apiKey } = required(env, 'SLIP_VERIFIER=easyslip', ['EASYSLIP_API_KEY']);
  return { slipVerifier, easyslip: { apiKey, baseUrl: baseUrl(env, 'EASYSLIP_BASE_URL', 'https://developer.easyslip.com/api/v1') } };
}

/** PAYMENT_GATEWAY and Opn's settings (README: Running in production). */
function gatewaySettingsOf(env: Env): Pick<Config, 'paymentGateway' | 'opn'> {
  const paymentGateway = oneOf(env, 'PAYMENT_GATEWAY', ['sandbox', 'opn'] as const, 'sandbox');
  if (paymentGateway === 'sandbox') return { paymentGateway, opn: undefined };
  const { OPN_SECRET_KEY: secretKey } = required(env, 'PAYMENT_GATEWAY=opn', ['OPN_SECRET_KEY']);
  return { paymentGateway, opn: { secretKey, baseUrl: baseUrl(env, 'OPN_BASE_URL', 'https://api.omise.co') } };
}

/** GAME_PROVIDER and its bridge's address and secret (docs/game-provider-protocol.md). */
function gameProviderOf(env: Env): Pick<Config, 'gameProvider' | 'gameBridge'> {
  const gameProvider = oneOf(env, 'GAME_PROVIDER', ['sandbox', 'http'] as const, 'sandbox');
  if (gameProvider === 'sandbox') return { gameProvider, gameBridge: undefined };
  const { GAME_PROVIDER_URL } = required(env, 'GAME_PROVIDER=http', ['GAME_PROVIDER_URL', 'GAME_PROVIDER_SECRET']);
  return {
    gameProvider,
    gameBridge: {
      url: baseUrl(env, 'GAME_PROVIDER_URL', GAME_PROVIDER_URL),
      secret: secret(env, 'GAME_PROVIDER_SECRET', ''),
      sandbox: env.GAME_PROVIDER_SANDBOX === '1',
    },
  };
}

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: all three, or none. */
function vapidOf(env: Env): Config['vapid'] {
  const names = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  if (!names.some((name) => env[name])) return undefined;
  const given = required(env, 'Web Push', names);
  // the keys as web-push makes them: a P-256 public key (65 bytes) and private key (32 bytes), base64url
  if (!/^[A-Za-z0-9_-]{87}$/.test(given.VAPID_PUBLIC_KEY))
    throw new ConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key (npx web-push generate-vapid-keys)');
  if (!/^[A-Za-z0-9_-]{43}$/.test(given.VAPID_PRIVATE_KEY))
    throw new ConfigError('VAPID_PRIVATE_KEY must be a base64url P-256 private key (npx web-push generate-vapid-keys)');
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(given.VAPID_SUBJECT))
    throw new ConfigError('VAPID_SUBJECT must be a mailto: address or an https: URL the push services may contact');
  return { publicKey: given.VAPID_PUBLIC_KEY, privateKey: given.VAPID_PRIVATE_KEY, subject: given.VAPID_SUBJECT };
}

/**
 * PUSH_SERVICE_HOSTS (comma-separated), the browsers' push services by default; `*` (never in production):
 * any address, for a local push service in tests.
 */
function pushServiceHostsOf(env: Env): string[] | undefined {
  const raw = env.PUSH_SERVICE_HOSTS?.trim();
  if (!raw) return PUSH_SERVICES;
  if (raw === '*') return undefined;
  const hosts = raw.split(',').map((h) => h.trim().toLowerCase());
  if (!hosts.every((h) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(h)))
    throw new ConfigError(`PUSH_SERVICE_HOSTS must be host names separated by commas (*.example.com for a domain's), got "${raw}"`);
  return hosts;
}

/**
 * Reads and validates the environment; a wrong value throws ConfigError with a message for the operator
 * (in production, one line per secret that is missing or a demo default).
 */
export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must be a postgres:// URL, got "${databaseUrl}"`);
  }
  const databaseOwnerUrl = env.DATABASE_OWNER_URL || undefined;
  if (databaseOwnerUrl && !/^postgres(ql)?:\/\//.test(databaseOwnerUrl))
    throw new ConfigError('DATABASE_OWNER_URL must be a postgres:// URL');
  if (databaseOwnerUrl && !databaseUrl)
    throw new ConfigError('DATABASE_OWNER_URL is set without DATABASE_URL: set both (the embedded server has roles of its own)');
  const staticDir = env.STATIC_DIR === '' ? undefined : path.resolve(env.STATIC_DIR ?? 'dist');
  const port = int(env, 'PORT', 8080, 0, 65535);
  const config: Config = {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    databaseOwnerUrl,
    ...smsSettings(env),
    ...slipVerifierSettings(env),
    ...gatewaySettingsOf(env),
    ...gameProviderOf(env),
    variant: oneOf(env, 'VARIANT', ['th', 'la'] as const, 'th'),
    staticDir,
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 60 * 24 * 7, 1, 60 * 24 * 365),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 24 * 30, 1, 24 * 365),
    settingsRefreshMs: int(env, 'SETTINGS_REFRESH_MS', 2000, 100, 60_000),
    providerTimeoutMs: int(env, 'PROVIDER_TIMEOUT_MS', 10_000, 50, 120_000),
    sweepEveryMs: int(env, 'SWEEP_EVERY_MS', 60_000, 1000, 3_600_000),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    trustProxy: trustProxy(env),
    gameSecretKey: key32(env, 'GAME_SECRET_KEY'),
    publicUrl: publicUrl(env, port),
    lineApiBaseUrl: baseUrl(env, 'LINE_API_BASE_URL', 'https://api.line.me'),
    telegramApiBaseUrl: baseUrl(env, 'TELEGRAM_API_BASE_URL', 'https://api.telegram.org'),
    qrCallbackSecret: secret(env, 'QR_CALLBACK_SECRET', DEMO_SECRETS.QR_CALLBACK_SECRET),
    giftlinkSecret: env.GIFTLINK_SECRET || DEMO_SECRETS.GIFTLINK_SECRET,
    timeZone: timeZone(env),
    production: env.NODE_ENV === 'production',
    staging: env.NODE_ENV === 'staging',
    slipReadThreads: int(env, 'SLIP_READ_THREADS', 1, 1, 16),
    slipReadQueue: int(env, 'SLIP_READ_QUEUE', 4, 0, 100),
    databasePoolMax: int(env, 'DATABASE_POOL_MAX', 10, 2, 500),
    drainDelayMs: int(env, 'DRAIN_DELAY_MS', 0, 0, 3000),
    sandboxStore: oneOf(env, 'SANDBOX_STORE', ['database', 'memory'] as const, 'database'),
    sandboxLatencyMs: int(env, 'SANDBOX_LATENCY_MS', 0, 0, 10_000),
    metricsToken: metricsToken(env),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 0, 65535) : undefined,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    vapid: vapidOf(env),
    pushServiceHosts: pushServiceHostsOf(env),
  };
  const problems = config.production ? productionProblems(config, env) : [];
  if (problems.length) throw new ConfigError(problems.join('\n'));
  return config;
}
