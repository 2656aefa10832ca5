import type { AppContext } from '../../context.js';
import { givenReason, requiredReason, recordAudit, type By } from '../audit/service.js';
import { settleDepositRequest } from './manual-service.js';

/**
 * A person's answer to a manual deposit request (issue 23): the staff console's confirm and reject and the
 * operator's `deposit-request confirm|reject` are this one code. Confirming posts the request's pending
 * entry (a new entry, `deposit_credit`, that names it and the actor); rejecting voids it (a `deposit_void`
 * entry that moves no money and does not name the actor yet). A request settled meanwhile is 409
 * DEPOSIT_REQUEST_NOT_PENDING.
 */

type Books = Pick<AppContext, 'database' | 'now'>;

async function settle(ctx: Books, by: By, id: number, outcome: 'SUCCESS' | 'FAILED', reason: string | undefined) {
  const now = ctx.now();
  await settleDepositRequest(ctx.database, id, outcome, now, (tx, journalIds) =>
    recordAudit(tx, by.actor, {
      action: outcome === 'SUCCESS' ? 'deposit-request.confirm' : 'deposit-request.reject',
      target: `deposit-request:${id}`,
      before: { status: 'PENDING' },
      after: { status: outcome },
      reason: reason ?? null,
      ip: by.ip ?? null,
      // a rejected request's void moved no money: it is not stamped with the actor (the audit row names them)
      journalIds: outcome === 'SUCCESS' ? journalIds : [],
      at: now,
    }),
  );
}

export const confirmDepositRequest = (ctx: Books, by: By, input: { id: number; reason?: string }) =>
  settle(ctx, by, input.id, 'SUCCESS', givenReason(input.reason));

export const rejectDepositRequest = async (ctx: Books, by: By, input: { id: number; reason: string }) =>
  settle(ctx, by, input.id, 'FAILED', requiredReason(input.reason));
