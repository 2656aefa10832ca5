import { senderInDoubt, type ReviewSlip, type WaitingDepositRequest, type WaitingWithdrawal } from '../../../../contract/staff-queues.js';
import type { Database } from '../../db/database.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { runningBonus } from '../bonus/service.js';
import { waitingHolds, type HoldView } from '../adjustments/service.js';
import { membersLike, senderOfText } from '../deposit/service.js';

/**
 * The staff console's work queues (contract/staff-queues.ts): what waits for a person, oldest first, at
 * most QUEUE_LIMIT, with the member it belongs to. Each list selects the status the dashboard counts
 * (slips REVIEW, withdrawals and deposit requests PENDING), so the counts and the lists agree.
 */
export const QUEUE_LIMIT = 100;
/** How many members one slip's review lists beside it at most. */
const LOOK_ALIKES = 20;

type Db = Database['db'];

const memberColumns = [
  'members.id as member_id',
  'members.phone',
  'members.name',
  'members.currency as member_currency',
  'members.bank_code as member_bank_code',
  'members.bank_account_no as member_bank_account_no',
  'members.bank_account_name as member_bank_account_name',
] as const;

const memberOf = (r: {
  member_id: number;
  phone: string;
  name: string;
  member_currency: string;
  member_bank_code: string;
  member_bank_account_no: string;
  member_bank_account_name: string;
}) => ({
  id: r.member_id,
  phone: r.phone,
  name: r.name,
  currency: r.member_currency as Currency,
  bankCode: r.member_bank_code,
  bankAccountNo: r.member_bank_account_no,
  bankAccountName: r.member_bank_account_name,
});

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** A waiting hold as the queues show it: the row names its member already. */
function holdOf(hold: HoldView | undefined) {
  if (!hold) return null;
  const { phone: _phone, ...view } = hold;
  return view;
}

export async function reviewSlips(db: Db): Promise<ReviewSlip[]> {
  const rows = await db
    .selectFrom('slips')
    .innerJoin('members', 'members.id', 'slips.member_id')
    .select([
      ...memberColumns,
      'slips.id',
      'slips.reference',
      'slips.note',
      'slips.amount',
      'slips.currency',
      'slips.sender',
      'slips.sending_bank',
      'slips.trans_ref',
      'slips.created_at',
    ])
    .where('slips.status', '=', 'REVIEW')
    .orderBy('slips.id')
    .limit(QUEUE_LIMIT)
    .execute();
  const holds = await waitingHolds(
    db,
    rows.map((r) => `slip:${r.id}`),
  );
  // the members the sender could be, side by side for the reviewer: for the slips whose sender is in
  // doubt, one look after another (the uploader first, at most LOOK_ALIKES)
  const alike: Awaited<ReturnType<typeof membersLike>>['members'][] = [];
  for (const r of rows) {
    const sender = senderInDoubt(r.note) ? senderOfText(r.sender) : undefined;
    alike.push(sender ? (await membersLike(db, sender, { first: r.member_id })).members.slice(0, LOOK_ALIKES) : []);
  }
  return rows.map((r, i) => ({
    id: r.id,
    reference: r.reference,
    member: memberOf(r),
    note: r.note,
    // 0 until the bank told it
    bankAmount: Number(r.amount) > 0 ? toMajor(Number(r.amount), r.currency as Currency) : null,
    currency: r.currency as Currency,
    sender: r.sender,
    sendingBank: r.sending_bank,
    transRef: r.trans_ref,
    createdAt: iso(r.created_at),
    imageUrl: `/api/staff/slips/${r.id}/image`,
    hold: holdOf(holds.get(`slip:${r.id}`)),
    lookAlikes: alike[i]!.map((m) => ({
      memberId: m.id,
      name: m.name,
      phone: m.phone,
      bankAccountName: m.bank_account_name,
      bankAccountNo: m.bank_account_no,
      registeredAt: iso(m.created_at),
      bankChangedAt: m.bank_changed_at === null ? null : iso(m.bank_changed_at),
      uploader: m.id === r.member_id,
    })),
  }));
}

export async function waitingWithdrawals(db: Db): Promise<WaitingWithdrawal[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .innerJoin('members', 'members.id', 'withdrawals.member_id')
    .select([
      ...memberColumns,
      'withdrawals.id',
      'withdrawals.amount',
      'withdrawals.currency',
      'withdrawals.bank_code',
      'withdrawals.bank_account_no',
      'withdrawals.bank_account_name',
      'withdrawals.created_at',
    ])
    .where('withdrawals.status', '=', 'PENDING')
    .orderBy('withdrawals.id')
    .limit(QUEUE_LIMIT)
    .execute();
  const out: WaitingWithdrawal[] = [];
  for (const r of rows) {
    const currency = r.currency as Currency;
    out.push({
      id: r.id,
      member: memberOf(r),
      amount: toMajor(Number(r.amount), currency),
      currency,
      bankCode: r.bank_code,
      bankAccountNo: r.bank_account_no,
      bankAccountName: r.bank_account_name,
      createdAt: iso(r.created_at),
      bonus: await runningBonus(db, r.member_id, r.member_currency as Currency),
    });
  }
  return out;
}

export async function waitingDepositRequests(db: Db): Promise<WaitingDepositRequest[]> {
  const rows = await db
    .selectFrom('deposit_requests')
    .innerJoin('members', 'members.id', 'deposit_requests.member_id')
    .select([
      ...memberColumns,
      'deposit_requests.id',
      'deposit_requests.amount',
      'deposit_requests.currency',
      'deposit_requests.created_at',
      'deposit_requests.transferred_at',
      'deposit_requests.deposit_account_no',
    ])
    .where('deposit_requests.status', '=', 'PENDING')
    .orderBy('deposit_requests.id')
    .limit(QUEUE_LIMIT)
    .execute();
  const holds = await waitingHolds(
    db,
    rows.map((r) => `deposit-request:${r.id}`),
  );
  return rows.map((r) => ({
    id: r.id,
    member: memberOf(r),
    amount: toMajor(Number(r.amount), r.currency as Currency),
    currency: r.currency as Currency,
    createdAt: iso(r.created_at),
    transferredAt: r.transferred_at === null ? null : iso(r.transferred_at),
    hold: holdOf(holds.get(`deposit-request:${r.id}`)),
    depositAccountNo: r.deposit_account_no,
  }));
}
