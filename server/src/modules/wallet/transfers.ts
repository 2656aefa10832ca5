import type { AppContext } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { idempotentAcross, type IdempotencyKey, type Outcome } from '../../lib/idempotency.js';
import { callOutside, recoverOutsideCalls, type Applied, type Begun, type Intent, type OutsideFlow } from '../../lib/outside-call.js';
import { askGame, callProvider, providersOf, recallMark, rememberMark, type Held } from '../games/service.js';
import { openIntents, type Direction, type IntentRow } from './intent-repository.js';
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
  /** Out of a game: the provider's figure asked just before (`transfer`), booked by the first statement. */
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

/** Transfers as an outside call: what each step of the primitive does for a game provider. */
function transferFlow(ctx: AppContext): OutsideFlow<TransferRequest, TransferIntent, Body> {
  return {
    timeoutMs: ctx.config.providerTimeoutMs,
    call: ({ row, username }) => {
      const ref = refOf(row.id);
      const move = () =>
        row.direction === 'in'
          ? ctx.games.deposit(row.provider, username, row.amount, ref)
          : ctx.games.withdraw(row.provider, username, row.amount, ref);
      return callProvider(ctx, () => move().then(() => true));
    },
    ask: async ({ row }): Promise<Applied> => {
      // cancelled first, so a call that hung cannot apply later; then asked, and settled only when both
      // answers agree: a provider that says "cancelled" and then "applied" (or the reverse) is no answer
      const cancelled = await callProvider(ctx, () => ctx.games.cancel(row.provider, refOf(row.id)));
      if (cancelled === undefined) return undefined;
      const state = await callProvider(ctx, () => ctx.games.refState(row.provider, refOf(row.id)));
      if (state === undefined) return undefined;
      if ((cancelled === 'applied') !== (state === 'applied')) return undefined;
      return state === 'applied';
    },
    open: async (before) => (await openIntents(ctx.database.db, before)).map((r) => asIntent(r, r.username)),
    answer: (applied) =>
      applied === undefined
        ? { status: 409, body: { message: 'TRANSFER_PENDING' } }
        : applied
          ? { status: 200, body: { message: 'SUCCESS' } }
          : { status: 400, body: { message: 'TRANSFER_FAIL' } },
    atOnce: transferAtOnce(ctx),
  };
}

/** Both transactions as one statement each: the database's transfer functions (transfers-at-once.ts). */
const transferAtOnce = (ctx: AppContext) => ({
  begin: async (req: TransferRequest, key: IdempotencyKey | undefined, now: number): Promise<Begun<TransferIntent, Body>> => {
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
  finish: async ({ row, username }: TransferIntent, applied: boolean, now: number, answer: TransferOutcome, late: boolean) => {
    const { closed, mark } = await finishAtOnce(ctx.database, row, applied, now, answer, late);
    if (mark !== undefined) rememberMark(ctx.database, row.member_id, row.provider, username, mark);
    return closed;
  },
});

/** Start-up and the minute sweep: finish or reverse open transfers, and their keys' answers with them. */
export const recoverOpenIntents = (ctx: AppContext) => recoverOutsideCalls(ctx, transferFlow(ctx));

/**
 * One transfer, end to end. Out of a game it first takes the provider's figure, so the game's balance
 * includes the last wins and losses: the figure goes to the transfer's first statement, which books it
 * (`sync`: a transaction and a look fewer; it stands even when the transfer is refused). Answers SUCCESS,
 * or throws TRANSFER_FAIL with the money back where it was, or (only when the provider can be neither
 * reached nor asked) TRANSFER_PENDING with the money in transit until the sweep resolves it.
 */
export async function transfer(ctx: AppContext, req: Omit<TransferRequest, 'sync'>): Promise<TransferOutcome> {
  const flow = transferFlow(ctx);
  const sync =
    req.direction === 'out'
      ? await askGame(ctx, req.memberId, req.provider, recallMark(ctx.database, req.memberId, req.provider))
      : undefined;
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
