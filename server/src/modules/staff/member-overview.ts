import type { MemberOverview } from '../../../../contract/staff-members.js';
import type { Database } from '../../db/database.js';
import { toMajor, type Currency } from '../../ledger/money.js';

type Db = Database['db'];

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * A member's lifetime figures from the ledger (contract/staff-members.ts MemberOverview): one GROUP BY of
 * the member's entries (journal_member_idx), their first deposit and their last sign-in.
 */
export async function memberOverview(db: Db, memberId: number, currency: Currency): Promise<MemberOverview> {
  const groups = await db
    .selectFrom('ledger_entries as j')
    .select(['j.type', 'j.status'])
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('j.amount').as('total')])
    .where('j.member_id', '=', memberId)
    .where('j.type', 'in', ['deposit', 'payout', 'bonus'])
    .groupBy(['j.type', 'j.status'])
    .execute();
  const minor = (type: string, settledOnly: boolean) =>
    groups
      .filter((g) => g.type === type && (!settledOnly || g.status === 'SUCCESS'))
      .reduce((t, g) => ({ count: t.count + Number(g.n), amount: t.amount + Number(g.total ?? 0) }), { count: 0, amount: 0 });
  const major = ({ count, amount }: { count: number; amount: number }) => ({ count, amount: toMajor(amount, currency) });
  const deposits = minor('deposit', true);
  // a payout entry is the bank transfer made: paid (a rejected withdrawal has none)
  const withdrawals = minor('payout', false);
  const first = await db
    .selectFrom('ledger_entries')
    .select(['amount', 'created_at'])
    .where('member_id', '=', memberId)
    .where('type', '=', 'deposit')
    .where('status', '=', 'SUCCESS')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const signIn = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return {
    deposits: major(deposits),
    withdrawals: major(withdrawals),
    bonuses: major(minor('bonus', true)),
    net: toMajor(deposits.amount - withdrawals.amount, currency),
    firstDeposit: first ? { amount: toMajor(Number(first.amount), currency), at: iso(first.created_at) } : null,
    lastSignInAt: signIn?.at === null || signIn?.at === undefined ? null : iso(signIn.at),
  };
}
