import { TRANSFER_MINIMUM } from '../../../../contract/limits.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { ApiError, badRequest } from '../../lib/errors.js';
import { idempotentAcross, type IdempotencyKey, type Outcome } from '../../lib/idempotency.js';
import { callOutside, recoverOutsideCalls, type Applied, type Intent, type OutsideFlow } from '../../lib/outside-call.js';
import {
  balanceOf,
  gameAccount,
  gameCode,
  post,
  setJournalStatus,
  stripeAccount,
  transitOf,
  walletAccount,
  walletCode,
} from '../../ledger/ledger.js';
import { toMinor, type Currency } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { askGame, callProvider, findAccount, providersOf, recallMark, rememberMark, syncGame, type Held } from '../games/service.js';
import { closeIntent, insertIntent, openIntents, type Direction, type IntentRow } from './intent-repository.js';
import { toldWhenResolved } from '../events/service.js';
import { beginAtOnce, finishAtOnce } from './transfers-at-once.js';

/**
 * A transfer between the wallet and a game is an outside call (lib/outside-call.ts): debit into
 * transit and record the intent, call the provider with the intent's ref, then settle into the game
 * (or the wallet) or return the money. The provider applies each ref once, and a cancelled ref never,
 * so cancelling and asking after a timeout or a crash is safe.
 */

export const refOf = (intentId: number) => `intent-${intentId}`;

export interface TransferRequest {
  memberId: number;
  provider: string;
  direction: Direction;
  /** Minor units, or 'all': the source's whole balance, read under the member's lock (a twin's move is then seen, not refused). */
  amount: number | 'all';
  key: IdempotencyKey | undefined;
  /** Out of a game where the flow runs at once: the provider's figure asked just before (`transfer`), booked by the first statement. */
  sync?: Held;
}

type Body = { message: string };
export type TransferOutcome = Outcome<Body>;
interface TransferIntent extends Intent {
  row: IntentRow;
  username: string;
}

const asIntent = (row: IntentRow, username: string): TransferIntent => ({
  id: row.id,
  memberId: row.member_id,
  idempotencyKey: row.idempotency_key,
  row,
  username,
});

/** Debits the source into transit and records the intent, with the key, in the key's transaction. */
async function record(ctx: AppContext, tx: Tx, req: TransferRequest, key: string | null, now: number): Promise<TransferIntent> {
  const account = await findAccount(tx, req.memberId, req.provider);
  if (!account) throw badRequest('SLOT_NO_ACCOUNT');
  const member = await memberMoney(tx, req.memberId, ctx.database.dialect);
  const amount =
    req.amount === 'all'
      ? await balanceOf(tx, req.direction === 'in' ? walletCode(req.memberId) : gameCode(req.memberId, req.provider))
      : req.amount;
  if (amount < toMinor(TRANSFER_MINIMUM, member.currency)) throw badRequest('TRANSFER_MINIMUM');
  const wallet = await walletAccount(tx, req.memberId, member.currency);
  const game = await gameAccount(tx, req.memberId, req.provider, member.currency);
  const transit = await stripeAccount(tx, 'inTransit', req.memberId, member.currency, ctx.settings.get('transitStripes'));
  const journalId = await post(tx, {
    memberId: req.memberId,
    type: 'transfer',
    status: 'PENDING',
    amount,
    from: req.direction === 'in' ? 'WALLET' : req.provider,
    to: req.direction === 'in' ? req.provider : 'WALLET',
    visible: true,
    postings: [
      { accountId: req.direction === 'in' ? wallet : game, amount: -amount },
      { accountId: transit, amount },
    ],
    now,
  });
  const row = await insertIntent(tx, {
    member_id: req.memberId,
    provider: req.provider,
    direction: req.direction,
    amount,
    currency: member.currency,
    journal_id: journalId,
    idempotency_key: key,
    created_at: now,
  });
  return asIntent(row, account.username);
}

/** Moves an open intent's money out of transit to where the provider's answer says it belongs; only once. */
async function resolve(tx: Tx, { row }: TransferIntent, applied: boolean, now: number): Promise<boolean> {
  if (!(await closeIntent(tx, row.id, applied ? 'settled' : 'compensated', now))) return false;
  const currency = row.currency as Currency;
  const transit = await transitOf(tx, row.journal_id);
  // where the money was going, or back where it came from
  const toGame = (row.direction === 'in') === applied;
  const to = toGame ? await gameAccount(tx, row.member_id, row.provider, currency) : await walletAccount(tx, row.member_id, currency);
  await post(tx, {
    memberId: row.member_id,
    type: applied ? 'transfer_settle' : 'transfer_return',
    status: 'SUCCESS',
    amount: row.amount,
    from: 'TRANSIT',
    to: toGame ? row.provider : 'WALLET',
    visible: false,
    postings: [
      { accountId: transit, amount: -row.amount },
      { accountId: to, amount: row.amount },
    ],
    now,
  });
  await setJournalStatus(tx, row.journal_id, applied ? 'SUCCESS' : 'FAILED');
  return true;
}

/** Transfers as an outside call: what each step of the primitive does for a game provider. */
function transferFlow(ctx: AppContext): OutsideFlow<TransferRequest, TransferIntent, Body> {
  return {
    timeoutMs: ctx.config.providerTimeoutMs,
    record: (tx, req, key, now) => record(ctx, tx, req, key, now),
    call: ({ row, username }) => {
      const ref = refOf(row.id);
      const move = () =>
        row.direction === 'in'
          ? ctx.games.deposit(row.provider, username, row.amount, ref)
          : ctx.games.withdraw(row.provider, username, row.amount, ref);
      return callProvider(ctx, () => move().then(() => true));
    },
    ask: async ({ row }): Promise<Applied> => {
      const cancelled = await callProvider(ctx, () => ctx.games.cancel(row.provider, refOf(row.id)).then(() => true));
      if (!cancelled) return undefined;
      const state = await callProvider(ctx, () => ctx.games.refState(row.provider, refOf(row.id)));
      return state === undefined ? undefined : state === 'applied';
    },
    resolve: toldWhenResolved(ctx.database, resolve),
    open: async (before) => (await openIntents(ctx.database.db, before)).map((r) => asIntent(r, r.username)),
    answer: (applied) =>
      applied === undefined
        ? { status: 409, body: { message: 'TRANSFER_PENDING' } }
        : applied
          ? { status: 200, body: { message: 'SUCCESS' } }
          : { status: 400, body: { message: 'TRANSFER_FAIL' } },
    atOnce: ctx.database.dialect === 'postgres' ? transferAtOnce(ctx) : undefined,
  };
}

/** Postgres: both transactions as one statement each (transfers-at-once.ts). */
const transferAtOnce = (ctx: AppContext): OutsideFlow<TransferRequest, TransferIntent, Body>['atOnce'] => ({
  begin: async (req, key, now) => {
    const stripes = ctx.settings.get('transitStripes');
    let begun = await beginAtOnce<Body>(ctx.database, req, key, now, stripes);
    if ('stale' in begun) {
      // the remembered mark had moved on: the mark read instead is as good as a look, and the figure is
      // asked again after it (a mark read, not remembered, never answers stale)
      const { stale } = begun;
      rememberMark(ctx.database, req.memberId, req.provider, stale.username, stale.mark);
      const sync = await askGame(ctx, req.memberId, req.provider, { ...stale, remembered: false });
      // a time of its own: the intent's age is what the sweep goes by, and the first try and the ask took some
      begun = await beginAtOnce<Body>(ctx.database, { ...req, sync }, key, ctx.now(), stripes);
      if ('stale' in begun) throw new Error('a mark read, not remembered, answered stale');
    }
    return 'earlier' in begun ? begun : { recorded: asIntent(begun.recorded, begun.recorded.username) };
  },
  finish: async ({ row, username }, applied, now, answer) => {
    const { closed, mark } = await finishAtOnce(ctx.database, row, applied, now, answer);
    if (mark !== undefined) rememberMark(ctx.database, row.member_id, row.provider, username, mark);
    return closed;
  },
});

/** Start-up and the minute sweep: finish or reverse open transfers, and their keys' answers with them. */
export const recoverOpenIntents = (ctx: AppContext) => recoverOutsideCalls(ctx, transferFlow(ctx));

/**
 * One transfer, end to end. Out of a game it first takes the provider's figure, so the game's balance
 * includes the last wins and losses: where the flow runs at once (Postgres) the figure goes to the
 * transfer's first statement, which books it (`sync`: a transaction and a look fewer; it stands even when
 * the transfer is refused); elsewhere (SQLite) it is booked first in a transaction of its own (syncGame),
 * a write there costing one commit whichever way. Answers SUCCESS, or throws TRANSFER_FAIL with the money
 * back where it was, or (only when the provider can be neither reached nor asked) TRANSFER_PENDING with
 * the money in transit until the sweep resolves it.
 */
export async function transfer(ctx: AppContext, req: Omit<TransferRequest, 'sync'>): Promise<TransferOutcome> {
  const flow = transferFlow(ctx);
  let sync: Held | undefined;
  if (req.direction === 'out' && flow.atOnce)
    sync = await askGame(ctx, req.memberId, req.provider, recallMark(ctx.database, req.memberId, req.provider));
  else if (req.direction === 'out') await syncGame(ctx, req.memberId, req.provider);
  const outcome = await callOutside(ctx, flow, { ...req, sync }, req.key);
  if (outcome.status >= 400) throw new ApiError(outcome.status, outcome.body.message);
  return outcome;
}

/** transferAll into a game: everything in the wallet. */
export const transferAllIn = (ctx: AppContext, memberId: number, provider: string, key: IdempotencyKey | undefined) =>
  transfer(ctx, { memberId, provider, direction: 'in', amount: 'all', key });

/**
 * transferAll back to the wallet: every game's balance, one provider failing does not stop the others.
 * Each game's transfer runs under its own part of the key (idempotentAcross), so the key's answer is
 * made of what each move did, is final only when none is in transit, and a replay moves nothing twice.
 * A game a concurrent call already emptied has nothing to move (TRANSFER_MINIMUM): not a failure.
 */
export async function transferAllBack(ctx: AppContext, memberId: number, key: IdempotencyKey | undefined): Promise<TransferOutcome> {
  // a replay younger than this may meet the batch still running (as the sweep leaves young intents alone)
  const liveMs = 2 * ctx.config.providerTimeoutMs;
  return idempotentAcross(ctx.database, key, ctx.now(), liveMs, async (keyOf) => {
    let moved = 0;
    let failed = 0;
    let pending = 0;
    for (const provider of await providersOf(ctx.database.db, memberId)) {
      try {
        await transfer(ctx, { memberId, provider, direction: 'out', amount: 'all', key: keyOf(provider) });
        moved += 1;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err; // the database, not the provider: the key stays open for a retry
        if (err.code === 'TRANSFER_MINIMUM') continue;
        // money in transit (the provider could not be asked) is not money that stayed in the game
        if (err.code === 'TRANSFER_PENDING') pending += 1;
        else failed += 1;
      }
    }
    const outcome: TransferOutcome = pending
      ? { status: 409, body: { message: 'TRANSFER_PENDING' } }
      : failed
        ? { status: 400, body: { message: 'TRANSFER_FAIL' } }
        : { status: 200, body: { message: moved ? 'SUCCESS' : 'NO_DATA' } };
    return { outcome, final: pending === 0 };
  });
}
