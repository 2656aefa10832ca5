import { personOf } from '../../../../contract/staff.js';
import type { Tx } from '../../db/transaction.js';
import { forbidden } from '../../lib/errors.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import type { CreditHold } from '../../../../contract/staff-queues.js';
import { askerDisabled, madeBy, type Actor } from '../audit/service.js';
import { creditAlone } from './policy.js';
import { requireApprover } from './staff-role.js';

/**
 * The money policy on every path that credits a wallet on a staff member's word besides adjustments
 * (issue 36): approving a slip for more than the bank confirmed (or for an amount it never told),
 * confirming a manual deposit request, attaching an unmatched payment. The path asks `judgeCredit` in the
 * transaction that would credit, after locking the member's row and before moving money:
 * - the part that is the asker's word (`ownWord`: all of it, or what is above the bank's amount) is judged
 *   with their other credits of the day (policy.ts). Within the allowance the credit applies, and counts
 *   against it; none of it their word (a slip at the bank's amount) applies with no judgement;
 * - otherwise the path credits nothing: a hold (migration 0042) waits for a second finance clerk or admin,
 *   and the path's answer says so. That second person asking the same credit (the same member and
 *   amount) applies it, counted against no one's allowance; the asker asking it again is 403 FOUR_EYES;
 *   anyone asking another credit for the source replaces the hold and is judged afresh.
 * A path that ends its source otherwise (a rejected slip, request, a refunded payment) ends its hold with
 * `endHold`.
 */

export interface StaffCredit {
  /** As the audit trail names it: `slip:<id>`, `deposit-request:<id>`, `payment:<gateway txn>`. */
  source: string;
  memberId: number;
  currency: Currency;
  /** The whole credit, minor units. */
  amount: number;
  /** The part of it that is the asker's word alone, minor units (0..amount). */
  ownWord: number;
  reason: string | null;
  now: number;
}

export type Verdict =
  /** Credit now. `secondTo`: who asked the hold a second person just approved, or null. */
  | { apply: true; secondTo: string | null }
  /** Nothing credited: a hold waits for a second person. */
  | { apply: false; because: 'amount' | 'day' };

const pendingHold = (tx: Tx, source: string) =>
  tx.selectFrom('credit_holds').selectAll().where('source', '=', source).where('status', '=', 'PENDING').forUpdate().executeTakeFirst();

async function decideHold(tx: Tx, id: number, status: 'APPLIED' | 'REPLACED' | 'ENDED', actor: Actor, now: number) {
  await tx
    .updateTable('credit_holds')
    .set({ status, decided_by: madeBy(actor), decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/** Whether `actor` may credit `credit` now, in the crediting transaction (the member's row locked first). */
export async function judgeCredit(tx: Tx, actor: Actor, credit: StaffCredit): Promise<Verdict> {
  const pending = await pendingHold(tx, credit.source);
  if (credit.ownWord <= 0 && !pending) return { apply: true, secondTo: null };
  // a credit on a person's word needs a person who may give it: a finance clerk or admin (the CLI's --as)
  await requireApprover(tx, actor);
  const person = actor.username;
  // the same credit asked by one now disabled is no second word: replaced, and judged as this person's own
  const seconds = pending !== undefined && !(await askerDisabled(tx, pending.asked_by));
  if (pending && seconds && Number(pending.amount) === credit.amount && pending.member_id === credit.memberId) {
    if (personOf(pending.asked_by) === person) throw forbidden('FOUR_EYES');
    await decideHold(tx, pending.id, 'APPLIED', actor, credit.now);
    return { apply: true, secondTo: pending.asked_by };
  }
  if (pending) await decideHold(tx, pending.id, 'REPLACED', actor, credit.now);
  if (credit.ownWord <= 0) return { apply: true, secondTo: null };
  const because = await creditAlone(tx, {
    person,
    currency: credit.currency,
    amount: credit.ownWord,
    source: credit.source,
    memberId: credit.memberId,
    at: credit.now,
  });
  if (because === null) return { apply: true, secondTo: null };
  await tx
    .insertInto('credit_holds')
    .values({
      source: credit.source,
      member_id: credit.memberId,
      currency: credit.currency,
      amount: credit.amount,
      own_word: credit.ownWord,
      reason: credit.reason,
      asked_by: madeBy(actor),
      asked_at: credit.now,
      waits_because: because,
      status: 'PENDING',
      decided_by: null,
      decided_at: null,
    })
    .execute();
  return { apply: false, because };
}

/** The source ended without this credit (rejected, refunded): its waiting hold, if any, ends with it. */
export async function endHold(tx: Tx, source: string, actor: Actor, now: number): Promise<void> {
  const pending = await pendingHold(tx, source);
  if (pending) await decideHold(tx, pending.id, 'ENDED', actor, now);
}

/** A waiting hold as the queues show it (contract CreditHold), with the phone of the member it credits. */
export type HoldView = CreditHold & { phone: string };

/** The waiting holds of these sources, by source. */
export async function waitingHolds(tx: Tx, sources: readonly string[]): Promise<Map<string, HoldView>> {
  if (!sources.length) return new Map();
  const rows = await tx
    .selectFrom('credit_holds')
    .innerJoin('members', 'members.id', 'credit_holds.member_id')
    .selectAll('credit_holds')
    .select('members.phone')
    .where('credit_holds.source', 'in', sources)
    .where('credit_holds.status', '=', 'PENDING')
    .execute();
  return new Map(
    rows.map((r) => [
      r.source,
      {
        amount: toMajor(Number(r.amount), r.currency as Currency),
        phone: r.phone,
        askedBy: r.asked_by,
        askedAt: new Date(Number(r.asked_at)).toISOString(),
        reason: r.reason,
        because: r.waits_because,
      },
    ]),
  );
}
