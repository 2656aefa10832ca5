import type { Tx } from '../../db/transaction.js';
import { badRequest } from '../../lib/errors.js';
import { dayStart, instantOnDate } from '../../lib/periods.js';
import { memberGrowth, staffActivity } from './report-people.js';
import { accountDeposits } from './report-accounts.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import {
  DEPOSIT_CHANNELS,
  REPORT_MAX_DAYS,
  type CurrencyReport,
  type DepositChannel,
  type ReportQuery,
  type StaffReport,
  type Tally,
} from '../../../../contract/staff-reports.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period's instants: from the start of `from` to the start of the day after `to`, in the site's time zone. 400 KEY_INVALID otherwise. */
export function reportPeriod({ from, to }: ReportQuery, timeZone: string): { start: number; end: number } {
  const first = instantOnDate(from, timeZone);
  const last = instantOnDate(to, timeZone);
  if (first === undefined || last === undefined) throw badRequest('KEY_INVALID');
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days < 1 || days > REPORT_MAX_DAYS) throw badRequest('KEY_INVALID');
  // the day after `to`: past its end by half a day, then back to that day's start (a DST change in between)
  return { start: dayStart(first, timeZone), end: dayStart(dayStart(last, timeZone) + DAY_MS + DAY_MS / 2, timeZone) };
}

/** The journal's types a report reads. */
const TYPES = ['deposit', 'adjustment', 'payout', 'withdraw_return', 'withdraw', 'bonus', 'finish_bonus', 'transfer', 'game_result'];

/** A deposit's channel from its entry's source label (contract/staff-reports.ts DEPOSIT_CHANNELS). */
export function channelOf(fromLabel: string): DepositChannel {
  if (fromLabel === 'SLIP') return 'slip';
  if (fromLabel.startsWith('QR_')) return 'qr';
  if (fromLabel === 'TRUELINK') return 'giftLink';
  if (fromLabel === 'MANUAL') return 'manual';
  if (fromLabel === 'OPERATOR') return 'operator';
  return 'other';
}

interface Minor {
  count: number;
  amount: number;
}
const zero = (): Minor => ({ count: 0, amount: 0 });
const add = (into: Minor, count: number, amount: number) => {
  into.count += count;
  into.amount += amount;
};

interface Totals {
  deposits: Record<DepositChannel, Minor>;
  credits: Minor;
  debits: Minor;
  paid: Minor;
  rejected: Minor;
  pending: Minor;
  granted: Minor;
  finished: number;
  forfeited: number;
  providers: Map<string, { in: Minor; out: Minor; won: number; lost: number }>;
}

const emptyTotals = (): Totals => ({
  deposits: Object.fromEntries(DEPOSIT_CHANNELS.map((c) => [c, zero()])) as Record<DepositChannel, Minor>,
  credits: zero(),
  debits: zero(),
  paid: zero(),
  rejected: zero(),
  pending: zero(),
  granted: zero(),
  finished: 0,
  forfeited: 0,
  providers: new Map(),
});

interface Group {
  currency: string;
  type: string;
  status: string;
  from_label: string;
  to_label: string;
  n: number | string | bigint;
  total: number | string | bigint | null;
}

/** Adds one GROUP BY row of the journal to its currency's totals. */
function tally(t: Totals, g: Group) {
  const n = Number(g.n);
  const sum = Number(g.total ?? 0);
  const provider = (name: string) => {
    let p = t.providers.get(name);
    if (!p) t.providers.set(name, (p = { in: zero(), out: zero(), won: 0, lost: 0 }));
    return p;
  };
  const settled = g.status === 'SUCCESS';
  if (g.type === 'deposit' && settled) add(t.deposits[channelOf(g.from_label)], n, sum);
  else if (g.type === 'adjustment' && settled) add(g.to_label === 'WALLET' ? t.credits : t.debits, n, sum);
  else if (g.type === 'payout') add(t.paid, n, sum);
  else if (g.type === 'withdraw_return') add(t.rejected, n, sum);
  else if (g.type === 'withdraw' && g.status === 'PENDING') add(t.pending, n, sum);
  else if (g.type === 'bonus' && settled) add(t.granted, n, sum);
  else if (g.type === 'finish_bonus') t.finished += n;
  else if (g.type === 'transfer' && settled) {
    if (g.from_label === 'WALLET') add(provider(g.to_label).in, n, sum);
    else add(provider(g.from_label).out, n, sum);
  } else if (g.type === 'game_result') {
    if (g.to_label === 'WALLET') provider(g.from_label).won += sum;
    else provider(g.to_label).lost += sum;
  }
}

const major = (m: Minor, currency: Currency): Tally => ({ count: m.count, amount: toMajor(m.amount, currency) });

function answer(currency: Currency, t: Totals): CurrencyReport {
  const deposited = DEPOSIT_CHANNELS.reduce((s, c) => s + t.deposits[c].amount, 0);
  return {
    currency,
    deposits: DEPOSIT_CHANNELS.map((channel) => ({ channel, ...major(t.deposits[channel], currency) })),
    adjustments: { credits: major(t.credits, currency), debits: major(t.debits, currency) },
    withdrawals: { paid: major(t.paid, currency), rejected: major(t.rejected, currency), pending: major(t.pending, currency) },
    bonuses: { granted: major(t.granted, currency), finished: t.finished, forfeited: toMajor(t.forfeited, currency) },
    providers: [...t.providers.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([provider, p]) => ({
        provider,
        transfersIn: major(p.in, currency),
        transfersOut: major(p.out, currency),
        won: toMajor(p.won, currency),
        lost: toMajor(p.lost, currency),
        net: toMajor(p.lost - p.won, currency),
      })),
    net: toMajor(deposited + t.credits.amount - t.paid.amount - t.debits.amount, currency),
  };
}

/**
 * The report of a period: the journal's entries made in it, summed by currency, type, status and labels in
 * the database (one GROUP BY, so a busy quarter is a few dozen rows here, not every entry), and what the
 * bonuses' endings took back from the postings into the bonus expense account.
 */
export async function staffReport(db: Tx, query: ReportQuery, timeZone: string): Promise<StaffReport> {
  const { start, end } = reportPeriod(query, timeZone);
  const groups = await db
    .selectFrom('ledger_entries as j')
    .innerJoin('members as m', 'm.id', 'j.member_id')
    .select(['m.currency', 'j.type', 'j.status', 'j.from_label', 'j.to_label'])
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('j.amount').as('total')])
    .where('j.created_at', '>=', start)
    .where('j.created_at', '<', end)
    .where('j.type', 'in', TYPES)
    .groupBy(['m.currency', 'j.type', 'j.status', 'j.from_label', 'j.to_label'])
    .execute();
  const forfeits = await db
    .selectFrom('journal as j')
    .innerJoin('postings as p', 'p.journal_id', 'j.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['a.currency'])
    .select((eb) => eb.fn.sum<number>('p.amount').as('total'))
    .where('j.created_at', '>=', start)
    .where('j.created_at', '<', end)
    .where('j.type', '=', 'finish_bonus')
    .where('a.kind', '=', 'bonus_expense')
    .groupBy('a.currency')
    .execute();
  const totals = new Map<Currency, Totals>();
  const of = (currency: string) => {
    let t = totals.get(currency as Currency);
    if (!t) totals.set(currency as Currency, (t = emptyTotals()));
    return t;
  };
  for (const g of groups) tally(of(g.currency), g);
  for (const f of forfeits) of(f.currency).forfeited += Number(f.total ?? 0);
  return {
    from: query.from,
    to: query.to,
    timeZone,
    currencies: [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, t]) => answer(currency, t)),
    members: await memberGrowth(db, start, end, timeZone),
    staff: await staffActivity(db, start, end),
    accounts: await accountDeposits(db, start, end, timeZone),
  };
}
