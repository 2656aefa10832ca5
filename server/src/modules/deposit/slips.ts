import { maskedMatches, SENDING_BANK, type BankAnswer } from '../../adapters/slip/bank.js';
import { SLIP_READ_TIMEOUT_MS, type SlipRead } from '../../adapters/slip/slip-reader.js';
import type { AppContext } from '../../context.js';
import type { SlipStatus } from '../../db/schema.js';
import { withTransaction, type AlsoInTransaction, type Tx } from '../../db/transaction.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { siteLimit } from '../../lib/site-money.js';
import { creditDeposit, memberMoney } from '../../ledger/operations.js';
import { isUniqueViolationOf } from '../../lib/errors.js';
import { callWithin } from '../../lib/outside-call.js';
import { notifyMember } from '../events/service.js';
import { endHold } from '../adjustments/service.js';
import { CLI_SYSTEM } from '../audit/service.js';
import { senderMatches } from './sender-match.js';
import { accountKey, takesTransferAt } from '../../settings/deposit-accounts.js';
import { slipDeadline } from './slip-hours.js';
import {
  bankTxCredited,
  claimSlip,
  dueSlipIds,
  endSlip,
  holdOpenSlip,
  insertSlipCredit,
  markSlipCredited,
  memberBankAccount,
  noteReceivingAccount,
  membersLike,
  retrySlipAt,
  slipToVerify,
  uncountAttempt,
  type BankTx,
  type SlipEnded,
  type SlipRow,
  type SlipSaid,
} from './slip-repository.js';

/**
 * Bank slips (§2 Deposit modal, §4 slip failure reasons): the upload is checked and stored, answered
 * PROCESSING at once (slip-upload.ts), and verified after: read the slip-verify QR from the image, ask the bank for that
 * transaction, check it, and credit it once. A bank transaction credits at most one slip, ever: the
 * slip_credits row is inserted in the crediting transaction under a primary key, so concurrent uploads
 * of one slip (by one member or several) race on the database, not on a check.
 */

export const SLIP_BUCKET = 'slips';
/** Bank calls that fail or time out are retried this many times, then the slip waits for the operator. */
export const MAX_ATTEMPTS = 5;
/** §4: three consecutive captcha answers end the verification. */
const MAX_CAPTCHAS = 3;

// the §4 reasons: one list, in the contract, for the verification, the operator and the staff console
export { SLIP_REASONS, type SlipReason } from '../../../../contract/staff-queues.js';
import { SLIP_ACCOUNT_AMBIGUOUS, SLIP_ON_STATEMENT, SLIP_SENDER_AMBIGUOUS, type SlipReason } from '../../../../contract/staff-queues.js';
import { SLIP_AFTER_LINE } from '../../../../contract/staff-statements.js';
import type { GoLiveSlipCheck } from '../../../../contract/staff.js';

/** The wait before attempt n+1 after a failed bank call: 5 s, 10 s, 20 s, ... at most 5 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);

/** What crediting and closing need: the operator's commands have no full server context. */
type Books = Pick<AppContext, 'database' | 'now'>;

/** Ends a slip without money: FAILED with its reason, or REVIEW for the operator. */
export async function closeSlip(
  ctx: Books,
  slipId: number,
  status: Exclude<SlipStatus, 'PROCESSING' | 'SUCCESS'>,
  note: SlipReason | typeof SLIP_SENDER_AMBIGUOUS | typeof SLIP_ON_STATEMENT | typeof SLIP_ACCOUNT_AMBIGUOUS | null,
  said: SlipSaid = {},
  also?: AlsoInTransaction,
): Promise<void> {
  // only the call that ended it tells: a slip another call ended first (the worker crediting it while the
  // operator rejects it) comes back as no row, and its member was told by that call. `also` (an audit row)
  // is written with the change, and only when this call made it.
  return withTransaction(ctx.database, async (tx) => {
    const now = ctx.now();
    const ended = await endSlip(tx, slipId, status, note, said, now);
    if (!ended) return;
    await also?.(tx, []);
    // an approval waiting for a second person ends with its slip, however the slip failed (a duplicate of
    // a credited transfer, the verifier): nothing is left to approve (a reject's own `also` ended it first)
    if (status === 'FAILED') await endHold(tx, `slip:${slipId}`, CLI_SYSTEM, now);
    await tellSlip(ctx, ended, status, tx);
  });
}

/** Tells the slip's member its result (a live event; the slip list row turns into it), in `tx` when it has one. */
async function tellSlip(ctx: Books, slip: SlipEnded, status: 'SUCCESS' | 'FAILED' | 'REVIEW', tx?: Tx) {
  await notifyMember(
    ctx.database,
    slip.member_id,
    { kind: 'slip', reference: slip.reference, status, note: slip.note, amount: toMajor(Number(slip.amount), slip.currency as Currency) },
    tx,
  );
}

/** The bank could not be asked: try again later, or after MAX_ATTEMPTS leave it to the operator. */
async function later(ctx: AppContext, slip: SlipRow, captchas = slip.captchas) {
  const now = ctx.now();
  if (slip.attempts >= MAX_ATTEMPTS) return closeSlip(ctx, slip.id, 'REVIEW', null);
  await retrySlipAt(ctx.database.db, slip.id, now + retryDelayMs(slip.attempts), captchas, now);
}

/** The sweep that reads slips left for later, one per server, soon (a second) after the last was left. */
const soon = new WeakMap<AppContext, NodeJS.Timeout>();
function sweepSoon(ctx: AppContext) {
  if (soon.has(ctx)) return;
  const timer = setTimeout(() => {
    soon.delete(ctx);
    verifyDueSlips(ctx).catch(() => undefined);
  }, 1_000);
  timer.unref();
  soon.set(ctx, timer);
}

/**
 * No reading thread free: the slip stays PROCESSING and due, this attempt not counted (the bank was not
 * asked), and is read once a thread is free, by the sweep started here or the minute sweep.
 */
async function readLater(ctx: AppContext, slip: SlipRow) {
  await uncountAttempt(ctx.database.db, slip.id, ctx.now());
  sweepSoon(ctx);
}

/**
 * Credits the slip's bank transaction to the member, once: the slip_credits row and the journal entry
 * commit together or not at all. Another slip holding the transaction makes this one SLIP_DUPLICATE.
 */
export async function creditSlip(
  ctx: Books,
  slipId: number,
  memberId: number,
  amountMinor: number,
  bankTx: BankTx,
  also?: AlsoInTransaction,
  /** A person's approval: whether the money policy lets it credit now (false: it waits, nothing credited). */
  judge?: (tx: Tx) => Promise<boolean>,
): Promise<'credited' | 'duplicate' | 'closed' | 'held'> {
  try {
    const outcome = await withTransaction(ctx.database, async (tx) => {
      const member = await memberMoney(tx, memberId);
      const now = ctx.now();
      if (!(await holdOpenSlip(tx, slipId, now))) return 'closed';
      // a transfer credited already is a duplicate whoever approves it: judged, it would wait for a second
      // person only to fail then (the insert below fails it now, and closeSlip ends any hold with it)
      if (judge && !(await bankTxCredited(tx, bankTx)) && !(await judge(tx))) return 'held';
      await insertSlipCredit(tx, slipId, bankTx, now);
      const journalId = await creditDeposit(tx, member, amountMinor, 'SLIP', now);
      await tellSlip(ctx, await markSlipCredited(tx, slipId, amountMinor, bankTx, journalId, now), 'SUCCESS', tx);
      await also?.(tx, [journalId]);
      return 'credited' as const;
    });
    return outcome;
  } catch (err) {
    // another slip holds the bank transaction (slip_credits' key), not any other row this transaction wrote
    if (!isUniqueViolationOf(err, 'slip_credits_pk')) throw err;
    await closeSlip(ctx, slipId, 'FAILED', 'SLIP_DUPLICATE', { ...bankTx, amount: amountMinor });
    return 'duplicate';
  }
}

type Found = Extract<BankAnswer, { kind: 'found' }>;

/**
 * Which of our deposit accounts (bankType DEPOSIT) the transfer went to, if any: one retired is still ours for a
 * transfer made within the grace after its retirement (settings/deposit-accounts.ts), none after. `ambiguous`:
 * the digits the slip shows are also those of an account no longer ours then (an active account added with
 * the shown digits of one retired before), or of two of ours, so the slip alone cannot tell where the money went.
 */
function receivingAccount(ctx: AppContext, bank: Found) {
  const shown = ctx.settings
    .get('deposit')
    .banks.filter(
      (b) => b.bankType === 'DEPOSIT' && b.bankCode === bank.receiver.bank && maskedMatches(bank.receiver.account, b.bankAccountNo),
    );
  const ours = shown.filter((b) => takesTransferAt(b, bank.time));
  const oursKeys = new Set(ours.map(accountKey));
  // one account listed twice (retired, then added again) is still one account; two of ours that show the same
  // digits cannot be told apart either (which one's statement, whose mode)
  const ambiguous = oursKeys.size > 1 || (ours.length > 0 && shown.some((b) => !oursKeys.has(accountKey(b))));
  return { account: ours[0], ambiguous };
}

/** The checks of §4 on what the bank said, in the order a member can fix them; undefined: all hold. */
function refusal(
  ctx: AppContext,
  slip: SlipRow,
  bank: Found,
  account: ReturnType<typeof receivingAccount>['account'],
): SlipReason | undefined {
  // an account of another currency is not one this member is offered (their slip is in their currency)
  if (!account || account.currency !== slip.currency) return 'SLIP_WRONG_ACCOUNT';
  // within the hour, which never runs out while intake is closed (slip-hours.ts)
  if (slip.created_at > slipDeadline(ctx.settings.get('slip').closeTime, bank.time)) return 'SLIP_EXPIRED';
  if (bank.currency !== slip.currency) return 'SLIP_UNKNOWN';
  if (bank.amount <= 0 || bank.amount < siteLimit(ctx, ctx.settings.get('slip').minDeposit, slip.currency as Currency))
    return 'SLIP_BELOW_MINIMUM';
  return undefined;
}

/**
 * Whether the bank's sender is the uploading member (bank, every digit shown, the account's name). A
 * slip that is not is never credited by itself: it waits for the operator and takes no slip_credits row,
 * so the real sender's own upload of it still credits.
 */
async function fromMember(ctx: AppContext, slip: SlipRow, bank: Found): Promise<boolean> {
  const member = await memberBankAccount(ctx.database.db, slip.member_id);
  // the account must have been the member's when the money was sent: otherwise a member could copy the
  // sender's name (printed on the slip) into their own account, or register one, and upload it first
  if (!heldWhenSent(member, bank.time)) return false;
  return senderMatches(bank.sender, { ...member, accountNames: [member.bank_account_name] });
}

/**
 * Whether another member could have sent it too: an account that matches as well (the name printed on
 * every slip and the digits it shows, copied), held when the money was sent. Then neither is credited by
 * itself; a person compares them (the review lists them side by side). One registered or changed after the
 * transfer is no sender, and cannot hold the real sender's slip up.
 */
async function sentByAnother(ctx: AppContext, slip: SlipRow, bank: Found): Promise<boolean> {
  const { members, more } = await membersLike(ctx.database.db, bank.sender, { except: slip.member_id, held: heldAt(bank.time) });
  // too many members show those digits to tell them apart: a person looks
  return more || members.length > 0;
}

/** A change of bank details this long before a transfer still sends the transfer's slip to review. */
const BANK_CHANGE_MARGIN_MS = 24 * 60 * 60 * 1000;

/** What holding bank details when a transfer was made means: registered by then, not changed since a day before it. */
const heldAt = (sentAt: number) => ({ registeredBy: sentAt, unchangedSince: sentAt - BANK_CHANGE_MARGIN_MS });

/** Whether the member held these bank details when the transfer was made (heldAt; membersLike asks the same in SQL). */
function heldWhenSent(member: { created_at: number; bank_changed_at: number | null }, sentAt: number): boolean {
  const held = heldAt(sentAt);
  return member.created_at <= held.registeredBy && (member.bank_changed_at === null || member.bank_changed_at <= held.unchangedSince);
}

/**
 * The verifier asked about a slip as it was read: by its QR when one was read, else by the image when the
 * verifier reads images (EasySlip); null when it cannot be asked (no QR, and a verifier of QRs only).
 * Resolves undefined when no answer came within the provider timeout (a fault, or a hang).
 */
type Read = Exclude<SlipRead, { kind: 'busy' | 'failed' | 'undecodable' }>;
function askVerifier(
  ctx: AppContext,
  qr: Extract<Read, { kind: 'found' }>,
  image: Uint8Array,
  contentType: string,
): Promise<BankAnswer | undefined>;
function askVerifier(ctx: AppContext, qr: Read, image: Uint8Array, contentType: string): Promise<BankAnswer | undefined> | null;
function askVerifier(ctx: AppContext, qr: Read, image: Uint8Array, contentType: string): Promise<BankAnswer | undefined> | null {
  if (qr.kind === 'found') return callWithin(() => ctx.slipBank.transaction(qr), ctx.config.providerTimeoutMs);
  const byImage = ctx.slipBank.image?.bind(ctx.slipBank);
  return byImage ? callWithin(() => byImage(image, contentType), ctx.config.providerTimeoutMs) : null;
}

/**
 * One verification attempt of one slip. The lease makes it this caller's alone (the request's
 * follow-up, the sweep, another instance on the same Postgres): whoever does not get it does nothing.
 */
/**
 * Whether a bank statement import credited, or holds for a second clerk, a transfer that may be this slip's:
 * the same amount into the same deposit account, in the import's own window for a slip (SLIP_AFTER_LINE),
 * seen from the slip's side. Read here from the import's table, not through
 * its module, which credits deposit requests through this one.
 */
async function onStatement(db: Tx, slip: SlipRow, amount: number, accountNo: string): Promise<boolean> {
  const line = await db
    .selectFrom('statement_lines')
    .select('id')
    .where('account_no', '=', accountNo)
    .where('amount', '=', amount)
    .where('status', 'in', ['CREDITED', 'WAITING'])
    .where('at', '>=', slip.created_at - SLIP_AFTER_LINE.after)
    .where('at', '<=', slip.created_at + SLIP_AFTER_LINE.before)
    .executeTakeFirst();
  return line !== undefined;
}

export async function verifySlip(ctx: AppContext, slipId: number): Promise<void> {
  const now = ctx.now();
  // the image's reading (its wait for a thread included) and two bank calls fit in it
  const leaseMs = SLIP_READ_TIMEOUT_MS + 2 * ctx.config.providerTimeoutMs + 30_000;
  if (!(await claimSlip(ctx.database.db, slipId, now, leaseMs))) return;
  const slip = await slipToVerify(ctx.database.db, slipId);

  // every reading thread taken and enough slips waiting for them: do not even load this one's image
  if (ctx.slipReader.full) return readLater(ctx, slip);
  const file = await ctx.storage.get(SLIP_BUCKET, slip.file_name).catch(() => undefined);
  if (!file) return closeSlip(ctx, slip.id, 'FAILED', 'SLIP_INCORRECT');
  const image = new Uint8Array(file.bytes);
  const qr = await ctx.slipReader.read(image);
  if (qr.kind === 'busy') return readLater(ctx, slip);
  // a worker that timed out or died on it: a person can still look at the image
  if (qr.kind === 'failed') return closeSlip(ctx, slip.id, 'REVIEW', null);
  if (qr.kind === 'undecodable') return closeSlip(ctx, slip.id, 'FAILED', 'SLIP_INCORRECT');
  let answer: BankAnswer | undefined;
  let bankTx: BankTx;
  if (qr.kind === 'found') {
    bankTx = { sendingBank: qr.sendingBank, transRef: qr.transRef };
    // already credited from another upload: no need to ask the bank
    if (await bankTxCredited(ctx.database.db, bankTx)) return closeSlip(ctx, slip.id, 'FAILED', 'SLIP_DUPLICATE', bankTx);
    answer = await askVerifier(ctx, qr, image, file.contentType);
    if (answer?.kind === 'unreadable') return closeSlip(ctx, slip.id, 'FAILED', 'SLIP_REFERENCE_UNREADABLE', bankTx);
  } else {
    // no slip QR we could read: a verifier that reads images may still find one (EasySlip); else the member is told why
    const unread = qr.kind === 'no-qr' ? 'SLIP_INVALID' : 'SLIP_REFERENCE_UNREADABLE';
    const asked = askVerifier(ctx, qr, image, file.contentType);
    if (!asked) return closeSlip(ctx, slip.id, 'FAILED', unread);
    answer = await asked;
    if (answer?.kind === 'unreadable' || answer?.kind === 'not-found') return closeSlip(ctx, slip.id, 'FAILED', unread);
    if (answer?.kind !== 'found') return later(ctx, slip);
    bankTx = answer.ref;
    if (await bankTxCredited(ctx.database.db, bankTx)) return closeSlip(ctx, slip.id, 'FAILED', 'SLIP_DUPLICATE', bankTx);
  }
  if (answer === undefined) return later(ctx, slip);
  if (answer.kind === 'captcha') {
    const captchas = slip.captchas + 1;
    if (captchas >= MAX_CAPTCHAS) return closeSlip(ctx, slip.id, 'FAILED', 'SLIP_CAPTCHA', bankTx);
    return later(ctx, slip, captchas);
  }
  if (answer.kind !== 'found') return closeSlip(ctx, slip.id, 'FAILED', 'SLIP_INVALID', bankTx);
  const { account, ambiguous } = receivingAccount(ctx, answer);
  // which of our accounts took the money, for the reports' figures per account (whatever becomes of the slip);
  // none when the slip cannot tell
  if (account && !ambiguous) await noteReceivingAccount(ctx.database.db, slip.id, account.bankAccountNo);
  const said = { ...bankTx, amount: answer.amount, sender: `${answer.sender.bank} ${answer.sender.account} ${answer.sender.name}` };
  const reason = refusal(ctx, slip, answer, account);
  if (reason) return closeSlip(ctx, slip.id, 'FAILED', reason, said);
  if (!(await fromMember(ctx, slip, answer))) return closeSlip(ctx, slip.id, 'REVIEW', 'SLIP_SENDER_MISMATCH', said);
  if (await sentByAnother(ctx, slip, answer)) return closeSlip(ctx, slip.id, 'REVIEW', SLIP_SENDER_AMBIGUOUS, said);
  if (ambiguous) return closeSlip(ctx, slip.id, 'REVIEW', SLIP_ACCOUNT_AMBIGUOUS, said);
  if (account && (await onStatement(ctx.database.db, slip, answer.amount, account.bankAccountNo)))
    return closeSlip(ctx, slip.id, 'REVIEW', SLIP_ON_STATEMENT, said);
  // an account the operator checks by hand (mode other than AUTO): the slip waits, with what the bank said
  if (account?.mode !== 'AUTO') return closeSlip(ctx, slip.id, 'REVIEW', null, said);
  await creditSlip(ctx, slip.id, slip.member_id, answer.amount, bankTx);
}

/**
 * A sample slip asked about as a member's is (read, then the verifier asked by its QR or its image), and
 * nothing more: no slip row, no credit. The console's go-live check of the slip verifier.
 */
export async function checkSampleSlip(ctx: AppContext, image: Uint8Array, contentType: string): Promise<GoLiveSlipCheck> {
  const qr = await ctx.slipReader.read(image);
  if (qr.kind === 'busy') return { result: 'BUSY' };
  if (qr.kind === 'failed' || qr.kind === 'undecodable') return { result: 'UNREADABLE' };
  const asked = askVerifier(ctx, qr, image, contentType);
  if (!asked) return { result: 'UNREADABLE' };
  const answer = await asked;
  if (answer === undefined) return { result: 'NO_ANSWER' };
  if (answer.kind === 'not-found') return { result: 'NOT_FOUND' };
  if (answer.kind === 'unreadable') return { result: 'UNREADABLE' };
  if (answer.kind === 'captcha') return { result: 'CAPTCHA' };
  const currency: Currency = answer.currency === 'LAK' ? 'LAK' : 'BAHT';
  const { account, ambiguous } = receivingAccount(ctx, answer);
  return {
    result: 'FOUND',
    amount: toMajor(answer.amount, currency),
    currency,
    sender: `${answer.sender.bank} ${answer.sender.account} ${answer.sender.name}`,
    receiver: `${answer.receiver.bank} ${answer.receiver.account}`,
    account: ambiguous ? 'AMBIGUOUS' : account ? 'OURS' : 'NOT_OURS',
    time: new Date(answer.time).toISOString(),
    reference: answer.ref.transRef,
  };
}

/** Start-up and the minute sweep: every slip still PROCESSING whose next attempt is due (a crash, a retry). */
export async function verifyDueSlips(ctx: AppContext): Promise<number> {
  const due = await dueSlipIds(ctx.database.db, ctx.now(), 100);
  for (const id of due) {
    // the readers are busy with uploads: the rest stay due for the next sweep instead of being claimed and left again
    if (ctx.slipReader.full) {
      sweepSoon(ctx);
      break;
    }
    await verifySlip(ctx, id);
  }
  return due.length;
}

/** The sending-bank code a member's bank has on slips. */
export const sendingBankOf = (bankCode: string) => SENDING_BANK[bankCode] ?? '999';
