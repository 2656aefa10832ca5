import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.js';
import { MINOR, type Currency } from '../../ledger/money.js';
import type { Settings } from '../../settings/registry.js';

/**
 * The money policy (issue 36): how much money one staff member may put into wallets alone. A credit
 * applies with no second person only when it is at or below the operator's threshold for its currency
 * AND, added to what the same person credited alone in the last 24 hours in that currency, stays at or
 * below it; otherwise it waits for a second finance clerk or admin. Split into small steps or spread over
 * paths, one person's credits never pass the threshold in a day without a second pair of eyes. A rolling
 * 24 hours, not the calendar day: no fresh allowance at midnight.
 *
 * A path that credits a wallet on a staff member's word asks `creditAlone` in the credit's own transaction,
 * which records there what it lets apply alone. The person is the username, the
 * same in the console and the CLI's `--as`. The staff adjustments (console and `adjust`) ask it here;
 * slip approval above the bank's amount, manual deposit confirmation and attaching an unmatched payment
 * ask it through credit-holds.ts. The CLI's `deposit` is a demo top-up, refused in production.
 */

export const POLICY_WINDOW_MS = 24 * 3600 * 1000;

/** The first key of the money policy's advisory locks (two-key form): one per person and schema. */
const POLICY_LOCK_CLASS = 36;

const DEFAULT_THRESHOLDS: Settings['adjustments'] = { approvalAboveBaht: 5000, approvalAboveKip: 1_000_000 };

/** The thresholds in minor units, read in the transaction (the CLI and the server agree, whatever a cache holds). */
export async function approvalAbove(tx: Tx): Promise<Record<Currency, number>> {
  const row = await tx.selectFrom('settings').select('value').where('key', '=', 'adjustments').executeTakeFirst();
  const s = row ? (JSON.parse(row.value) as Settings['adjustments']) : DEFAULT_THRESHOLDS;
  return { BAHT: Math.round(s.approvalAboveBaht * MINOR.BAHT), LAK: Math.round(s.approvalAboveKip * MINOR.LAK) };
}

/** What `person` credited alone in the window ending at `now`, per currency (minor units). */
async function creditedAlone(tx: Tx, person: string, now: number, currency?: Currency): Promise<Record<Currency, number>> {
  let query = tx
    .selectFrom('staff_credits')
    .select(['currency', (eb) => eb.fn.sum<string>('amount').as('total')])
    .where('person', '=', person)
    .where('at', '>', now - POLICY_WINDOW_MS)
    .groupBy('currency');
  if (currency) query = query.where('currency', '=', currency);
  const rows = await query.execute();
  const of = (c: Currency) => Number(rows.find((r) => r.currency === c)?.total ?? 0);
  return { BAHT: of('BAHT'), LAK: of('LAK') };
}

/** How much more `person` may credit alone now, per currency (minor units): what the console tells the clerk. */
export async function creditAloneLeft(tx: Tx, person: string, now: number): Promise<Record<Currency, number>> {
  const [threshold, used] = await Promise.all([approvalAbove(tx), creditedAlone(tx, person, now)]);
  return { BAHT: Math.max(0, threshold.BAHT - used.BAHT), LAK: Math.max(0, threshold.LAK - used.LAK) };
}

/** Why a credit waits for a second person, or null when it may apply alone. */
export type SecondBecause = 'amount' | 'day' | null;

/** A credit on one person's word: who, how much (minor units) in what, what credits it, to whom, when. */
export interface PersonCredit {
  person: string;
  currency: Currency;
  amount: number;
  /** As the audit trail names it: `adjustment:<id>`, `slip:<id>`, ... */
  source: string;
  /** Null for a bonus's budget (no one's yet). */
  memberId: number | null;
  at: number;
}

/**
 * Whether `credit.person` may credit `credit.amount` alone now; when they may, the credit is recorded
 * against their allowance here, in the credit's transaction (it rolls back with the credit). Takes a lock
 * on the person's credits until the transaction ends, so two credits of one person at once are judged one
 * after the other: the second sees the first's row.
 */
export async function creditAlone(tx: Tx, credit: PersonCredit): Promise<SecondBecause> {
  // per schema too: another wallet (a test's) on the same Postgres has persons of its own; the two-key
  // form keeps these locks apart from any one-key advisory lock (the audit chain's)
  await sql`select pg_advisory_xact_lock(${POLICY_LOCK_CLASS}, hashtext(current_schema() || ':' || ${credit.person}))`.execute(tx);
  const threshold = (await approvalAbove(tx))[credit.currency];
  if (credit.amount > threshold) return 'amount';
  const used = (await creditedAlone(tx, credit.person, credit.at, credit.currency))[credit.currency];
  if (used + credit.amount > threshold) return 'day';
  await tx
    .insertInto('staff_credits')
    .values({
      person: credit.person,
      currency: credit.currency,
      amount: credit.amount,
      source: credit.source,
      member_id: credit.memberId,
      at: credit.at,
    })
    .execute();
  return null;
}
