import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { toMajor } from '../../ledger/money.js';
import { endHold, judgeCredit } from '../adjustments/service.js';
import { badRequest } from '../../lib/errors.js';
import { readAllSettings } from '../../settings/store.js';
import { decisionReason, requiredReason, recordAudit, type By } from '../audit/service.js';
import { settleDepositRequest, type SettledRequest } from './manual-service.js';

/**
 * A person's answer to a manual deposit request (issue 23): the staff console's confirm and reject and the
 * operator's `deposit-request confirm|reject` are this one code. Confirming posts the request's pending
 * entry (a new entry, `deposit_credit`, that names it and the actor); rejecting voids it (a `deposit_void`
 * entry that moves no money and does not name the actor yet). A request settled meanwhile is 409
 * DEPOSIT_REQUEST_NOT_PENDING. No bank told us the money came: the whole amount is the confirmer's word,
 * and the money policy (credit-holds.ts) judges it; past their allowance the confirmation waits for a
 * second finance clerk or admin, and the request stays PENDING. The confirming clerk may say which of our
 * deposit accounts the money arrived in (the figures per deposit account): one of the `deposit` setting's, of
 * the request's currency, retired ones included, else 400 DEPOSIT_ACCOUNT_UNKNOWN and nothing changes. A
 * confirmation that waits keeps the account it named on the request, for the second person: their confirmation
 * names another or, saying none, that one.
 */

type Books = Pick<AppContext, 'database' | 'now'>;

async function settle(
  ctx: Books,
  by: By,
  id: number,
  outcome: 'SUCCESS' | 'FAILED',
  reason: string | undefined,
  depositAccountNo?: string,
): Promise<{ waits: 'amount' | 'day' | null }> {
  const now = ctx.now();
  const source = `deposit-request:${id}`;
  // the answer's audit row: the confirmation or rejection, or a confirmation left WAITING for a second person
  const audit = (tx: Tx, request: SettledRequest, after: Record<string, unknown>, journalIds: readonly number[] = []) =>
    recordAudit(tx, by.actor, {
      action: outcome === 'SUCCESS' ? 'deposit-request.confirm' : 'deposit-request.reject',
      target: source,
      before: { status: 'PENDING' },
      after,
      reason: reason ?? null,
      ip: by.ip ?? null,
      journalIds,
      at: now,
      member: request.memberId,
      money: { minor: request.amount, currency: request.currency },
    });
  let secondTo: string | null = null;
  let waits: 'amount' | 'day' | null = null;
  await settleDepositRequest(
    ctx.database,
    id,
    outcome,
    now,
    async (tx, journalIds, request) => {
      if (outcome === 'FAILED') await endHold(tx, source, by.actor, now);
      // the account: this confirmer's word, else the word of the clerk whose confirmation waited for them while it
      // is still one of ours (else an unknown account); a rejected request arrived nowhere
      const arrivedIn = outcome === 'SUCCESS' ? (depositAccountNo ?? (await stillOurs(tx, request))) : null;
      await nameAccount(tx, request, arrivedIn);
      // a rejected request's void moved no money: it is not stamped with the actor (the audit row names them)
      const said = arrivedIn ? { depositAccountNo: arrivedIn } : {};
      await audit(tx, request, { status: outcome, ...said, ...(secondTo ? { secondTo } : {}) }, outcome === 'SUCCESS' ? journalIds : []);
    },
    async (tx, request) => {
      if (depositAccountNo && !(await ourDepositAccount(tx, depositAccountNo, request.currency)))
        throw badRequest('DEPOSIT_ACCOUNT_UNKNOWN');
      const verdict = await judgeCredit(tx, by.actor, { source, ...request, ownWord: request.amount, reason: reason ?? null, now });
      // set on every attempt: a transaction tried again after a conflict judges afresh
      secondTo = verdict.apply ? verdict.secondTo : null;
      waits = verdict.apply ? null : verdict.because;
      if (verdict.apply) return true;
      // the confirmation waits: the account it names waits with it, for the second person's dialog to show
      if (depositAccountNo) await nameAccount(tx, request, depositAccountNo);
      const said = depositAccountNo ? { depositAccountNo } : {};
      await audit(tx, request, { status: 'WAITING', amount: toMajor(request.amount, request.currency), waitsBecause: waits, ...said });
      return false;
    },
  );
  return { waits };

  /** The request's deposit account set to `accountNo` (null: none), written only when it changes. */
  async function nameAccount(tx: Tx, request: SettledRequest, accountNo: string | null) {
    if (accountNo !== request.depositAccountNo)
      await tx.updateTable('deposit_requests').set({ deposit_account_no: accountNo }).where('id', '=', id).execute();
  }
}

/** The account a waiting confirmation named for `request`, while it is still one of ours; else null. */
const stillOurs = async (tx: Tx, request: SettledRequest): Promise<string | null> =>
  request.depositAccountNo !== null && (await ourDepositAccount(tx, request.depositAccountNo, request.currency))
    ? request.depositAccountNo
    : null;

/** Whether `accountNo` is one of the `deposit` setting's deposit accounts of `currency` (retired ones too). */
async function ourDepositAccount(tx: Tx, accountNo: string, currency: string): Promise<boolean> {
  const banks = (await readAllSettings(tx)).deposit?.banks ?? [];
  return banks.some((b) => b.bankType === 'DEPOSIT' && b.bankAccountNo === accountNo && b.currency === currency);
}

export const confirmDepositRequest = (ctx: Books, by: By, input: { id: number; reason?: string; depositAccountNo?: string }) =>
  settle(ctx, by, input.id, 'SUCCESS', decisionReason('APPLIED', input.reason) ?? undefined, input.depositAccountNo);

export const rejectDepositRequest = async (ctx: Books, by: By, input: { id: number; reason: string }) =>
  settle(ctx, by, input.id, 'FAILED', requiredReason(input.reason));
