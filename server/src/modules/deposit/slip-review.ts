import type { AppContext } from '../../context.js';
import { creditInDoubt, type SlipReason } from '../../../../contract/staff-queues.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import { decisionReason, givenReason, recordAudit, type By } from '../audit/service.js';
import { closeSlip, creditSlip } from './slips.js';
import { endHold, judgeCredit } from '../adjustments/service.js';
import type { Tx } from '../../db/transaction.js';

/**
 * A person's answer to a slip waiting for review (issue 23): the staff console's approve and reject and
 * the operator's `slip approve|reject` are this one code. Approving credits the bank's amount unless a
 * reason says otherwise (`slip approve 2 11000` once credited 11,000 for a 1,100 baht slip, unasked),
 * and what is above the bank's (all of it when the sender is in doubt) is judged by the money policy (credit-holds.ts); the audit row, the journal's `made_by` and the member's event go with the change, in its transaction.
 */

type Books = Pick<AppContext, 'database' | 'now'>;

const WAITING = ['REVIEW', 'PROCESSING'];

async function waitingSlip(ctx: Books, id: number) {
  const slip = await ctx.database.db.selectFrom('slips').selectAll().where('id', '=', id).executeTakeFirst();
  if (!slip) throw new ApiError(404, 'NO_DATA');
  if (!WAITING.includes(slip.status)) throw conflict('SLIP_NOT_WAITING');
  return slip;
}

/** The amount to credit in minor units: the bank's by default; another, or one the bank never told, needs a reason. */
function amountToCredit(bankMinor: number | null, currency: Currency, amount: number | undefined, reason: string | undefined): number {
  if (amount === undefined) {
    if (bankMinor === null) throw badRequest('AMOUNT_REQUIRED');
    return bankMinor;
  }
  let minor: number;
  try {
    minor = toMinor(amount, currency);
  } catch {
    throw badRequest('AMOUNT_INVALID');
  }
  // a figure past exact integers is no amount; what is above the bank's is judged by the money policy
  if (!(minor > 0) || !Number.isSafeInteger(minor)) throw badRequest('AMOUNT_INVALID');
  if (minor !== bankMinor && !reason) throw badRequest('REASON_REQUIRED');
  return minor;
}

/** What an approval did: credited, or left waiting for a second person (the money policy, credit-holds.ts). */
export type SlipApproved = { amount: number; currency: Currency; waits: 'amount' | 'day' | null };

/**
 * Credits a waiting slip; answers what was credited, in major units. What is above the bank's amount (all
 * of it when the bank never told one) is the approver's word: the money policy judges it, and past the
 * approver's allowance the slip stays in review with the approval waiting for a second person.
 */
export async function approveSlip(ctx: Books, by: By, input: { id: number; amount?: number; reason?: string }): Promise<SlipApproved> {
  const slip = await waitingSlip(ctx, input.id);
  const currency = slip.currency as Currency;
  // the slip's amount is 0 until the bank told it
  const bankMinor = Number(slip.amount) > 0 ? Number(slip.amount) : null;
  // a note given is kept whole or refused (REASON_REQUIRED), never dropped
  const reason = decisionReason('APPLIED', input.reason) ?? undefined;
  const minor = amountToCredit(bankMinor, currency, input.amount, reason);
  // a slip the bank says another account sent, that more than one member could have sent, or that may have
  // gone to an account no longer ours: that the money is this member's is the approver's word, all of it (a
  // clerk and a look-alike would otherwise move a real sender's deposit to the look-alike unseen, at the bank's amount)
  const ownWord = bankMinor === null || creditInDoubt(slip.note) ? minor : Math.max(0, minor - bankMinor);
  // a slip whose QR nobody could read is held by its own id, so it too credits once
  const bankTx =
    slip.sending_bank && slip.trans_ref
      ? { sendingBank: slip.sending_bank, transRef: slip.trans_ref }
      : { sendingBank: 'SLIP', transRef: slip.reference };
  const source = `slip:${slip.id}`;
  const before = { status: slip.status, amount: bankMinor === null ? null : toMajor(bankMinor, currency) };
  // the approval's audit row: credited, or left WAITING for a second person
  const audit = (tx: Tx, after: Record<string, unknown>, journalIds: readonly number[] = []) =>
    recordAudit(tx, by.actor, {
      action: 'slip.approve',
      target: source,
      before,
      after: { amount: toMajor(minor, currency), ...after },
      reason: reason ?? null,
      ip: by.ip ?? null,
      journalIds,
      at: ctx.now(),
      member: slip.member_id,
      money: { minor, currency },
    });
  let secondTo: string | null = null;
  let waits: 'amount' | 'day' | null = null;
  const result = await creditSlip(
    ctx,
    slip.id,
    slip.member_id,
    minor,
    bankTx,
    (tx, journalIds) => audit(tx, { status: 'SUCCESS', ...(secondTo ? { secondTo } : {}) }, journalIds),
    async (tx) => {
      const credit = { source, memberId: slip.member_id, currency, amount: minor, ownWord, reason: reason ?? null, now: ctx.now() };
      const verdict = await judgeCredit(tx, by.actor, credit);
      // set on every attempt: a transaction tried again after a conflict judges afresh
      secondTo = verdict.apply ? verdict.secondTo : null;
      waits = verdict.apply ? null : verdict.because;
      if (verdict.apply) return true;
      await audit(tx, { status: 'WAITING', waitsBecause: waits });
      return false;
    },
  );
  if (result === 'duplicate') throw conflict('SLIP_DUPLICATE');
  if (result === 'closed') throw conflict('SLIP_NOT_WAITING');
  return { amount: toMajor(minor, currency), currency, waits };
}

/** Fails a waiting slip with the §4 reason its member reads; `comment` is the audit trail's reason when given. */
export async function rejectSlip(ctx: Books, by: By, input: { id: number; reason: SlipReason; comment?: string }): Promise<void> {
  const slip = await waitingSlip(ctx, input.id);
  let ended = false;
  await closeSlip(ctx, slip.id, 'FAILED', input.reason, {}, async (tx) => {
    ended = true;
    await endHold(tx, `slip:${slip.id}`, by.actor, ctx.now());
    await recordAudit(tx, by.actor, {
      action: 'slip.reject',
      target: `slip:${slip.id}`,
      before: { status: slip.status },
      after: { status: 'FAILED', note: input.reason },
      reason: givenReason(input.comment) ?? input.reason,
      ip: by.ip ?? null,
      at: ctx.now(),
      member: slip.member_id,
      // what the bank said it was, when it told: 0 until then
      money: Number(slip.amount) > 0 ? { minor: Number(slip.amount), currency: slip.currency as Currency } : null,
    });
  });
  // closeSlip calls back only when this call ended the slip: another (the verifier, a second clerk) was first
  if (!ended) throw conflict('SLIP_NOT_WAITING');
}
