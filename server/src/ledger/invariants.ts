import { PostgresAdapter, sql } from 'kysely';
import type { Tx } from '../db/transaction.js';

/**
 * The ledger's promises, checked against the database: every journal entry balances, every account's
 * balance is the sum of its postings, no account that must not go negative is negative, and each
 * currency sums to zero. An empty list means all hold. Read it in one snapshot (`inSnapshot`): on
 * Postgres, statements of a busy ledger read apart would disagree.
 */
export async function checkLedger(tx: Tx): Promise<string[]> {
  const problems = (await unbalancedJournals(tx, 0)).map(journalProblem);
  problems.push(...(await wrongEnds(tx, 0)));
  problems.push(...(await flowsApart(tx, 0)));
  problems.push(...(await balanceDrift(tx)).map(driftProblem));
  problems.push(...(await negativeAccounts(tx)));
  problems.push(...(await currencySums(tx)));
  return problems;
}

/**
 * Ends after `afterJournalId` (an entry naming the pending entry it posts or voids) whose pending entry was
 * not written PENDING, or is of another member or amount. That each pending entry ends at most once, the
 * database's unique index holds.
 */
async function wrongEnds(tx: Tx, afterJournalId: number): Promise<string[]> {
  const rows = await tx
    .selectFrom('journal as e')
    .leftJoin('journal as p', 'p.id', 'e.pending_id')
    .select(['e.id', 'e.pending_id'])
    .where('e.pending_id', 'is not', null)
    .where('e.id', '>', afterJournalId)
    .where((eb) =>
      eb.or([
        eb('p.id', 'is', null),
        eb('p.status', '!=', 'PENDING'),
        eb('p.amount', '!=', eb.ref('e.amount')),
        eb('p.member_id', 'is distinct from', eb.ref('e.member_id')),
      ]),
    )
    .execute();
  return rows.map((r) => `journal ${r.id} ends ${r.pending_id}, which is not a pending entry of that member and amount`);
}

/**
 * The flows that hold a reserve of the ledger's while an outside answer or a person decides: each row names
 * its pending entry (`journal_id`; one row to an entry, migration 0044), and its status is the one that
 * reads as how the entry ended (`open` while none has, `posted`, `voided`). The row keeps what the ledger
 * does not (the provider and its reference, the bank account, who decided); both change in one transaction.
 */
const RESERVING_FLOWS = [
  { table: 'transfer_intents', open: 'open', posted: 'settled', voided: 'compensated' },
  { table: 'withdrawals', open: 'PENDING', posted: 'SUCCESS', voided: 'FAILED' },
  { table: 'deposit_requests', open: 'PENDING', posted: 'SUCCESS', voided: 'FAILED' },
] as const;

/**
 * Flows apart from the ledger, among the entries after `afterJournalId` (reserves written since, and the
 * reserves of ends written since) and every flow still open: a flow whose entry is not a reserve of its
 * member and amount, or whose status is not how that entry ended; and an open reserve that no flow holds
 * (nothing would ever end it). A flow closed on its row with no entry written (a change by hand) is found
 * by the full check (afterJournalId 0).
 */
async function flowsApart(tx: Tx, afterJournalId: number): Promise<string[]> {
  const problems: string[] = [];
  for (const flow of RESERVING_FLOWS) {
    const table = sql.table(flow.table);
    const rows = await sql<{ id: number; status: string; journal_id: number; entry: string | null; other: boolean | null }>`
      select f.id, f.status, f.journal_id, e.status as entry, (e.member_id is distinct from f.member_id or e.amount <> f.amount) as other
        from ${table} f left join ledger_entries e on e.id = f.journal_id
       where (f.journal_id in (select id from journal where id > ${afterJournalId}
                               union all select pending_id from journal where id > ${afterJournalId} and pending_id is not null)
              or f.status = ${flow.open})
         and (e.id is null or e.member_id is distinct from f.member_id or e.amount <> f.amount
              or e.status is distinct from case f.status when ${flow.open} then 'PENDING' when ${flow.posted} then 'SUCCESS'
                                                         when ${flow.voided} then 'FAILED' end)
       order by f.id`.execute(tx);
    for (const r of rows.rows)
      problems.push(
        r.entry === null || r.other
          ? `${flow.table} ${r.id} names journal ${r.journal_id}, which is not a reserve of its member and amount`
          : `${flow.table} ${r.id} is ${r.status} but its reserve, journal ${r.journal_id}, is ${r.entry}`,
      );
  }
  const holders = RESERVING_FLOWS.map((f) => sql`not exists (select 1 from ${sql.table(f.table)} f where f.journal_id = j.id)`);
  const orphans = await sql<{ id: number; type: string }>`
    select j.id, j.type from journal j
     where j.id > ${afterJournalId} and j.status = 'PENDING' and j.pending_id is null
       and not exists (select 1 from journal e where e.pending_id = j.id) and ${sql.join(holders, sql` and `)}
     order by j.id`.execute(tx);
  problems.push(...orphans.rows.map((j) => `journal ${j.id}: an open ${j.type} reserve that no flow holds`));
  return problems;
}

/** An account whose cached balance is not the sum of its postings. */
export interface Drift {
  accountId: number;
  code: string;
  balance: number;
  posted: number;
}

export const driftProblem = (d: Drift) => `${d.code}: balance ${d.balance} but postings sum to ${d.posted}`;
const journalProblem = (j: { journal_id: number; total: number }) => `journal ${j.journal_id} does not balance (${j.total})`;

/** Journal entries after `afterJournalId` whose postings do not sum to zero. */
async function unbalancedJournals(tx: Tx, afterJournalId: number) {
  return tx
    .selectFrom('postings')
    .select(['journal_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('journal_id', '>', afterJournalId)
    .groupBy('journal_id')
    .having((eb) => eb.fn.sum('amount'), '!=', 0)
    .execute();
}

/**
 * Accounts whose balance differs from the sum of their postings: every account, or those of `accountIds`,
 * or (`houses`) the accounts of no member.
 */
export async function balanceDrift(tx: Tx, only: { accountIds?: readonly number[]; houses?: boolean } = {}): Promise<Drift[]> {
  if (only.accountIds && only.accountIds.length === 0) return [];
  let query = tx
    .selectFrom('ledger_accounts as a')
    .leftJoin('postings as p', 'p.account_id', 'a.id')
    .select(['a.id', 'a.code', 'a.balance', sql<number>`coalesce(sum(p.amount), 0)`.as('posted')])
    .groupBy(['a.id', 'a.code', 'a.balance'])
    .orderBy('a.id');
  if (only.accountIds) query = query.where('a.id', 'in', only.accountIds);
  if (only.houses) query = query.where('a.member_id', 'is', null);
  const rows = await query.execute();
  return rows
    .filter((a) => Number(a.balance) !== Number(a.posted))
    .map((a) => ({ accountId: a.id, code: a.code, balance: Number(a.balance), posted: Number(a.posted) }));
}

async function negativeAccounts(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .where('allow_negative', '=', 0)
    .where('balance', '<', 0)
    .execute();
  return rows.map((a) => `${a.code} is negative (${a.balance})`);
}

async function currencySums(tx: Tx): Promise<string[]> {
  const sums = await tx
    .selectFrom('ledger_accounts')
    .select(['currency', (eb) => eb.fn.sum<number>('balance').as('total')])
    .groupBy('currency')
    .execute();
  return sums.filter((c) => Number(c.total) !== 0).map((c) => `${c.currency} accounts sum to ${c.total}, not 0`);
}

/** What one pass of `checkLedgerSince` found, and where the next pass starts. */
export interface LedgerPass {
  problems: string[];
  /** Accounts found drifting: the next pass looks at them again whether or not they moved. */
  drifting: number[];
  /** The last journal entry this pass saw. */
  lastJournalId: number;
}

/**
 * The ledger's promises for what was written since a journal entry, cheap enough for every sweep: the
 * entries after `afterJournalId` balance, the accounts they touched (and `recheck`, the ones found drifting
 * before) hold the sum of their postings, no account that must not go negative is, and each currency sums
 * to zero. A house account (every transfer touches one; its postings are the ledger's longest) is summed
 * only when a currency does not sum to zero: a balance changed without its postings, or postings without
 * their balance, always shows there first, and the house accounts are then summed to name the one.
 */
export async function checkLedgerSince(tx: Tx, afterJournalId: number, recheck: readonly number[] = []): Promise<LedgerPass> {
  const last = await tx
    .selectFrom('journal')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const lastJournalId = Math.max(afterJournalId, Number(last?.id ?? 0));
  const problems = (await unbalancedJournals(tx, afterJournalId)).map(journalProblem);
  problems.push(...(await wrongEnds(tx, afterJournalId)));
  problems.push(...(await flowsApart(tx, afterJournalId)));
  const touched = await tx
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select('a.id')
    .distinct()
    .where('p.journal_id', '>', afterJournalId)
    .where('a.member_id', 'is not', null)
    .execute();
  const members = [...new Set([...touched.map((t) => t.id), ...recheck])];
  const drift = await balanceDrift(tx, { accountIds: members });
  const sums = await currencySums(tx);
  if (sums.length) {
    const named = new Set(drift.map((d) => d.accountId));
    drift.push(...(await balanceDrift(tx, { houses: true })).filter((d) => !named.has(d.accountId)));
  }
  problems.push(...drift.map(driftProblem), ...(await negativeAccounts(tx)), ...sums);
  return { problems, drifting: drift.map((d) => d.accountId), lastJournalId };
}

/**
 * Sets the cached balance of each of `accountIds` to the sum of its postings (the postings are the
 * ledger; the balance is their cache), and answers what it changed. Each account's row is locked first,
 * so no movement of it commits between the sum and the write. An account that must not go negative and
 * whose postings sum below zero is refused by the table's CHECK, and the whole repair with it.
 */
export async function repairBalances(tx: Tx, accountIds: readonly number[]): Promise<Drift[]> {
  if (!accountIds.length) return [];
  const ids = [...accountIds].sort((a, b) => a - b);
  // rows locked in ascending id order, as every movement takes them (no deadlock with one)
  if (tx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select id from ledger_accounts where id in (${sql.join(ids)}) order by id for update`.execute(tx);
  const drift = await balanceDrift(tx, { accountIds: ids });
  for (const d of drift) await tx.updateTable('ledger_accounts').set({ balance: d.posted }).where('id', '=', d.accountId).execute();
  return drift;
}
