import type { Generated } from 'kysely';

// QR, gift-link and manual deposits and their sandboxes (migration 0009 on: server/migrations/).

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

/**
 * A payment the gateway reported (deposit/qr-callback.ts): CREDITED, or UNMATCHED (kept for the operator)
 * with a reason, which staff later resolve once (deposit/unmatched-payments.ts): ATTACHED to a member or REFUNDED.
 */
export interface QrPaymentsTable {
  id: Generated<number>;
  gateway_txn_id: string;
  provider: string;
  ref: string;
  amount: number;
  qrcode_id: number | null;
  member_id: number | null;
  status: 'CREDITED' | 'UNMATCHED' | 'ATTACHED' | 'REFUNDED';
  reason: string | null;
  journal_id: number | null;
  created_at: number;
  resolved_at: number | null;
  /** `staff:<username>` or `cli:<username>`, as a journal entry's `made_by`. */
  resolved_by: string | null;
  resolved_reason: string | null;
  resolved_reference: string | null;
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
  /** The deposit account the confirming clerk saw the money arrive in (migration 0055); null: not said. */
  deposit_account_no: Generated<string | null>;
  /** When the member says they made the transfer (migration 0056); null: not said. */
  transferred_at: Generated<number | null>;
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

/** A test QR code an admin made from the go-live list (migration 0045): its payment is kept unmatched, TEST_PAYMENT. */
export interface GoLiveTestCodesTable {
  ref: string;
  provider: string;
  /** Minor units of baht. */
  amount: number;
  /** `staff:<username>`. */
  made_by: string;
  created_at: number;
}

export interface DepositTables {
  qrcodes: QrcodesTable;
  go_live_test_codes: GoLiveTestCodesTable;
  qr_payments: QrPaymentsTable;
  truelink_redemptions: TruelinkRedemptionsTable;
  deposit_requests: DepositRequestsTable;
  sandbox_gateway_codes: SandboxGatewayCodesTable;
  sandbox_vouchers: SandboxVouchersTable;
}
