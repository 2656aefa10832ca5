import type { WithdrawReason } from './withdraw-reasons.js';

/**
 * Live member events: what the server tells a signed-in member's open app when their money or a
 * request of theirs changes (socket.io event `member` on the member room, joined with `member-join`
 * {token}). Small on purpose: the app updates or refetches its own queries from them.
 */
export type MemberEvent =
  /** money into the wallet: SLIP, QR_<provider>, TRUELINK, OPERATOR, MANUAL; amount in the member's currency */
  | { kind: 'credit'; source: string; amount: number }
  /** a slip's verification ended: SUCCESS (credited), FAILED with its reason code, REVIEW (waits for staff) */
  | { kind: 'slip'; reference: string; status: 'SUCCESS' | 'FAILED' | 'REVIEW'; note: string | null; amount: number }
  /** a payment QR code closed: PAID (credited) or EXPIRED */
  | { kind: 'qr'; qrcodeId: string; provider: string; status: 'PAID' | 'EXPIRED'; amount: number }
  /** staff adjusted the wallet (a credit, a debit, a reversal): signed, in the member's currency */
  | { kind: 'adjustment'; amount: number }
  /**
   * a withdrawal was paid (SUCCESS) or rejected (FAILED: the money is back in the wallet); its amount (absent from
   * those told before 2026-12-01); a rejected one's `reason` as its member reads it (contract/withdraw-reasons.ts;
   * absent from those told before 2026-12-02)
   */
  | { kind: 'withdraw'; status: 'SUCCESS' | 'FAILED'; amount?: number; reason?: WithdrawReason }
  /** a transfer in transit settled, or returned to the wallet */
  | { kind: 'transfer'; status: 'SETTLED' | 'RETURNED' }
  /** our staff ended the member's running bonus or promotion (the money stays in the wallet, now free) */
  | { kind: 'bonus'; status: 'ENDED' }
  /** a message in the member's chat from support: an agent's reply, or the greeter's automatic answer (`from` absent before issue 38) */
  | { kind: 'chat'; from?: 'agent' | 'bot' };

/** The socket.io event names. */
export const MEMBER_JOIN = 'member-join';
export const MEMBER_EVENT = 'member';

/**
 * The events a member is told of while away (issue 38), as "while you were away" in the app and by Web
 * Push: money that arrived without them waiting on the screen (a slip's result, a payment QR paid, a
 * deposit staff confirmed or attached, the operator's credit), a withdrawal paid or rejected, a transfer
 * that was in transit finished (the sweep's: one answered on the screen is told with `notice: false`), and
 * an agent's reply. A gift link's credit answers the member's own tap;
 * the greeter answers as they write; a slip in review has no result yet.
 */
export function isNotice(event: MemberEvent): boolean {
  switch (event.kind) {
    case 'credit':
      return event.source !== 'TRUELINK';
    case 'slip':
      return event.status !== 'REVIEW';
    case 'qr':
      return event.status === 'PAID';
    case 'withdraw':
    case 'transfer':
      return true;
    case 'chat':
      return event.from === 'agent';
    default:
      return false;
  }
}
