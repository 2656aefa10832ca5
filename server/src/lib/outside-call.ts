import type { AppContext } from '../context.js';
import { retryingConflicts, withTransaction } from '../db/transaction.js';
import type { Tx } from '../db/transaction.js';
import { memberMoney } from '../ledger/operations.js';
import { answerAsTwin, claimKey, earlierOutcome, finishKey, type IdempotencyKey, type Outcome } from './idempotency.js';

/**
 * The one way money moves with an outside system (a game provider; later a slip verifier, a payment
 * gateway, a voucher service): claim the Idempotency-Key and record the intent in one transaction,
 * call, then settle or compensate and record the key's answer in a second one. When the outside
 * system can be neither reached nor asked, the money waits where `record` put it and the key stays in
 * flight (a replay answers 409 TRANSFER_PENDING); the sweep (`recoverOutsideCalls`) later finishes the
 * intent and, because the key is stored on the intent, the key's answer with it.
 */

/** What the outside system says about one intent: applied, refused for sure, or no clean answer. */
export type Applied = boolean | undefined;

/** An intent as the primitive needs it; a flow's own row carries more. */
export interface Intent {
  id: number;
  memberId: number;
  /** The Idempotency-Key the intent was started with, finished with the intent. */
  idempotencyKey: string | null;
}

interface FlowCalls<I extends Intent, Body> {
  /** The longest one call may take; an intent younger than twice this may still be in a live request. */
  timeoutMs: number;
  /** The call itself (true applied, false refused for sure, undefined no clean answer). */
  call(intent: I): Promise<Applied>;
  /** After no clean answer or a crash: make sure the call can no longer apply, then ask whether it did. */
  ask(intent: I): Promise<Applied>;
  /** Open intents created at or before `before`, oldest first. */
  open(before: number): Promise<I[]>;
  /** The caller's answer, and the one a replay of its key gets. */
  answer(applied: Applied): Outcome<Body>;
}

/** A flow's two transactions as steps run one statement at a time, in the primitive's transactions. */
interface FlowSteps<Start, I extends Intent> {
  /** Inside the key's transaction: check the request, move the money to where it waits, record the intent with the key. */
  record(tx: Tx, start: Start, key: string | null, now: number): Promise<I>;
  /** Inside a transaction holding the member's lock: settle (applied) or compensate, once; false if no longer open. */
  resolve(tx: Tx, intent: I, applied: boolean, now: number): Promise<boolean>;
  atOnce?: undefined;
}

/**
 * A flow whose two transactions are each one statement of its own (a transfer's database functions): the
 * first (a replay's earlier answer, or the intent recorded with the key claimed) and `finish` (settled or
 * returned, with the key's answer), each one round trip.
 */
interface FlowAtOnce<Start, I extends Intent, Body> {
  atOnce: {
    begin(start: Start, key: IdempotencyKey | undefined, now: number): Promise<Begun<I, Body>>;
    /** `late`: finished by the sweep after the request gave up on it (the member was told it is on its way). */
    finish(intent: I, applied: boolean, now: number, answer: Outcome<Body>, late: boolean): Promise<boolean>;
  };
}

export type OutsideFlow<Start, I extends Intent, Body> = FlowCalls<I, Body> & (FlowSteps<Start, I> | FlowAtOnce<Start, I, Body>);

/** The first transaction's result: the answer a replay gets, or the intent recorded. */
export type Begun<I, Body> = { earlier: Outcome<Body> } | { recorded: I };

const TIMED_OUT = Symbol('timed out');

/** Calls an outside system within `timeoutMs`; anything but a clean answer (a throw, a timeout) is undefined. */
export async function callWithin<T>(call: () => Promise<T>, timeoutMs: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    const result = await Promise.race([call(), timeout]);
    return result === TIMED_OUT ? undefined : result;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** Settles or compensates the intent and records its key's answer, in one transaction; false if another got there first. */
async function finish<I extends Intent, Body>(
  ctx: AppContext,
  flow: OutsideFlow<unknown, I, Body>,
  intent: I,
  applied: boolean,
  late = false,
): Promise<boolean> {
  if (flow.atOnce) return retryingConflicts(() => flow.atOnce.finish(intent, applied, ctx.now(), flow.answer(applied), late));
  return withTransaction(ctx.database, async (tx) => {
    await memberMoney(tx, intent.memberId);
    if (!(await flow.resolve(tx, intent, applied, ctx.now()))) return false;
    if (intent.idempotencyKey !== null)
      await finishKey(tx, { memberId: intent.memberId, key: intent.idempotencyKey }, flow.answer(applied));
    return true;
  });
}

/**
 * One call, end to end. A replay of the key answers as the first call did (or 409 while it is still
 * open), the same key with another body KEY_INVALID; without a key the call simply runs.
 */
export async function callOutside<Start, I extends Intent, Body>(
  ctx: AppContext,
  flow: OutsideFlow<Start, I, Body>,
  start: Start,
  key: IdempotencyKey | undefined,
): Promise<Outcome<Body>> {
  let intent: I;
  try {
    const begun = flow.atOnce
      ? await retryingConflicts(() => flow.atOnce.begin(start, key, ctx.now()))
      : await withTransaction(ctx.database, async (tx): Promise<Begun<I, Body>> => {
          const earlier = key ? await earlierOutcome<Body>(tx, key) : undefined;
          if (earlier) return { earlier };
          const now = ctx.now();
          const recorded = await flow.record(tx, start, key?.key ?? null, now);
          if (key) await claimKey(tx, key, now);
          return { recorded };
        });
    if ('earlier' in begun) return begun.earlier;
    intent = begun.recorded;
  } catch (err) {
    return answerAsTwin<Body>(ctx.database.db, key, err);
  }
  ctx.hooks?.afterDebit?.();

  let applied = await flow.call(intent);
  ctx.hooks?.afterProvider?.();
  if (applied === undefined) applied = await flow.ask(intent);
  // still unknown: the money waits and the key stays in flight until the sweep finishes both
  if (applied !== undefined) await finish(ctx, flow, intent, applied);
  return flow.answer(applied);
}

/**
 * Start-up and the periodic sweep: finish or reverse every intent a crash or an unreachable outside
 * system left open, and its key's answer with it. Only intents older than twice the call timeout:
 * younger ones may still be in a live request (of this instance or of another on the same Postgres).
 */
export async function recoverOutsideCalls<I extends Intent>(
  ctx: AppContext,
  flow: OutsideFlow<unknown, I, unknown>,
): Promise<{ settled: number; compensated: number; left: number }> {
  const result = { settled: 0, compensated: 0, left: 0 };
  // one intent that cannot be finished now (a lost connection, a refused balance) does not hold up the
  // others: the pass goes on, and then fails with the first error (the caller logs it)
  let failed: { err: unknown } | undefined;
  for (const intent of await flow.open(ctx.now() - 2 * flow.timeoutMs)) {
    try {
      const applied = await flow.ask(intent);
      if (applied === undefined) result.left += 1;
      else if (await finish(ctx, flow, intent, applied, true)) result[applied ? 'settled' : 'compensated'] += 1;
    } catch (err) {
      failed ??= { err };
    }
  }
  if (failed) throw failed.err;
  return result;
}
