import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { convert, toMajor, type Currency } from '../../ledger/money.js';
import { memberMoney, payReward, type MemberMoney, type RewardSource } from '../../ledger/operations.js';
import { siteMoney } from '../../lib/site-money.js';
import { basisPoints } from '../../settings/registry.js';
import { memberBetsSince, playedThrough } from '../games/service.js';
import {
  addInvites,
  markPlayed,
  playedSoFar,
  markReceived,
  readyRecords,
  uncountedDeposits,
  unreceived,
  waitingForPlay,
} from './repository.js';

/**
 * The invite programme (§2 invite line, §3 Invite record, §7 Invite): an inviter earns `percent` of
 * every credited deposit of the members who registered with their PR code. What a deposit earned can
 * be received once that invitee has bet `turnover` times the deposit since making it. The records are
 * made when the inviter's invite money is looked at (the wallet, the list, a receive), from the journal.
 */

/** How many waiting invitees one look asks the providers about. */
export const PLAY_CHECKS_PER_LOOK = 20;

/** The label of invite money on the journal (statement: `bonus` from INVITE). */
export const INVITE_FROM = 'INVITE' satisfies RewardSource;

/** Counts the invitees' new deposits at the percentage in force; answers whether it counted any. */
async function countDeposits(ctx: AppContext, inviterId: number): Promise<boolean> {
  const rule = ctx.settings.get('invite');
  const bp = basisPoints(rule.percent);
  const now = ctx.now();
  const deposits = await uncountedDeposits(ctx.database.db, inviterId);
  if (deposits.length === 0) return false;
  // on the Lao site inviter and invitee may hold different currencies: the share is paid in the inviter's
  const { currency } = await memberMoney(ctx.database.db, inviterId);
  const { kipPerBaht } = siteMoney(ctx.config, ctx.settings.get('bonus'));
  await addInvites(
    ctx.database.db,
    deposits.map((d) => {
      const target = Number(d.amount) * rule.turnover;
      return {
        inviter_id: inviterId,
        invitee_id: Number(d.member_id),
        deposit_journal_id: d.id,
        deposit_amount: Number(d.amount),
        amount: convert(Math.floor((Number(d.amount) * bp) / 10_000), d.currency, currency, kipPerBaht),
        turnover_target: target,
        deposited_at: Number(d.created_at),
        created_at: now,
        played_at: target === 0 ? now : null,
      };
    }),
  );
  return true;
}

/**
 * What a look at an inviter's records starts from when the caller read it already (the wallet view reads
 * it with everything else): whether invitee deposits wait to be counted, the records waiting for play
 * (`waitingForPlay`), and for the first PLAY_CHECKS_PER_LOOK invitees among them `playedSoFar` and their
 * game accounts.
 */
export interface InvitesRead {
  uncounted: boolean;
  waiting: { id: number; invitee_id: number; turnover_target: number; deposited_at: number }[];
  invitees: { invitee_id: number; since: number; taken: number; accounts: { provider: string; username: string }[] }[];
}

/**
 * Asks the providers for each waiting invitee's bets since their first counted deposit. Those bets
 * cover the invitee's deposits oldest first: a record is played once they reach its target plus the
 * targets of every earlier record, so no bet counts twice. Answers whether a provider could not be
 * asked (the records it concerns wait for the next look), and whether any record was played.
 */
async function checkPlay(ctx: AppContext, inviterId: number, read?: InvitesRead): Promise<{ unanswered: boolean; played: boolean }> {
  const db = ctx.database.db;
  const waiting = read?.waiting ?? (await waitingForPlay(db, inviterId));
  const known = new Map(read?.invitees.map((i) => [i.invitee_id, i]));
  const byInvitee = new Map<number, typeof waiting>();
  for (const r of waiting) byInvitee.set(r.invitee_id, [...(byInvitee.get(r.invitee_id) ?? []), r]);
  // invitees in parallel: a hanging provider costs one timeout, not one per invitee
  // the invitees with the oldest waiting deposits, a bounded number per look: an inviter of thousands
  // who never played costs one round of provider calls per view, not thousands
  const answers = await Promise.all(
    [...byInvitee].slice(0, PLAY_CHECKS_PER_LOOK).map(async ([inviteeId, records]) => {
      const facts = known.get(inviteeId);
      const { since, taken } = facts ?? (await playedSoFar(db, inviteeId));
      const { bets, answered } = await memberBetsSince(ctx, inviteeId, since, facts?.accounts);
      const { played } = playedThrough(records, (r) => Number(r.turnover_target), bets - taken);
      const ids = played.map((r) => r.id);
      await markPlayed(db, ids, ctx.now());
      return { answered, played: ids.length > 0 };
    }),
  );
  return { unanswered: answers.some((a) => !a.answered), played: answers.some((a) => a.played) };
}

/**
 * Brings the inviter's records up to date; nothing is counted while the programme is off. `read`: what
 * the caller read of them already. `changed` says whether the records changed (counted or played).
 */
export async function refreshInvites(
  ctx: AppContext,
  inviterId: number,
  read?: InvitesRead,
): Promise<{ unanswered: boolean; changed: boolean }> {
  if (!ctx.settings.get('invite').active) return { unanswered: false, changed: false };
  const counted = read && !read.uncounted ? false : await countDeposits(ctx, inviterId);
  // records just counted are not in what was read: read them again
  if (read && read.waiting.length === 0 && !counted) return { unanswered: false, changed: false };
  const { unanswered, played } = await checkPlay(ctx, inviterId, counted ? undefined : read);
  return { unanswered, changed: counted || played };
}

/**
 * GET /api/wallet's invite from the inviter's records not received (`unreceived`, after `refreshInvites`):
 * `amount` earned and not received; `success` the percentage of it ready to
 * receive (its invitees have played), `fail` the percentage still waiting for them (0 and 0 when nothing).
 */
export function inviteSummary({ total, ready }: { total: number; ready: number }, currency: Currency) {
  const success = total === 0 ? 0 : Math.floor((ready * 100) / total);
  return { amount: toMajor(total, currency), success, fail: total === 0 ? 0 : 100 - success };
}

/**
 * Pays the ready records in one journal entry from the bonus expense account to the wallet, inside the
 * caller's transaction (which holds the member's lock). Refuses NO_INVITE_BONUS (nothing earned),
 * INVITE_BONUS_FAIL (nothing ready and a provider could not be asked), NO_INVITEE_PLAY_INFO (nothing
 * ready: the invitees have not played their deposits through).
 */
export async function receiveInvites(tx: Tx, member: MemberMoney, unanswered: boolean, now: number) {
  const { total } = await unreceived(tx, member.memberId);
  if (total === 0) throw badRequest('NO_INVITE_BONUS');
  const records = await readyRecords(tx, member.memberId);
  const amount = records.reduce((sum, r) => sum + Number(r.amount), 0);
  if (amount === 0) throw unanswered ? conflict('INVITE_BONUS_FAIL') : badRequest('NO_INVITEE_PLAY_INFO');
  const journalId = await payReward(tx, member, { amountMinor: amount, source: INVITE_FROM }, now);
  const ids = records.map((r) => r.id);
  // the member's lock is held: a shortfall means a bug, not a race
  if ((await markReceived(tx, ids, journalId)) !== ids.length) throw new ApiError(409, 'INVITE_BONUS_FAIL');
  return { message: 'INVITE_BONUS_SUCCESS' as const, amount: toMajor(amount, member.currency) };
}
