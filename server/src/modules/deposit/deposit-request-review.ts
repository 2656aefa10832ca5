import type { AppContext } from '../../context.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { endHold, judgeCredit, type Verdict } from '../adjustments/service.js';
import { givenReason, requiredReason, recordAudit, type By } from '../audit/service.js';
import { settleDepositRequest } from './manual-service.js';

/**
 * A person's answer to a manual deposit request (issue 23): the staff console's confirm and reject and the
 * operator's `deposit-request confirm|reject` are this one code. Confirming posts the request's pending
 * entry (a new entry, `deposit_credit`, that names it and the actor); rejecting voids it (a `deposit_void`
 * entry that moves no money and does not name the actor yet). A request settled meanwhile is 409
 * DEPOSIT_REQUEST_NOT_PENDING. No bank told us the money came: the whole amount is the confirmer's word,
 * and the money policy (credit-holds.ts) judges it; past their allowance the confirmation waits for a
 * second finance clerk or admin, and the request stays PENDING.
 */

type Books = Pick<AppContext, 'database' | 'now'>;

async function settle(ctx: Books, by: By, id: number, outcome: 'SUCCESS' | 'FAILED', reason: string | undefined) {
  const now = ctx.now();
  const source = `deposit-request:${id}`;
  let verdict = { apply: true, secondOf: null } as Verdict;
  const settled = await settleDepositRequest(
    ctx.database,
    id,
    outcome,
    now,
    async (tx, journalIds) => {
      if (outcome === 'FAILED') await endHold(tx, source, by.actor, now);
      const request = await tx
        .selectFrom('deposit_requests')
        .select(['member_id', 'amount', 'currency'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await recordAudit(tx, by.actor, {
        action: outcome === 'SUCCESS' ? 'deposit-request.confirm' : 'deposit-request.reject',
        target: source,
        before: { status: 'PENDING' },
        after: { status: outcome, ...(verdict.apply && verdict.secondOf ? { secondTo: verdict.secondOf.askedBy } : {}) },
        reason: reason ?? null,
        ip: by.ip ?? null,
        // a rejected request's void moved no money: it is not stamped with the actor (the audit row names them)
        journalIds: outcome === 'SUCCESS' ? journalIds : [],
        at: now,
        member: request.member_id,
        money: { minor: Number(request.amount), currency: request.currency as Currency },
      });
    },
    async (tx, request) => {
      verdict = await judgeCredit(tx, by.actor, { source, ...request, ownWord: request.amount, reason: reason ?? null, now });
      if (verdict.apply) return true;
      await recordAudit(tx, by.actor, {
        action: 'deposit-request.confirm',
        target: source,
        before: { status: 'PENDING' },
        after: { status: 'WAITING', amount: toMajor(request.amount, request.currency), waitsBecause: verdict.because },
        reason: reason ?? null,
        ip: by.ip ?? null,
        at: now,
        member: request.memberId,
        money: { minor: request.amount, currency: request.currency },
      });
      return false;
    },
  );
  return { waits: settled === 'held' && !verdict.apply ? verdict.because : null };
}

export const confirmDepositRequest = (ctx: Books, by: By, input: { id: number; reason?: string }) =>
  settle(ctx, by, input.id, 'SUCCESS', givenReason(input.reason));

export const rejectDepositRequest = async (ctx: Books, by: By, input: { id: number; reason: string }) =>
  settle(ctx, by, input.id, 'FAILED', requiredReason(input.reason));
