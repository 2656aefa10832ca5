import { sql } from 'kysely';
import { SLIP_AFTER_LINE } from '../../../../contract/staff-statements.js';
import type { Tx } from '../../db/transaction.js';
import type { Currency } from '../../ledger/money.js';
import { senderNameMatches } from '../deposit/service.js';
import type { RawLine } from './layouts.js';
import type { Sender } from './values.js';

/**
 * What an incoming statement line is, judged against what the wallet knows, in this order:
 * 1. a transfer already credited (a slip the bank verified, a QR payment credited or attached, a manual
 *    request a clerk confirmed) of the same amount near its time, not yet any line's: LINKED to it, never
 *    credited again. Where the line shows its sender's account, only that account's members' credits count.
 *    Several such credits: the queue (MAYBE_CREDITED: most likely one of them was this transfer), never a
 *    guess that could credit twice.
 * 2. a waiting manual deposit request of the same amount near its time (of the sender's members, when the
 *    line shows the account): credited through the request.
 * 3. exactly one member whose registered bank account the line's account can be (same bank, every digit it
 *    shows) and whose account name its name can be (sender-match.ts, as slips are matched): credited to them.
 * Anything else waits in the queue: NO_MATCH, AMBIGUOUS (more than one), NAME_MISSING (the account fits but
 * the line names nobody). A member of another currency than the deposit account's is never a candidate.
 */

export type Plan =
  | { action: 'link'; kind: 'slip' | 'qr' | 'deposit-request'; ref: string; memberId: number | null }
  | { action: 'credit-request'; ref: string; requestId: number; memberId: number }
  | { action: 'credit-member'; memberId: number }
  | { action: 'queue'; why: 'NO_MATCH' | 'AMBIGUOUS' | 'NAME_MISSING' | 'MAYBE_CREDITED' | 'MAYBE_IMPORTED'; candidates: number[] };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A slip is uploaded after the transfer, within two days (the slip setting's own limits are tighter). */
const SLIP_WINDOW = SLIP_AFTER_LINE;
/** A QR payment's callback comes with the transfer. */
const QR_WINDOW = { before: 30 * MINUTE, after: 30 * MINUTE };
/** A manual request is made shortly before or after the transfer it tells of. */
const REQUEST_WINDOW = { before: 24 * HOUR, after: 24 * HOUR };
/** Members one account's digits may fit, at most: more tells nothing apart. */
const CANDIDATES_MAX = 50;

export interface MemberRow {
  id: number;
  phone: string;
  name: string;
  bank_account_name: string;
}

/** Members whose registered account the line's (masked) account can be: each shown digit in its place, or its last digits. */
export async function membersByAccount(tx: Tx, sender: Sender, currency: Currency): Promise<MemberRow[]> {
  const shown = (sender.account ?? '').replace(/[\s-]/g, '');
  if ((shown.match(/\d/g) ?? []).length < 4) return [];
  const digits = sql<string>`regexp_replace(bank_account_no, '[^0-9]', '', 'g')`;
  // "X0052", "/X685027": the last digits; "xxx-x-x4567-x", "0101200012345678": digits in their places
  const tail = /^[xX*•]*(\d{4,})$/.exec(shown)?.[1];
  const pattern = tail ? `%${tail}` : [...shown].map((c) => (/\d/.test(c) ? c : '_')).join('');
  let query = tx
    .selectFrom('members')
    .select(['id', 'phone', 'name', 'bank_account_name'])
    .where('currency', '=', currency)
    .where(digits, 'like', pattern);
  // the digits it ends with, reversed, as a prefix: members_bank_account_reversed (migration 0051; an
  // account number is digits only) finds them without reading every member
  const last = /(\d{4,})$/.exec(shown)?.[1];
  if (last) query = query.where(sql<string>`reverse(bank_account_no)`, 'like', `${[...last].reverse().join('')}%`);
  if (sender.bank) query = query.where('bank_code', '=', sender.bank);
  return query.orderBy('id').limit(CANDIDATES_MAX).execute();
}

const refsTaken = async (tx: Tx, refs: string[], taken: ReadonlySet<string>) => {
  if (!refs.length) return new Set<string>();
  const rows = await tx
    .selectFrom('statement_lines')
    .select('match_ref')
    .where('match_ref', 'in', refs)
    .where('status', 'in', ['CREDITED', 'LINKED', 'WAITING'])
    .execute();
  return new Set([...rows.map((r) => r.match_ref!), ...refs.filter((r) => taken.has(r))]);
};

/** Manual deposit requests of this amount near this time: confirmed ones (credited) or waiting ones. */
const requestsNear = (tx: Tx, line: RawLine, currency: Currency, status: 'SUCCESS' | 'PENDING') =>
  tx
    .selectFrom('deposit_requests')
    .select(['id', 'member_id'])
    .where('status', '=', status)
    .where('amount', '=', line.amount)
    .where('currency', '=', currency)
    .where('created_at', '>=', line.at - REQUEST_WINDOW.before)
    .where('created_at', '<=', line.at + REQUEST_WINDOW.after)
    .execute();

/** Credits already made for this amount near this time: slips, QR payments, confirmed requests; `[ref, member]`. */
async function creditsMade(
  tx: Tx,
  line: RawLine,
  currency: Currency,
): Promise<[string, number | null, 'slip' | 'qr' | 'deposit-request'][]> {
  const slips = await tx
    .selectFrom('slips')
    .select(['id', 'member_id'])
    .where('status', '=', 'SUCCESS')
    .where('amount', '=', line.amount)
    .where('currency', '=', currency)
    .where('created_at', '>=', line.at - SLIP_WINDOW.before)
    .where('created_at', '<=', line.at + SLIP_WINDOW.after)
    .execute();
  const payments = await tx
    .selectFrom('qr_payments')
    .leftJoin('qrcodes', 'qrcodes.id', 'qr_payments.qrcode_id')
    .select(['qr_payments.gateway_txn_id', 'qr_payments.member_id', 'qrcodes.currency'])
    .where('qr_payments.status', 'in', ['CREDITED', 'ATTACHED'])
    .where('qr_payments.amount', '=', line.amount)
    .where('qr_payments.created_at', '>=', line.at - QR_WINDOW.before)
    .where('qr_payments.created_at', '<=', line.at + QR_WINDOW.after)
    .execute();
  const requests = await requestsNear(tx, line, currency, 'SUCCESS');
  return [
    ...slips.map((s) => [`slip:${s.id}`, s.member_id, 'slip'] as const),
    ...payments.filter((p) => (p.currency ?? 'BAHT') === currency).map((p) => [`payment:${p.gateway_txn_id}`, p.member_id, 'qr'] as const),
    ...requests.map((r) => [`deposit-request:${r.id}`, r.member_id, 'deposit-request'] as const),
  ].map(([ref, member, kind]) => [ref, member, kind]);
}

/** How near in time a line of another import must be, with the same amount into the same account, to be this transfer maybe. */
const IMPORTED_WINDOW = 2 * MINUTE;

/**
 * The plan for one line; `taken`: refs earlier lines of the same import already claimed; `into`: the
 * deposit account and, when importing, the import (its own lines are not "another import").
 */
export async function planLine(
  tx: Tx,
  line: RawLine,
  currency: Currency,
  taken: ReadonlySet<string>,
  into: { accountNo: string; importId?: number },
): Promise<Plan> {
  // a line no earlier import kept as such (its fingerprint differs: the same transfer exported again
  // without the balance column, as another format, with other detail text) but one of the same amount into
  // the same account at that minute: a person decides, never a second credit
  let earlier = tx
    .selectFrom('statement_lines')
    .select('member_id')
    .where('account_no', '=', into.accountNo)
    .where('amount', '=', line.amount)
    .where('at', '>=', line.at - IMPORTED_WINDOW)
    .where('at', '<=', line.at + IMPORTED_WINDOW);
  if (into.importId !== undefined) earlier = earlier.where('import_id', '<>', into.importId);
  const seen = await earlier.limit(5).execute();
  if (seen.length)
    return { action: 'queue', why: 'MAYBE_IMPORTED', candidates: [...new Set(seen.map((r) => r.member_id).filter((m) => m !== null))] };
  const byAccount = await membersByAccount(tx, line.sender, currency);
  const identified = byAccount.length > 0;
  const fits = (memberId: number | null) => !identified || byAccount.some((m) => m.id === memberId);

  const made = (await creditsMade(tx, line, currency)).filter(([, member]) => fits(member));
  const madeTaken = await refsTaken(
    tx,
    made.map(([ref]) => ref),
    taken,
  );
  const open = made.filter(([ref]) => !madeTaken.has(ref));
  if (open.length === 1) {
    const [ref, memberId, kind] = open[0]!;
    return { action: 'link', kind, ref, memberId };
  }
  if (open.length > 1)
    return { action: 'queue', why: 'MAYBE_CREDITED', candidates: [...new Set(open.map(([, m]) => m).filter((m) => m !== null))] };

  const requests = (await requestsNear(tx, line, currency, 'PENDING')).filter((r) => fits(r.member_id));
  const requestTaken = await refsTaken(
    tx,
    requests.map((r) => `deposit-request:${r.id}`),
    taken,
  );
  const waiting = requests.filter((r) => !requestTaken.has(`deposit-request:${r.id}`));
  if (waiting.length === 1) {
    const r = waiting[0]!;
    return { action: 'credit-request', ref: `deposit-request:${r.id}`, requestId: r.id, memberId: r.member_id };
  }
  if (waiting.length > 1) return { action: 'queue', why: 'AMBIGUOUS', candidates: waiting.map((r) => r.member_id) };

  if (!identified) return { action: 'queue', why: 'NO_MATCH', candidates: [] };
  const name = line.sender.name;
  if (!name) return { action: 'queue', why: 'NAME_MISSING', candidates: byAccount.slice(0, 5).map((m) => m.id) };
  const named = byAccount.filter((m) => senderNameMatches(name, [m.bank_account_name]));
  if (named.length === 1) return { action: 'credit-member', memberId: named[0]!.id };
  return {
    action: 'queue',
    why: named.length > 1 ? 'AMBIGUOUS' : 'NO_MATCH',
    candidates: (named.length ? named : byAccount).slice(0, 5).map((m) => m.id),
  };
}
