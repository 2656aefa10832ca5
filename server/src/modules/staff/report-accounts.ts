import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { readAllSettings } from '../../settings/store.js';
import type { AccountDeposits } from '../../../../contract/staff-reports.js';
import { periodDays } from './report-people.js';

type Count = number | string | bigint;

/**
 * Deposits credited per deposit account per local day (contract/staff-reports.ts AccountDeposits): a credited
 * slip names the account the bank said it went to (slips.deposit_account_no), a credited statement line its
 * statement's account, a manual request a clerk confirmed the account the clerk named (deposit_requests
 * .deposit_account_no; none named: an unknown account); an entry with more than one (a line that confirmed a
 * slip or a request) counts once, by the statement's. Summed in the database by currency, account and day.
 */
export async function accountDeposits(db: Tx, start: number, end: number, timeZone: string): Promise<AccountDeposits[]> {
  const days = periodDays(start, end, timeZone);
  const starts = days.map((d) => d.start);
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('members as m', 'm.id', 'e.member_id')
    .leftJoin('slips as s', 's.journal_id', 'e.id')
    .leftJoin('statement_lines as l', 'l.journal_id', 'e.id')
    .leftJoin('deposit_requests as r', 'r.journal_id', 'e.id')
    .select([
      'm.currency',
      sql<string | null>`coalesce(${sql.ref('l.account_no')}, ${sql.ref('s.deposit_account_no')}, ${sql.ref('r.deposit_account_no')})`.as(
        'account',
      ),
      sql<number>`width_bucket(${sql.ref('e.created_at')}, ${starts}::bigint[])`.as('day'),
    ])
    .select((eb) => [eb.fn.countAll<Count>().as('n'), eb.fn.sum<Count>('e.amount').as('total')])
    .where('e.type', '=', 'deposit')
    .where('e.status', '=', 'SUCCESS')
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end)
    .where((eb) => eb.or([eb('s.id', 'is not', null), eb('l.id', 'is not', null), eb('r.id', 'is not', null)]))
    .groupBy(['m.currency', sql`2`, sql`3`])
    .execute();
  const banks = (await readAllSettings(db)).deposit?.banks ?? [];
  const byAccount = new Map<string, { currency: Currency; accountNo: string | null; days: Map<number, { n: number; sum: number }> }>();
  for (const row of rows) {
    const id = `${row.currency}|${row.account ?? ''}`;
    let a = byAccount.get(id);
    if (!a) byAccount.set(id, (a = { currency: row.currency as Currency, accountNo: row.account, days: new Map() }));
    const d = a.days.get(Number(row.day)) ?? { n: 0, sum: 0 };
    d.n += Number(row.n);
    d.sum += Number(row.total ?? 0);
    a.days.set(Number(row.day), d);
  }
  return [...byAccount.values()]
    .sort((a, b) => a.currency.localeCompare(b.currency) || (a.accountNo ?? '\uffff').localeCompare(b.accountNo ?? '\uffff'))
    .map((a) => {
      const lines = [...a.days.entries()].sort(([x], [y]) => x - y);
      const n = lines.reduce((s, [, d]) => s + d.n, 0);
      const sum = lines.reduce((s, [, d]) => s + d.sum, 0);
      return {
        currency: a.currency,
        accountNo: a.accountNo,
        bankCode: banks.find((b) => b.bankType === 'DEPOSIT' && b.bankAccountNo === a.accountNo)?.bankCode ?? null,
        // width_bucket answers 1 for the first day
        days: lines.map(([day, d]) => ({ date: days[day - 1]!.date, count: d.n, amount: toMajor(d.sum, a.currency) })),
        total: { count: n, amount: toMajor(sum, a.currency) },
      };
    });
}
