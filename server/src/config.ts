import path from 'node:path';

export type Variant = 'th' | 'la';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** postgres://... switches from the embedded SQLite file to Postgres. */
  databaseUrl: string | undefined;
  variant: Variant;
  /** Directory of the built PWA; absent in API-only tests. */
  staticDir: string | undefined;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** How often the server re-reads settings the operator may have changed, in ms. */
  settingsRefreshMs: number;
  /** How long a game provider may take before a transfer is checked and settled or returned. */
  providerTimeoutMs: number;
  logLevel: string;
  trustProxy: boolean;
  /** AES-256 key for game passwords at rest (GAME_SECRET_KEY); absent: a key file in the data directory. */
  gameSecretKey: Buffer | undefined;
  /** Where members reach this server (scheme, host, port, no trailing slash): every link the server builds starts with it. */
  publicUrl: string;
  /** HMAC-SHA256 key the payment gateway signs its callbacks with (QR_CALLBACK_SECRET). */
  qrCallbackSecret: string;
  /** The gift link's wire cipher passphrase, shared with the site's build (GIFTLINK_SECRET): compatibility, not security. */
  giftlinkSecret: string;
  /** The operator's time zone (TIME_ZONE, IANA name): a bonus's day and week (from Monday) are counted in it. */
  timeZone: string;
  /** Worker threads reading slip images (SLIP_READ_THREADS). */
  slipReadThreads: number;
  /** Slips waiting for a reading thread (SLIP_READ_QUEUE); more wait in the database and are read later. */
  slipReadQueue: number;
}

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
  if (raw.length < 16) throw new ConfigError(`${name} must be at least 16 characters`);
  return raw;
}

/** Reads and validates the environment; a wrong value throws ConfigError with a message for the operator. */
export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must be a postgres:// URL, got "${databaseUrl}"`);
  }
  const staticDir = env.STATIC_DIR === '' ? undefined : path.resolve(env.STATIC_DIR ?? 'dist');
  const port = int(env, 'PORT', 8080, 0, 65535);
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    variant: oneOf(env, 'VARIANT', ['th', 'la'] as const, 'th'),
    staticDir,
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 60 * 24 * 7, 1, 60 * 24 * 365),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 24 * 30, 1, 24 * 365),
    settingsRefreshMs: int(env, 'SETTINGS_REFRESH_MS', 2000, 100, 60_000),
    providerTimeoutMs: int(env, 'PROVIDER_TIMEOUT_MS', 10_000, 50, 120_000),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    trustProxy: oneOf(env, 'TRUST_PROXY', ['true', 'false'] as const, 'false') === 'true',
    gameSecretKey: key32(env, 'GAME_SECRET_KEY'),
    publicUrl: publicUrl(env, port),
    qrCallbackSecret: secret(env, 'QR_CALLBACK_SECRET', 'wallet-demo-qr-callback-secret'),
    giftlinkSecret: env.GIFTLINK_SECRET || 'wallet-demo-giftlink-secret',
    timeZone: timeZone(env),
    slipReadThreads: int(env, 'SLIP_READ_THREADS', 1, 1, 16),
    slipReadQueue: int(env, 'SLIP_READ_QUEUE', 4, 0, 100),
  };
}
