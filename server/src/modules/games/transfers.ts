import type { AppContext } from '../../context.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { ApiError, badRequest, isUniqueViolation } from '../../lib/errors.js';
import { claimKey, earlierOutcome, finishKey, type IdempotencyKey, type Outcome } from '../../lib/idempotency.js';
import { balanceOf, gameAccount, gameCode, houseAccount, post, walletAccount } from '../../ledger/ledger.js';
import { toMinor, type Currency } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';

/**
 * A transfer between the wallet and a game follows: debit and record the intent (one transaction),
 * call the provider, then settle or compensate (a second transaction). A crash between the steps
 * leaves the intent open; start-up resolves it (recoverOpenIntents). The provider applies each ref
 * once, and a cancelled ref never, so asking it afterwards is safe.
 */

export type Direction = 'in' | 'out';
export const TRANSFER_MINIMUM_MAJOR = 1;

const TIMED_OUT = Symbol('timed out');
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Calls the provider within the configured time (or less); anything but a clean answer is undefined. */
export async function callProvider<T>(
  ctx: AppContext,
  call: () => Promise<T>,
  timeoutMs = ctx.config.providerTimeoutMs,
): Promise<T | undefined> {
  try {
    const result = await withTimeout(call(), timeoutMs);
    return result === TIMED_OUT ? undefined : result;
  } catch {
    return undefined;
  }
}

export const refOf = (intentId: number) => `intent-${intentId}`;

interface Intent {
  id: number;
  member_id: number;
  provider: string;
  direction: Direction;
  amount: number;
  currency: string;
  journal_id: number;
}

/** Moves an open intent's money to where the provider's answer says it belongs; only once. */
async function resolveIntent(tx: Tx, intent: Intent, applied: boolean, now: number): Promise<boolean> {
  const claimed = await tx
    .updateTable('transfer_intents')
    .set({ status: applied ? 'settled' : 'compensated', resolved_at: now })
    .where('id', '=', intent.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const currency = intent.currency as Currency;
  const transit = await houseAccount(tx, 'inTransit', currency);
  const wallet = await walletAccount(tx, intent.member_id, currency);
  const game = await gameAccount(tx, intent.member_id, intent.provider, currency);
  // where the money was going, or back where it came from
  const to = (intent.direction === 'in') === applied ? game : wallet;
  await post(tx, {
    memberId: intent.member_id,
    type: applied ? 'transfer_settle' : 'transfer_return',
    status: 'SUCCESS',
    amount: intent.amount,
    from: 'TRANSIT',
    to: to === game ? intent.provider : 'WALLET',
    visible: false,
    postings: [
      { accountId: transit, amount: -intent.amount },
      { accountId: to, amount: intent.amount },
    ],
    now,
  });
  await tx
    .updateTable('journal')
    .set({ status: applied ? 'SUCCESS' : 'FAILED' })
    .where('id', '=', intent.journal_id)
    .execute();
  return true;
}

/** After a timeout or a crash: make sure the ref can no longer apply, then ask whether it did. */
async function settleAfterDoubt(ctx: AppContext, intent: Intent): Promise<boolean | undefined> {
  const cancelled = await callProvider(ctx, () => ctx.games.cancel(intent.provider, refOf(intent.id)).then(() => true));
  if (!cancelled) return undefined;
  const state = await callProvider(ctx, () => ctx.games.refState(intent.provider, refOf(intent.id)));
  return state === undefined ? undefined : state === 'applied';
}

/**
 * Start-up and a periodic sweep: finish or reverse every transfer a crash or an unreachable provider
 * left open. Only intents older than twice the provider timeout: younger ones may still be in a live
 * request (of this instance or of another on the same Postgres).
 */
export async function recoverOpenIntents(ctx: AppContext): Promise<{ settled: number; compensated: number; left: number }> {
  const open = await ctx.database.db
    .selectFrom('transfer_intents')
    .selectAll()
    .where('status', '=', 'open')
    .where('created_at', '<=', ctx.now() - 2 * ctx.config.providerTimeoutMs)
    .orderBy('id')
    .execute();
  const result = { settled: 0, compensated: 0, left: 0 };
  for (const intent of open) {
    const applied = await settleAfterDoubt(ctx, intent);
    if (applied === undefined) {
      result.left += 1;
      continue;
    }
    const done = await withTransaction(ctx.database, async (tx) => {
      await memberMoney(tx, intent.member_id, ctx.database.dialect);
      return resolveIntent(tx, intent, applied, ctx.now());
    });
    if (done) result[applied ? 'settled' : 'compensated'] += 1;
  }
  return result;
}

export interface TransferRequest {
  memberId: number;
  provider: string;
  direction: Direction;
  /** Minor units; for 'all' transfers the caller computes it. */
  amount: number;
  key: IdempotencyKey | undefined;
}

export type TransferOutcome = Outcome<{ message: string }>;

/** Transfers of one member at one provider: the newest intent and whether any is still open. */
async function transferMark(tx: Tx, memberId: number, provider: string): Promise<string> {
  const row = await tx
    .selectFrom('transfer_intents')
    .select([(eb) => eb.fn.max('id').as('last'), (eb) => eb.fn.count<number>('id').filterWhere('status', '=', 'open').as('open')])
    .where('member_id', '=', memberId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return `${row?.last ?? 0}:${Number(row?.open ?? 0)}`;
}

/**
 * Brings the ledger's game balance to what the provider holds (wins and losses since the last look).
 * The provider's figure only means something if no transfer ran while we asked: the mark taken before
 * the call must be unchanged, with nothing open, when we book the difference; else we look next time.
 */
export async function syncGame(ctx: AppContext, memberId: number, provider: string): Promise<boolean> {
  const account = await ctx.database.db
    .selectFrom('game_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!account) return false;
  const before = await transferMark(ctx.database.db, memberId, provider);
  if (!before.endsWith(':0')) return false;
  const held = await callProvider(ctx, () => ctx.games.balance(provider, account.username));
  if (held === undefined) return false;
  return withTransaction(ctx.database, async (tx) => {
    const member = await memberMoney(tx, memberId, ctx.database.dialect);
    if ((await transferMark(tx, memberId, provider)) !== before) return false;
    const game = await gameAccount(tx, memberId, provider, member.currency);
    const diff = held - (await balanceOf(tx, gameCode(memberId, provider)));
    if (diff === 0) return true;
    const float = await houseAccount(tx, 'providerFloat', member.currency);
    await post(tx, {
      memberId,
      type: 'game_result',
      status: 'SUCCESS',
      amount: Math.abs(diff),
      from: diff > 0 ? provider : 'WALLET',
      to: diff > 0 ? 'WALLET' : provider,
      visible: false,
      postings: [
        { accountId: float, amount: -diff },
        { accountId: game, amount: diff },
      ],
      now: ctx.now(),
    });
    return true;
  });
}

/**
 * One transfer, end to end. A caller moving money out of a game syncs it first (syncGame), so the
 * game's balance includes the last wins and losses. Answers SUCCESS, or TRANSFER_FAIL with the money back where it was, or
 * (only when the provider can be neither reached nor asked) TRANSFER_PENDING with the money in transit
 * until the sweep resolves it.
 */
export async function transfer(ctx: AppContext, req: TransferRequest): Promise<TransferOutcome> {
  const now = ctx.now();
  const account = await ctx.database.db
    .selectFrom('game_accounts')
    .selectAll()
    .where('member_id', '=', req.memberId)
    .where('provider', '=', req.provider)
    .executeTakeFirst();
  if (!account) throw badRequest('SLOT_NO_ACCOUNT');

  let intent: Intent;
  try {
    const started = await withTransaction(ctx.database, async (tx) => {
      if (req.key) {
        const earlier = await earlierOutcome<{ message: string }>(tx, req.key);
        if (earlier) return earlier;
      }
      const member = await memberMoney(tx, req.memberId, ctx.database.dialect);
      if (req.amount < toMinor(TRANSFER_MINIMUM_MAJOR, member.currency)) throw badRequest('TRANSFER_MINIMUM');
      const wallet = await walletAccount(tx, req.memberId, member.currency);
      const game = await gameAccount(tx, req.memberId, req.provider, member.currency);
      const transit = await houseAccount(tx, 'inTransit', member.currency);
      const from = req.direction === 'in' ? wallet : game;
      const journalId = await post(tx, {
        memberId: req.memberId,
        type: 'transfer',
        status: 'PENDING',
        amount: req.amount,
        from: req.direction === 'in' ? 'WALLET' : req.provider,
        to: req.direction === 'in' ? req.provider : 'WALLET',
        visible: true,
        postings: [
          { accountId: from, amount: -req.amount },
          { accountId: transit, amount: req.amount },
        ],
        now,
      });
      const row = await tx
        .insertInto('transfer_intents')
        .values({
          member_id: req.memberId,
          provider: req.provider,
          direction: req.direction,
          amount: req.amount,
          currency: member.currency,
          status: 'open',
          journal_id: journalId,
          created_at: now,
          resolved_at: null,
        })
        .returning(['id', 'member_id', 'provider', 'direction', 'amount', 'currency', 'journal_id'])
        .executeTakeFirstOrThrow();
      if (req.key) await claimKey(tx, req.key, now);
      return row;
    });
    if ('status' in started) return started;
    intent = started;
  } catch (err) {
    if (req.key && isUniqueViolation(err)) {
      const earlier = await earlierOutcome<{ message: string }>(ctx.database.db, req.key);
      if (earlier) return earlier;
    }
    throw err;
  }
  ctx.hooks?.afterDebit?.();

  const ref = refOf(intent.id);
  const call = () =>
    req.direction === 'in'
      ? ctx.games.deposit(req.provider, account.username, req.amount, ref)
      : ctx.games.withdraw(req.provider, account.username, req.amount, ref);
  let applied: boolean | undefined = await callProvider(ctx, () => call().then(() => true));
  ctx.hooks?.afterProvider?.();
  if (applied === undefined) applied = await settleAfterDoubt(ctx, intent);

  const outcome: TransferOutcome =
    applied === undefined
      ? { status: 409, body: { message: 'TRANSFER_PENDING' } }
      : applied
        ? { status: 200, body: { message: 'SUCCESS' } }
        : { status: 400, body: { message: 'TRANSFER_FAIL' } };
  await withTransaction(ctx.database, async (tx) => {
    await memberMoney(tx, req.memberId, ctx.database.dialect);
    if (applied !== undefined) await resolveIntent(tx, intent, applied, ctx.now());
    if (req.key && applied !== undefined) await finishKey(tx, req.key, outcome);
  });
  if (outcome.status >= 400) throw new ApiError(outcome.status, outcome.body.message);
  return outcome;
}
