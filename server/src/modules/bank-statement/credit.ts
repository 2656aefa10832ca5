import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/transaction.js';
import type { StatementLinesTable } from '../../db/schema.js';
import { creditDeposit, memberMoney } from '../../ledger/operations.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { endHold, judgeCredit } from '../adjustments/service.js';
import { madeBy, recordAudit, type By } from '../audit/service.js';
import { settleDepositRequestIn } from '../deposit/service.js';
import { notifyMember } from '../events/service.js';

/**
 * A statement line credited, in the caller's transaction: through the waiting manual request it matched,
 * or to a member (the sender the import found, or the member a clerk assigned it to). Whose money it is
 * rests on the file the clerk brought and their matching: the whole amount is their word, judged by the
 * staff money policy (credit-holds.ts) as `statement-line:<id>`, with the person's other credits of the
 * day. Past their allowance nothing moves: the line WAITS for a second finance clerk or admin to assign it
 * to the same member. The member's journal entry names the person (`made_by`), the audit row the line.
 */

/** The journal's source of a deposit credited from a statement line: the member's statement shows a deposit. */
export const STATEMENT_SOURCE = 'BANK_TRANSFER';

type Line = Pick<StatementLinesTable, 'amount' | 'currency' | 'row_no' | 'import_id'> & { id: number };
export type Credited = { status: 'CREDITED'; journalId: number } | { status: 'WAITING'; because: 'amount' | 'day' };

interface CreditAsk {
  database: Database;
  by: By;
  line: Line;
  memberId: number;
  /** The waiting request it credits through, or none (straight to the wallet). */
  requestId: number | null;
  /** `statement.credit` (the import), `statement.assign` (a clerk from the queue). */
  action: string;
  reason: string | null;
  now: number;
}

export async function creditLine(tx: Tx, ask: CreditAsk): Promise<Credited> {
  const { line, by, now } = ask;
  const currency = line.currency as Currency;
  const amount = Number(line.amount);
  const source = `statement-line:${line.id}`;
  const audit = (after: Record<string, unknown>, journalIds: readonly number[] = []) =>
    recordAudit(tx, by.actor, {
      action: ask.action,
      target: source,
      before: { import: line.import_id, row: line.row_no },
      after: { amount: toMajor(amount, currency), currency, ...(ask.requestId ? { request: ask.requestId } : {}), ...after },
      reason: ask.reason,
      ip: by.ip ?? null,
      journalIds,
      at: now,
      member: ask.memberId,
      money: { minor: amount, currency },
    });
  const decided = { decided_by: madeBy(by.actor), decided_at: now, decision_reason: ask.reason };
  let secondTo: string | null = null;
  let waits: 'amount' | 'day' | null = null;
  const judge = async (memberId: number) => {
    const verdict = await judgeCredit(tx, by.actor, { source, memberId, currency, amount, ownWord: amount, reason: ask.reason, now });
    secondTo = verdict.apply ? verdict.secondTo : null;
    waits = verdict.apply ? null : verdict.because;
    return verdict.apply;
  };
  const credited = async (journalId: number) => {
    await tx
      .updateTable('statement_lines')
      .set({ status: 'CREDITED', member_id: ask.memberId, journal_id: journalId, why: null, ...decided })
      .where('id', '=', line.id)
      .execute();
    await audit({ status: 'CREDITED', ...(secondTo ? { secondTo } : {}) }, [journalId]);
  };
  if (ask.requestId !== null) {
    let journalId = 0;
    const outcome = await settleDepositRequestIn(
      tx,
      ask.database,
      ask.requestId,
      'SUCCESS',
      now,
      async (_tx, journalIds) => {
        journalId = journalIds[0]!;
        // a clerk's confirmation of the request that waited for a second person is moot: the statement credited it
        await endHold(tx, `deposit-request:${ask.requestId}`, by.actor, now);
      },
      (_tx, request) => judge(request.memberId),
    );
    if (outcome === 'settled') {
      await credited(journalId);
      return { status: 'CREDITED', journalId };
    }
  } else {
    // the lock order of every money movement: the member's row first
    const member = await memberMoney(tx, ask.memberId);
    if (await judge(member.memberId)) {
      const journalId = await creditDeposit(tx, member, amount, STATEMENT_SOURCE, now);
      await notifyMember(
        ask.database,
        member.memberId,
        { kind: 'credit', source: STATEMENT_SOURCE, amount: toMajor(amount, currency) },
        tx,
      );
      await credited(journalId);
      return { status: 'CREDITED', journalId };
    }
  }
  const because = waits ?? 'amount';
  await tx
    .updateTable('statement_lines')
    .set({ status: 'WAITING', member_id: ask.memberId, why: because, ...decided })
    .where('id', '=', line.id)
    .execute();
  await audit({ status: 'WAITING', waitsBecause: because });
  return { status: 'WAITING', because };
}
