import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import type { StatementMember, StatementQueueLine } from '../../../../contract/staff-statements.js';
import { endHold, waitingHolds } from '../adjustments/service.js';
import { madeBy, recordAudit, requiredReason, type By } from '../audit/service.js';
import { creditLine } from './credit.js';

/**
 * The lines waiting for a person (contract/staff-statements.ts): UNMATCHED ones (no match, more than one,
 * an account without a name) and WAITING ones (the money policy holds their credit for a second person).
 * A clerk assigns a line to a member (credit.ts: the money policy judges it, as any credit on a clerk's
 * word) or dismisses it with a reason (nothing moves: the money went back, it is no member's deposit, it was
 * credited otherwise). Each answer locks the line and claims it from its status, so a line is answered once.
 */

type Books = Pick<AppContext, 'database' | 'now'>;

const QUEUE_LIMIT = 500;

/**
 * How many lines wait for a person, from the queue's partial index (statement_lines_queue_idx, 0048): the
 * console's dashboard and /metrics (wallet_statement_lines_waiting) show it.
 */
export const statementLinesWaiting = (db: Kysely<DB>) =>
  db
    .selectFrom('statement_lines')
    .where('status', 'in', ['UNMATCHED', 'WAITING'])
    .select((eb) => eb.fn.countAll<number>().as('n'));

export async function statementQueue(ctx: Books): Promise<StatementQueueLine[]> {
  const db = ctx.database.db;
  const rows = await db
    .selectFrom('statement_lines')
    .innerJoin('statement_imports', 'statement_imports.id', 'statement_lines.import_id')
    .selectAll('statement_lines')
    .select('statement_imports.bank')
    .where('statement_lines.status', 'in', ['UNMATCHED', 'WAITING'])
    .orderBy('statement_lines.id')
    .limit(QUEUE_LIMIT)
    .execute();
  const candidateIds = rows.flatMap((r) => [
    ...(r.candidates ? (JSON.parse(r.candidates) as number[]) : []),
    ...(r.member_id ? [r.member_id] : []),
  ]);
  const members = new Map<number, StatementMember>(
    candidateIds.length
      ? (
          await db
            .selectFrom('members')
            .select(['id', 'phone', 'name'])
            .where('id', 'in', [...new Set(candidateIds)])
            .execute()
        ).map((m) => [m.id, m])
      : [],
  );
  const holds = await waitingHolds(
    db,
    rows.map((r) => `statement-line:${r.id}`),
  );
  return rows.map((r) => {
    const currency = r.currency as Currency;
    const candidates = r.candidates ? (JSON.parse(r.candidates) as number[]) : [];
    const hold = holds.get(`statement-line:${r.id}`);
    return {
      id: r.id,
      importId: r.import_id,
      bank: r.bank,
      accountNo: r.account_no,
      rowNo: r.row_no,
      at: new Date(Number(r.at)).toISOString(),
      amount: toMajor(Number(r.amount), currency),
      currency,
      sender: { bank: r.sender_bank, account: r.sender_account, name: r.sender_name },
      description: r.description,
      status: r.status as 'UNMATCHED' | 'WAITING',
      why: r.why,
      candidates: candidates.map((id) => members.get(id)).filter((m) => m !== undefined),
      member: r.status === 'WAITING' && r.member_id ? (members.get(r.member_id) ?? null) : null,
      hold: hold ? { amount: hold.amount, askedBy: hold.askedBy, askedAt: hold.askedAt, reason: hold.reason, because: hold.because } : null,
    };
  });
}

const lineOf = async (tx: Parameters<Parameters<typeof withTransaction>[1]>[0], id: number) => {
  const line = await tx.selectFrom('statement_lines').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!line) throw new ApiError(404, 'NO_DATA');
  if (line.status !== 'UNMATCHED' && line.status !== 'WAITING') throw conflict('STATEMENT_LINE_DONE');
  return line;
};

/** Credits the line to the member with this phone; answers whether it waits for a second person. */
export async function assignLine(
  ctx: Books,
  by: By,
  input: { id: number; phone: string; reason: string },
): Promise<{ waits: 'amount' | 'day' | null }> {
  const reason = requiredReason(input.reason);
  return withTransaction(ctx.database, async (tx) => {
    const found = await tx.selectFrom('members').select(['id', 'currency']).where('phone', '=', input.phone.trim()).executeTakeFirst();
    if (!found) throw new ApiError(404, 'NO_DATA');
    const line = await lineOf(tx, input.id);
    if (found.currency !== line.currency) throw badRequest('STATEMENT_CURRENCY_MISMATCH');
    // a line held on its way through a request goes on through it when it is given to the same member
    const throughRequest =
      line.status === 'WAITING' && line.match_kind === 'deposit-request' && line.member_id === found.id && line.match_ref
        ? Number(line.match_ref.slice('deposit-request:'.length))
        : null;
    if (throughRequest === null)
      await tx.updateTable('statement_lines').set({ match_kind: 'clerk', match_ref: null }).where('id', '=', line.id).execute();
    const done = await creditLine(tx, {
      database: ctx.database,
      by,
      line,
      memberId: found.id,
      requestId: throughRequest,
      action: 'statement.assign',
      reason,
      now: ctx.now(),
    });
    return { waits: done.status === 'WAITING' ? done.because : null };
  });
}

/** Nothing credited: the line leaves the queue with the clerk's reason (and any credit waiting for it ends). */
export async function dismissLine(ctx: Books, by: By, input: { id: number; reason: string }): Promise<void> {
  const reason = requiredReason(input.reason);
  await withTransaction(ctx.database, async (tx) => {
    const line = await lineOf(tx, input.id);
    const now = ctx.now();
    await tx
      .updateTable('statement_lines')
      .set({ status: 'DISMISSED', decided_by: madeBy(by.actor), decided_at: now, decision_reason: reason })
      .where('id', '=', line.id)
      .execute();
    await endHold(tx, `statement-line:${line.id}`, by.actor, now);
    const currency = line.currency as Currency;
    await recordAudit(tx, by.actor, {
      action: 'statement.dismiss',
      target: `statement-line:${line.id}`,
      before: { status: line.status, why: line.why, import: line.import_id, row: line.row_no },
      after: { status: 'DISMISSED', amount: toMajor(Number(line.amount), currency), currency },
      reason,
      ip: by.ip ?? null,
      at: now,
      // a line held for a member is found from them
      member: line.member_id,
      money: { minor: Number(line.amount), currency },
    });
  });
}
