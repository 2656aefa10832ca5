import type { StaffReport } from '../../../../contract/staff-reports.js';
import { DECIMALS } from '../../ledger/money.js';

/**
 * One text cell of a CSV file: quoted, its quotes doubled, and one a spreadsheet would read as a formula
 * (starting with = + - @, or a tab or carriage return before one) prefixed with ' so it stays text.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A number, or an amount already written with its currency's decimals: never escaped (a negative net is a number, not a formula). */
type Cell = string | number | { amount: string } | null;

/** A row: text cells escaped, numbers as they are, null empty. */
export const csvRow = (cells: Cell[]) =>
  cells.map((c) => (c === null ? '' : typeof c === 'number' ? String(c) : typeof c === 'string' ? csvText(c) : c.amount)).join(',');

/** A staff member's figures, as the CSV names them. */
const STAFF_ITEMS = [
  ['slips approved', 'slipsApproved'],
  ['slips rejected', 'slipsRejected'],
  ['deposit requests confirmed', 'depositRequestsConfirmed'],
  ['deposit requests rejected', 'depositRequestsRejected'],
  ['withdrawals paid', 'withdrawalsPaid'],
  ['withdrawals rejected', 'withdrawalsRejected'],
  ['payments attached', 'paymentsAttached'],
  ['adjustments requested', 'adjustmentsRequested'],
  ['adjustments applied', 'adjustmentsApplied'],
  ['chat messages', 'chatMessages'],
  ['chat conversations', 'chatConversations'],
  ['first answers', 'firstAnswers'],
  ['first answer median seconds', 'firstAnswerMedianSeconds'],
] as const satisfies readonly (readonly [string, keyof StaffReport['staff'][number]])[];

/**
 * The report as a CSV file: one row per figure, a BOM first so Excel opens the UTF-8 as such. `subject` is
 * what a row is about where a section has several: the game provider, the day, the staff member.
 */
export function reportCsv(report: StaffReport): string {
  const rows: Cell[][] = [['currency', 'section', 'subject', 'item', 'count', 'amount']];
  for (const c of report.currencies) {
    const money = (amount: number) => ({ amount: amount.toFixed(DECIMALS[c.currency]) });
    const line = (section: string, item: string, count: number | null, amount: number | null, provider = '') =>
      rows.push([c.currency, section, provider, item, count, amount === null ? null : money(amount)]);
    for (const d of c.deposits) line('deposits', d.channel, d.count, d.amount);
    line('adjustments', 'credits', c.adjustments.credits.count, c.adjustments.credits.amount);
    line('adjustments', 'debits', c.adjustments.debits.count, c.adjustments.debits.amount);
    for (const k of ['paid', 'rejected', 'pending'] as const) line('withdrawals', k, c.withdrawals[k].count, c.withdrawals[k].amount);
    line('bonuses', 'granted', c.bonuses.granted.count, c.bonuses.granted.amount);
    line('bonuses', 'finished', c.bonuses.finished, null);
    line('bonuses', 'forfeited', null, c.bonuses.forfeited);
    for (const p of c.providers) {
      line('games', 'transfers in', p.transfersIn.count, p.transfersIn.amount, p.provider);
      line('games', 'transfers out', p.transfersOut.count, p.transfersOut.amount, p.provider);
      line('games', 'won', null, p.won, p.provider);
      line('games', 'lost', null, p.lost, p.provider);
      line('games', 'net', null, p.net, p.provider);
    }
    line('net', 'net', null, c.net);
  }
  for (const m of report.members) {
    const money = (amount: number) => ({ amount: amount.toFixed(DECIMALS[m.currency]) });
    for (const d of m.days) {
      rows.push([m.currency, 'members', d.date, 'new members', d.newMembers, null]);
      rows.push([m.currency, 'members', d.date, 'first deposits', d.firstDeposits.count, money(d.firstDeposits.amount)]);
    }
    rows.push([m.currency, 'members', '', 'new members', m.newMembers, null]);
    rows.push([m.currency, 'members', '', 'first deposits', m.firstDeposits.count, money(m.firstDeposits.amount)]);
  }
  for (const a of report.accounts) {
    const money = (amount: number) => ({ amount: amount.toFixed(DECIMALS[a.currency]) });
    const account = a.accountNo ?? 'unknown account';
    for (const d of a.days) rows.push([a.currency, 'deposit accounts', account, d.date, d.count, money(d.amount)]);
    rows.push([a.currency, 'deposit accounts', account, 'total', a.total.count, money(a.total.amount)]);
  }
  for (const p of report.staff) for (const [item, key] of STAFF_ITEMS) rows.push(['', 'staff', p.username, item, p[key], null]);
  return '\uFEFF' + rows.map(csvRow).join('\r\n') + '\r\n';
}
