import type { GameProvider } from './adapters/games/provider.js';
import type { SandboxProvider } from './adapters/games/sandbox.js';
import type { PaymentGateway, SandboxGateway } from './adapters/gateway/gateway.js';
import type { SandboxVouchers, VoucherService } from './adapters/voucher/voucher.js';
import type { PayoutAdapter } from './adapters/payout/payout.js';
import type { SlipBank } from './adapters/slip/bank.js';
import type { SlipReader } from './adapters/slip/slip-reader.js';
import type { ThreadStatementReader } from './modules/bank-statement/statement-reader.js';
import type { SmsSender } from './adapters/sms/sender.js';
import type { PushSender } from './adapters/push/web-push.js';
import type { FileStorage } from './adapters/storage/storage.js';
import type { FreeSpace } from './adapters/storage/free-space.js';
import type { UrlSigner } from './lib/signed-url.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { RateLimiter } from './lib/rate-limit.js';
import type { SecretBox } from './lib/secret-box.js';
import type { SettingsCache } from './settings/store.js';
import type { SessionCache } from './modules/auth/session-cache.js';
import type { Currency } from './ledger/money.js';

/** What every module needs, built once at start and decorated onto the Fastify instance as `ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  settings: SettingsCache;
  /** Sessions read lately (Postgres, while it hears every end of a session; started and stopped with the app). */
  sessions: SessionCache;
  sms: SmsSender;
  payouts: PayoutAdapter;
  games: GameProvider;
  /** The bank behind slip verification (the sandbox bank by default). */
  slipBank: SlipBank;
  /** Reads slip images' QR codes in worker threads (closed with the app). */
  slipReader: SlipReader;
  /** Reads bank statement files in a worker thread (closed with the app). */
  statementReader: ThreadStatementReader;
  /** Uploads: rows of the database (stored_files). */
  storage: FileStorage;
  /** Free bytes on the disk uploads are written to (uploads are refused under the floor); undefined: not known here. */
  freeSpace: FreeSpace;
  /** Signs short-lived links to a member's own files (slip images). */
  fileUrls: UrlSigner;
  /** The built-in provider, when in use: it also runs the demo game page. */
  sandboxGames?: SandboxProvider;
  /** The payment gateway behind payment QR codes, and the built-in one when in use (the operator's `qr pay`). */
  gateway: PaymentGateway;
  sandboxGateway?: SandboxGateway;
  /** The gift voucher service, and the built-in one when in use (the operator's `giftlink make`). */
  vouchers: VoucherService;
  sandboxVouchers?: SandboxVouchers;
  /** Fault injection for the crash tests only (WALLET_TEST_CRASH); never set in production. */
  hooks?: { afterDebit?: () => void; afterProvider?: () => void };
  limiter: RateLimiter;
  /** Seals and opens game passwords at rest (see lib/game-secrets.ts). */
  gameSecrets: SecretBox;
  /** Seals staff members' TOTP secrets at rest (a key of its own, derived from the game key). */
  staffSecrets: SecretBox;
  /** Web Push to members' devices (issue 38), signed with the VAPID pair. */
  push: PushSender;
  /** Signs the operator's request to deliver chat replies to open sockets (modules/chat/delivery.ts). */
  chatKey: Buffer;
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by the auth guard on protected routes; every member-data query is scoped by it. */
    memberId: number;
    /** The member's currency, read with the session (a member's currency never changes). */
    memberCurrency: Currency;
    sessionId: number;
  }
}
