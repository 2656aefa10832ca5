import { sql } from 'kysely';
import type { Credentials } from '../../../../contract/wallet.js';
import { findGame } from '../../adapters/games/catalog.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { perDatabase } from '../../db/per-database.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { gamePasswordContext } from '../../lib/game-secrets.js';
import { callWithin } from '../../lib/outside-call.js';
import { balanceOf, gameAccount, gameCode, HOUSE_STRIPES, move, stripeAccount } from '../../ledger/ledger.js';
import type { Currency } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { accountsOf, addAccount, findAccount, gameLook, setAccountPassword, transferMark } from './repository.js';

/**
 * The games module's face to the others: a member's play as the game providers report it, for
 * everything waiting on play (a bonus's turnover, an invitee's deposits, a deposit's spin-wheel coins),
 * their game balances and providers, bringing a game balance up to date, and the members' game
 * accounts and provider calls the wallet's routes (wallet view, transfers) are made of.
 */

export { accountsOf, findAccount };

/** Calls the provider within the configured time (or less); anything but a clean answer is undefined. */
export const callProvider = <T>(ctx: AppContext, call: () => Promise<T>, timeoutMs = ctx.config.providerTimeoutMs) =>
  callWithin(call, timeoutMs);

/** The catalog's game with this code, or NO_GAME. */
export function gameOr404(code: string) {
  const game = findGame(code);
  if (!game) throw badRequest('NO_GAME');
  return game;
}

// game passwords are stored sealed (AES-256-GCM); only the member's own credentials calls open them
const seal = (ctx: AppContext, memberId: number, provider: string, password: string) =>
  ctx.gameSecrets.seal(password, gamePasswordContext(memberId, provider));

const credentialsOf = (ctx: AppContext, row: { member_id: number; provider: string; username: string; password: string }): Credentials => ({
  username: row.username,
  password: ctx.gameSecrets.open(row.password, gamePasswordContext(row.member_id, row.provider)),
  event: null,
});

/** The member's own account at a provider of the catalog, or NO_GAME / SLOT_NO_ACCOUNT. */
async function ownAccount(db: Tx, memberId: number, code: string) {
  const found = await findAccount(db, memberId, gameOr404(code).code);
  if (!found) throw badRequest('SLOT_NO_ACCOUNT');
  return found;
}

/** The first key of a game account's advisory locks (two-key form): one per member, game and schema. */
const ACCOUNT_LOCK_CLASS = 61;

/**
 * One opening or new password of a member's account at a game at a time: the provider gives a new password
 * at each (its protocol allows a second `open` one), and of two at once the wallet kept the first's while the
 * provider kept the last's, so the member was handed a password that no longer signed in. On this instance a
 * second tap while one is out gets the same answer; across instances (two taps through a proxy to two
 * servers) the second waits for the first's transaction, under an advisory lock held across the provider's
 * call (bounded by its timeout), and then reads what the first stored. The step's reads and writes are in
 * that transaction.
 */
const oneAtATime = <T>(ctx: AppContext, memberId: number, game: string, step: (tx: Tx) => Promise<T>) =>
  onceAtATime(ctx, `account:${memberId}:${game}`, () =>
    withConnectionToSpare(ctx, () =>
      withTransaction(ctx.database, async (tx) => {
        await sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}, hashtext(current_schema() || ':' || ${memberId} || ':' || ${game}))`.execute(
          tx,
        );
        return step(tx);
      }),
    ),
  );

/** Per instance: how many account steps may hold a connection now, and the ones waiting for one. */
const accountSteps = new WeakMap<AppContext, { free: number; waiting: (() => void)[] }>();

/**
 * Runs `step` when fewer than a quarter of the instance's database connections (DATABASE_POOL_MAX; at least
 * one) are held by account steps: each holds one across the provider's call, and a provider that hangs kept
 * them until its timeout, so that enough openings at once would have held them all, and every other request
 * (a balance, a transfer) waited for one. The others wait here, holding none.
 */
async function withConnectionToSpare<T>(ctx: AppContext, step: () => Promise<T>): Promise<T> {
  let slots = accountSteps.get(ctx);
  if (!slots) accountSteps.set(ctx, (slots = { free: Math.max(1, Math.floor(ctx.config.databasePoolMax / 4)), waiting: [] }));
  const own = slots;
  if (own.free > 0) own.free -= 1;
  else await new Promise<void>((go) => own.waiting.push(go));
  try {
    return await step();
  } finally {
    const next = own.waiting.shift();
    if (next) next();
    else own.free += 1;
  }
}

/** Opens the member's account at the provider (SLOT_ALREADY_ACTIVE if there is one) and answers its credentials. */
export function activateAccount(ctx: AppContext, memberId: number, code: string): Promise<Credentials> {
  const game = gameOr404(code);
  return oneAtATime(ctx, memberId, game.code, (tx) => openAccount(ctx, tx, memberId, game));
}

async function openAccount(ctx: AppContext, db: Tx, memberId: number, game: ReturnType<typeof gameOr404>): Promise<Credentials> {
  if (await findAccount(db, memberId, game.code)) throw conflict('SLOT_ALREADY_ACTIVE');
  const { currency } = await db.selectFrom('members').select('currency').where('id', '=', memberId).executeTakeFirstOrThrow();
  const created = await callProvider(ctx, () => ctx.games.createAccount(game.code, memberId, currency as Currency));
  if (!created) throw badRequest('SLOT_ACTIVATE_FAIL');
  await addAccount(db, {
    member_id: memberId,
    provider: game.code,
    username: created.username,
    password: seal(ctx, memberId, game.code, created.password),
    created_at: ctx.now(),
  });
  return credentialsOf(ctx, (await findAccount(db, memberId, game.code))!);
}

/** The member's own game account's username and password. */
export const accountCredentials = async (ctx: AppContext, memberId: number, code: string): Promise<Credentials> =>
  credentialsOf(ctx, await ownAccount(ctx.database.db, memberId, code));

/** A new password from the provider for the member's own account, stored sealed and answered. */
export function resetAccountPassword(ctx: AppContext, memberId: number, code: string): Promise<Credentials> {
  return oneAtATime(ctx, memberId, gameOr404(code).code, async (tx) => {
    const found = await ownAccount(tx, memberId, code);
    const password = await callProvider(ctx, () => ctx.games.resetPassword(found.provider, found.username));
    if (!password) throw badRequest('SLOT_RESET_PASSWORD_FAIL');
    await setAccountPassword(tx, found.id, seal(ctx, found.member_id, found.provider, password));
    return { username: found.username, password, event: null };
  });
}

/**
 * The member's bets since `since` (ms) across all their game accounts, asked in parallel so a hanging
 * provider costs one timeout. A provider that does not answer counts as nothing; `answered` says whether
 * every one did.
 */
export async function memberBetsSince(
  ctx: AppContext,
  memberId: number,
  since: number,
  /** the member's game accounts when the caller has read them already */
  known?: readonly { provider: string; username: string }[],
): Promise<{ bets: number; answered: boolean }> {
  const accounts = known ?? (await accountsOf(ctx.database.db, memberId));
  const bets = await Promise.all(
    accounts.map((a) => callWithin(() => ctx.games.betsSince(a.provider, a.username, since), ctx.config.providerTimeoutMs)),
  );
  return { bets: bets.reduce<number>((sum, b) => sum + (b ?? 0), 0), answered: bets.every((b) => b !== undefined) };
}

/**
 * Which of the waiting deposits, oldest first, these bets have played through: each takes its whole
 * target from the bets left, stopping at the first they do not reach, so no bet counts for two deposits
 * and a younger deposit never goes before an older one. Answers those and the bets left over.
 */
export function playedThrough<T>(waiting: readonly T[], targetOf: (item: T) => number, bets: number): { played: T[]; left: number } {
  let left = bets;
  const played: T[] = [];
  for (const item of waiting) {
    if (left < targetOf(item)) break;
    left -= targetOf(item);
    played.push(item);
  }
  return { played, left };
}

/** The ledger balances of the member's game accounts, by account code (game:<member>:<provider>). */
export async function gameBalancesOf(tx: Tx, memberId: number): Promise<Map<string, number>> {
  const rows = await tx
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .where('member_id', '=', memberId)
    .where('kind', '=', 'game')
    .execute();
  return new Map(rows.map((b) => [b.code, Number(b.balance)]));
}

const recentAnswers = new WeakMap<AppContext, Map<string, { at: number; value: unknown }>>();
/** Answers kept per instance at most; past it the oldest go first. */
const RECENT_MAX = 20_000;

/**
 * What a provider answered lately, by key (member and provider in it), for the `providerCache` setting's
 * seconds: the wallet view's launch links and the game balances a refresh brought into the ledger, so a
 * wallet opened in several tabs, or reopened at once, asks the provider again only after that. `fresh`
 * asks whatever is kept (the member tapped "check balance", or is back from a game) and keeps the new
 * answer. Only answers are kept (undefined, a provider that did not answer, is asked again next time).
 * Per instance: another instance asks for itself.
 */
export async function recently<T>(
  ctx: AppContext,
  key: string,
  ask: () => Promise<T | undefined>,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<T | undefined> {
  const keepMs = ctx.settings.get('providerCache').seconds * 1000;
  let answers = recentAnswers.get(ctx);
  if (!answers) recentAnswers.set(ctx, (answers = new Map()));
  const now = ctx.now();
  const kept = answers.get(key);
  if (kept && !fresh && now - kept.at < keepMs) return kept.value as T;
  const value = await ask();
  if (value !== undefined && keepMs > 0) {
    answers.delete(key);
    answers.set(key, { at: now, value });
    if (answers.size > RECENT_MAX) answers.delete(answers.keys().next().value!);
  }
  return value;
}

const inFlight = new WeakMap<AppContext, Map<string, Promise<unknown>>>();

/**
 * One question to a provider at a time per key: a second asker (another tab, a double tap) while the
 * first is out waits for that answer instead of asking again. Nothing is kept after the answer: a
 * member back from a game sees its result at once.
 */
export function onceAtATime<T>(ctx: AppContext, key: string, ask: () => Promise<T>): Promise<T> {
  let asking = inFlight.get(ctx);
  if (!asking) inFlight.set(ctx, (asking = new Map()));
  const running = asking.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = ask().finally(() => asking.delete(key));
  asking.set(key, started);
  return started;
}

export async function providersOf(tx: Tx, memberId: number): Promise<string[]> {
  const rows = await tx.selectFrom('game_accounts').select('provider').where('member_id', '=', memberId).execute();
  return rows.map((r) => r.provider);
}

/** The provider's figure for a member's game and the transfer mark taken before asking for it (`askGame`). */
export interface Held {
  before: string;
  held: number;
  /** The mark came from `rememberMark`, not a look: the first statement answers `stale` if it has moved on. */
  remembered?: boolean;
}

/** A game's transfer mark with the member's username there, looked up or remembered (`recallMark`). */
export interface Looked {
  username: string;
  mark: string;
  remembered?: boolean;
}

/**
 * Postgres: each game's transfer mark as the end of this instance's last transfer of it left it (the end's
 * statement answers it, read under the member's lock), with the member's username there, which never
 * changes. A transfer out asks the provider with it instead of looking first: a round trip fewer, which
 * under load is a wait in the pool's queue fewer. A mark another transfer has moved on since (another
 * instance's, a transfer still open) is caught by the first statement, which writes nothing and answers
 * `stale` with the mark as it is now: the transfer asks again with that one, as with a look. Only marks
 * with nothing open are kept, at most MARKS_MAX (the oldest make room). This leans on intent ids only
 * growing for as long as the process lives, as a look leans on it for one request: a failover to a
 * standby that had not received the last commits could hand an id out again, as it would lose those
 * commits themselves.
 */
const MARKS_MAX = 50_000;
const marksOf = perDatabase(() => new Map<string, Looked>());

export function rememberMark(database: Database, memberId: number, provider: string, username: string, mark: string): void {
  const marks = marksOf(database);
  const key = `${memberId}:${provider}`;
  marks.delete(key);
  if (!mark.endsWith(':0')) return;
  if (marks.size >= MARKS_MAX) marks.delete(marks.keys().next().value!);
  marks.set(key, { username, mark });
}

/** The mark `rememberMark` kept for this game, if any. */
export const recallMark = (database: Database, memberId: number, provider: string): Looked | undefined => {
  const kept = marksOf(database).get(`${memberId}:${provider}`);
  return kept && { ...kept, remembered: true };
};

/**
 * Asks the provider what the member's game holds, only when no transfer of that game is open: the figure
 * with the transfer mark taken before the call (`known`: one already read, or remembered, instead of a
 * look). Undefined without an account, with a transfer open, or when the provider does not answer in time.
 */
export async function askGame(ctx: AppContext, memberId: number, provider: string, known?: Looked): Promise<Held | undefined> {
  const { username, mark: before } = known ?? (await gameLook(ctx.database.db, memberId, provider));
  if (username === undefined) return undefined;
  if (!before.endsWith(':0')) return undefined;
  const held = await callWithin(() => ctx.games.balance(provider, username), ctx.config.providerTimeoutMs);
  return held === undefined ? undefined : { before, held, remembered: known?.remembered === true };
}

/**
 * Books the difference between the provider's figure and the ledger's game balance (wins and losses since
 * the last look), in `tx` under the member's lock, only if the mark is still the one taken before the
 * provider was asked: if a transfer ran meanwhile the figure means nothing, and false says so.
 */
async function bookHeld(
  ctx: AppContext,
  tx: Tx,
  memberId: number,
  provider: string,
  currency: Currency,
  { before, held }: Held,
): Promise<boolean> {
  if ((await transferMark(tx, memberId, provider)) !== before) return false;
  const game = await gameAccount(tx, memberId, provider, currency);
  const diff = held - (await balanceOf(tx, gameCode(memberId, provider)));
  if (diff === 0) return true;
  const float = await stripeAccount(tx, 'providerFloat', memberId, currency, HOUSE_STRIPES);
  await move(tx, {
    memberId,
    type: 'game_result',
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
}

/**
 * Brings the ledger's game balance to what the provider holds (wins and losses since the last look).
 * The provider's figure only means something if no transfer ran while we asked: the mark taken before
 * the call must be unchanged, with nothing open, when we book the difference; else we look next time.
 * On Postgres a transfer out does the same in its first statement (wallet/transfers.ts `transfer`).
 */
export async function syncGame(ctx: AppContext, memberId: number, provider: string): Promise<boolean> {
  const asked = await askGame(ctx, memberId, provider);
  if (!asked) return false;
  // the usual look at a game nobody played since: nothing to book, and no transfer moved it meanwhile
  const since = await gameLook(ctx.database.db, memberId, provider);
  if (asked.held === since.booked && since.mark === asked.before) return true;
  return withTransaction(ctx.database, async (tx) => {
    const member = await memberMoney(tx, memberId);
    return bookHeld(ctx, tx, memberId, provider, member.currency, asked);
  });
}
