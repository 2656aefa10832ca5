import { sql } from 'kysely';
import type { Tx } from '../db/transaction.js';

export interface LedgerProblem {
  problem: string;
}

/**
 * The ledger's promises, checked against the database: every journal entry balances, every account's
 * balance is the sum of its postings, no account that must not go negative is negative, and each
 * currency sums to zero. An empty list means all hold.
 */
export async function checkLedger(tx: Tx): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await tx
    .selectFrom('postings')
    .select(['journal_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('journal_id')
    .having((eb) => eb.fn.sum('amount'), '!=', 0)
    .execute();
  for (const j of unbalanced) problems.push(`journal ${j.journal_id} does not balance (${j.total})`);

  const drift = await tx
    .selectFrom('ledger_accounts as a')
    .leftJoin('postings as p', 'p.account_id', 'a.id')
    .select(['a.code', 'a.balance', sql<number>`coalesce(sum(p.amount), 0)`.as('posted')])
    .groupBy(['a.id', 'a.code', 'a.balance'])
    .execute();
  for (const a of drift)
    if (Number(a.balance) !== Number(a.posted)) problems.push(`${a.code}: balance ${a.balance} but postings sum to ${a.posted}`);

  const negative = await tx
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .where('allow_negative', '=', 0)
    .where('balance', '<', 0)
    .execute();
  for (const a of negative) problems.push(`${a.code} is negative (${a.balance})`);

  const sums = await tx
    .selectFrom('ledger_accounts')
    .select(['currency', (eb) => eb.fn.sum<number>('balance').as('total')])
    .groupBy('currency')
    .execute();
  for (const c of sums) if (Number(c.total) !== 0) problems.push(`${c.currency} accounts sum to ${c.total}, not 0`);
  return problems;
}
