import type { Generated, Insertable, Selectable } from 'kysely';
import type { ChatMessagesTable, ChatRoomsTable, ChatUploadsTable } from './schema-chat.js';
import type { UploadUsageTable } from './schema-uploads.js';

/** Times are epoch milliseconds; money (later) is integer minor units. */
export interface MembersTable {
  id: Generated<number>;
  phone: string;
  name: string;
  password_hash: string;
  status: 'active' | 'disabled';
  /** Not read: spin-wheel coins live in the ledger (ledger/coins.ts). */
  coin: Generated<number>;
  currency: 'BAHT' | 'LAK';
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  /** The last change of bank, account number or account name after registration (null: none since). */
  bank_changed_at: number | null;
  source_code: string | null;
  inviter_id: number | null;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  member_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OtpsTable {
  token: string;
  phone: string;
  ref: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  verified_at: number | null;
  consumed_at: number | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface BanksTable {
  code: string;
  name_th: string;
  /** Lao and English names; null where the operator gave none (Thai is shown then). */
  name_la: string | null;
  name_en: string;
  sort: number;
}

export interface SourcesTable {
  code: string;
  description: string;
  description_la: string | null;
  description_en: string | null;
  sort: number;
}

/** One balance of the ledger: a member's wallet or game account, or a house account. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** Stable name, e.g. `wallet:12`, `house:deposits:BAHT`. */
  code: string;
  kind: string;
  member_id: number | null;
  currency: string;
  /** Minor units (satang; whole kip). */
  balance: Generated<number>;
  /** 1 only for house accounts that face the outside world (money enters through them). */
  allow_negative: number;
}

/** One movement of money: its postings sum to zero. Shown in the statement when `visible`. */
export interface JournalTable {
  id: Generated<number>;
  member_id: number | null;
  type: string;
  status: 'SUCCESS' | 'PENDING' | 'FAILED';
  amount: number;
  from_label: string;
  to_label: string;
  visible: number;
  created_at: number;
}

export interface PostingsTable {
  id: Generated<number>;
  journal_id: number;
  account_id: number;
  amount: number;
}

export interface IdempotencyKeysTable {
  member_id: number;
  key: string;
  fingerprint: string;
  status_code: number;
  response: string;
  created_at: number;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  member_id: number;
  amount: number;
  currency: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  journal_id: number;
  payout_ref: string | null;
  created_at: number;
  settled_at: number | null;
  /** Where the money goes: the member's bank account when the withdrawal was requested. */
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
}

export interface GameAccountsTable {
  id: Generated<number>;
  member_id: number;
  provider: string;
  username: string;
  password: string;
  created_at: number;
}

/** A transfer between wallet and a game, recorded before the provider is called (see games/transfers.ts). */
export interface TransferIntentsTable {
  id: Generated<number>;
  member_id: number;
  provider: string;
  direction: 'in' | 'out';
  amount: number;
  currency: string;
  status: 'open' | 'settled' | 'compensated';
  journal_id: number;
  created_at: number;
  resolved_at: number | null;
  /** The Idempotency-Key (of member_id) the transfer was started with: the sweep finishes it with the intent. */
  idempotency_key: string | null;
}

/** The sandbox provider's own books: it is "another company", so it keeps its own tables. */
export interface SandboxGameAccountsTable {
  provider: string;
  username: string;
  password: string;
  balance: number;
  turnover: number;
  created_at: number;
}

export interface SandboxGameRefsTable {
  provider: string;
  ref: string;
  username: string;
  kind: 'deposit' | 'withdraw';
  amount: number;
  state: 'applied' | 'void';
  created_at: number;
}

/** A device (the site's random X-Device-Id, stored hashed) that signed in as the member before. */
export interface TrustedDevicesTable {
  member_id: number;
  device_hash: string;
  created_at: number;
  last_used_at: number;
}

/** A limit's fixed window (lib/rate-limit.ts), shared by every server instance on this database. */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

/** An uploaded file kept in the database (Postgres storage). */
export interface StoredFilesTable {
  bucket: string;
  name: string;
  content_type: string;
  bytes: Buffer;
  created_at: number;
}

export type SlipStatus = 'PROCESSING' | 'REVIEW' | 'SUCCESS' | 'FAILED';

/** A bank slip a member uploaded, from PROCESSING to SUCCESS, FAILED (with the reason code in note) or REVIEW. */
export interface SlipsTable {
  id: Generated<number>;
  member_id: number;
  /** Server-made, what the member and the signed URL name it by. */
  reference: string;
  file_name: string;
  content_type: string;
  status: SlipStatus;
  note: string | null;
  /** Minor units, 0 until the bank told us. */
  amount: Generated<number>;
  currency: string;
  sending_bank: string | null;
  trans_ref: string | null;
  attempts: Generated<number>;
  captchas: Generated<number>;
  next_attempt_at: number;
  /** A verifier holds the slip until then (two instances never verify one slip at once). */
  lease_until: Generated<number>;
  idempotency_key: string | null;
  journal_id: number | null;
  /** What the bank said of the sender ("KBANK xxx-x-x4567-x นาย สมชาย ใ"), for the operator's review. */
  sender: string | null;
  created_at: number;
  updated_at: number;
}

export interface SlipCreditsTable {
  sending_bank: string;
  trans_ref: string;
  slip_id: number;
  created_at: number;
}

/** The sandbox bank's books: transfers its customers made (the operator's `slip make` records them). */
export interface SandboxBankTransfersTable {
  sending_bank: string;
  trans_ref: string;
  amount: number;
  currency: string;
  from_bank: string;
  from_account: string;
  from_name: string;
  to_bank: string;
  to_account: string;
  transferred_at: number;
}

/** A payment QR code (deposit/qr-service.ts); CREATING while the gateway is asked, then OPEN until paid, cancelled or expired. */
export interface QrcodesTable {
  id: Generated<number>;
  /** The code's public id and the bill payment's ref1. */
  ref: string;
  member_id: number;
  provider: string;
  amount: number;
  currency: string;
  status: 'CREATING' | 'OPEN' | 'PAID' | 'CANCELLED' | 'EXPIRED' | 'FAILED';
  payload: string | null;
  idempotency_key: string | null;
  created_at: number;
  expires_at: number;
  closed_at: number | null;
}

/** A payment the gateway reported (deposit/qr-callback.ts): CREDITED, or UNMATCHED (kept for the operator) with a reason. */
export interface QrPaymentsTable {
  id: Generated<number>;
  gateway_txn_id: string;
  provider: string;
  ref: string;
  amount: number;
  qrcode_id: number | null;
  member_id: number | null;
  status: 'CREDITED' | 'UNMATCHED';
  reason: string | null;
  journal_id: number | null;
  created_at: number;
}

/** A gift-link redemption, the outside-call intent of deposit/truelink-service.ts. */
export interface TruelinkRedemptionsTable {
  id: Generated<number>;
  member_id: number;
  voucher: string;
  amount: number;
  currency: string;
  status: 'OPEN' | 'SETTLED' | 'FAILED';
  journal_id: number | null;
  idempotency_key: string | null;
  created_at: number;
  resolved_at: number | null;
}

/** A manual deposit request; its journal entry is PENDING with no postings until the operator confirms. */
export interface DepositRequestsTable {
  id: Generated<number>;
  member_id: number;
  amount: number;
  currency: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  journal_id: number;
  created_at: number;
  settled_at: number | null;
}

/** The sandbox payment gateway's own books. */
export interface SandboxGatewayCodesTable {
  ref: string;
  provider: string;
  amount: number;
  currency: string;
  payload: string;
  state: 'open' | 'cancelled' | 'paid';
  created_at: number;
}

/** The sandbox voucher service's own books: amounts in satang. */
export interface SandboxVouchersTable {
  code: string;
  amount: number;
  redeemed_ref: string | null;
  created_at: number;
  expires_at: number;
}

/** Text per site language, stored as JSON. */
export type PerLanguage = { th: string; la: string; en: string };

/** An operator-defined bonus; money in minor units; name, html, notice and banners are JSON text. */
export interface BonusesTable {
  id: Generated<number>;
  code: string;
  name: string;
  html: string;
  notice: string;
  type: 'limit' | 'day' | 'week';
  max_received: number;
  percent_fail: number;
  banners: string;
  give_percent: number | null;
  give_max: number | null;
  give_fixed: number | null;
  min_deposit: number;
  turnover_multiple: number;
  budget: number | null;
  /** 1: given only on the member's first deposit ever */
  first_deposit: Generated<number>;
  /** 1 or 0 */
  active: number;
  sort: number;
  created_at: number;
}

/** An operator-defined promotion code; money in minor units; description is JSON {th, la, en}. */
export interface PromotionsTable {
  id: Generated<number>;
  code: string;
  description: string;
  percent_fail: number;
  give_percent: number | null;
  give_max: number | null;
  give_fixed: number | null;
  min_deposit: number;
  turnover_multiple: number;
  total_uses: number | null;
  /** 1 or 0 */
  active: number;
  created_at: number;
}

/** A bonus or a promotion a member received; at most one active per member (partial unique index). */
export interface MemberBonusesTable {
  id: Generated<number>;
  member_id: number;
  bonus_code: string | null;
  promotion_code: string | null;
  amount: number;
  currency: string;
  percent_fail: number;
  deposit_journal_id: number | null;
  journal_id: number;
  finish_journal_id: number | null;
  turnover_target: number;
  turnover_progress: number;
  /** 1 or 0 */
  active: number;
  received_at: number;
  finished_at: number | null;
  finish_reason: 'TURNOVER' | 'CLEAR' | null;
}

/** The sandbox provider's bet log. */
export interface SandboxGameBetsTable {
  id: Generated<number>;
  provider: string;
  username: string;
  stake: number;
  created_at: number;
}

/** An invite record: what an inviter earned on one deposit of a member they invited (minor units). */
export interface InvitesTable {
  id: Generated<number>;
  inviter_id: number;
  invitee_id: number;
  deposit_journal_id: number;
  deposit_amount: number;
  amount: number;
  turnover_target: number;
  deposited_at: number;
  created_at: number;
  played_at: number | null;
  receive_journal_id: number | null;
}

/** A refund log: cashback computed on one member's net loss over one period (minor units). */
export interface RefundsTable {
  id: Generated<number>;
  member_id: number;
  period_start: number;
  period_end: number;
  loss: number;
  percent_bp: number;
  refund_amount: number;
  created_at: number;
  claim_journal_id: number | null;
}

/** A credited deposit's spin-wheel coins, waiting for its wager target, then granted or forfeited (minor units). */
export interface DepositCoinsTable {
  id: Generated<number>;
  member_id: number;
  deposit_journal_id: number;
  coins: number;
  wager_target: number;
  deposited_at: number;
  wager_since: number;
  status: 'pending' | 'granted' | 'forfeited';
  settled_at: number | null;
  settled_journal_id: number | null;
}

/** A version of the spin wheel: name JSON {th, la, en}, slices JSON (modules/spinwheel/wheel.ts). */
export interface SpinWheelsTable {
  id: Generated<number>;
  name: string;
  slices: string;
  created_at: number;
}

/** One spin; one that won a prize is a coupon (expires_at set), claimed once. */
export interface SpinsTable {
  id: Generated<number>;
  member_id: number;
  wheel_id: number;
  slice_code: string;
  prize_type: 'nothing' | 'cash' | 'bonus' | 'item';
  amount: number;
  bonus_code: string | null;
  coin_journal_id: number;
  created_at: number;
  expires_at: number | null;
  claimed_at: number | null;
  claim_journal_id: number | null;
}

export interface DB {
  chat_rooms: ChatRoomsTable;
  chat_messages: ChatMessagesTable;
  chat_uploads: ChatUploadsTable;
  upload_usage: UploadUsageTable;
  invites: InvitesTable;
  refunds: RefundsTable;
  spin_wheels: SpinWheelsTable;
  spins: SpinsTable;
  deposit_coins: DepositCoinsTable;
  bonuses: BonusesTable;
  member_bonuses: MemberBonusesTable;
  promotions: PromotionsTable;
  sandbox_game_bets: SandboxGameBetsTable;
  stored_files: StoredFilesTable;
  slips: SlipsTable;
  slip_credits: SlipCreditsTable;
  sandbox_bank_transfers: SandboxBankTransfersTable;
  qrcodes: QrcodesTable;
  qr_payments: QrPaymentsTable;
  truelink_redemptions: TruelinkRedemptionsTable;
  deposit_requests: DepositRequestsTable;
  sandbox_gateway_codes: SandboxGatewayCodesTable;
  sandbox_vouchers: SandboxVouchersTable;
  trusted_devices: TrustedDevicesTable;
  rate_limits: RateLimitsTable;
  game_accounts: GameAccountsTable;
  transfer_intents: TransferIntentsTable;
  sandbox_game_accounts: SandboxGameAccountsTable;
  sandbox_game_refs: SandboxGameRefsTable;
  ledger_accounts: LedgerAccountsTable;
  journal: JournalTable;
  postings: PostingsTable;
  idempotency_keys: IdempotencyKeysTable;
  withdrawals: WithdrawalsTable;
  members: MembersTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  settings: SettingsTable;
  banks: BanksTable;
  sources: SourcesTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
