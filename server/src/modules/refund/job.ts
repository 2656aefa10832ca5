import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { withTransaction } from '../../db/transaction.js';
import { basisPoints, type Settings } from '../../settings/registry.js';
import { periodStart } from '../../lib/periods.js';
import { addRefunds, heldBonusBetween, lossesBetween } from './repository.js';

/**
 * Cashback (§3 Refund log): once a period (a day, or a week from Monday, in TIME_ZONE) has closed, each
 * member's net loss over it earns `percent` of it back, or `percentWithBonus` when they held a bonus at
 * some time in it. Net loss is what the providers' results took from the member: the game results
 * booked in the period (provider float <-> game account), summed, when negative.
 */

/** How many closed periods back the minute sweep looks, so a server that was down over midnight catches up. */
export const CATCH_UP = 3;

export interface Period {
  start: number;
  end: number;
}

/** The closed periods before `now`, newest first. */
export function closedPeriods(kind: 'day' | 'week', now: number, timeZone: string, count: number): Period[] {
  const out: Period[] = [];
  let end = periodStart(kind, now, timeZone);
  for (let i = 0; i < count; i += 1) {
    const start = periodStart(kind, end - 1, timeZone);
    out.push({ start, end });
    end = start;
  }
  return out;
}

/** The period `time` falls in. */
export function periodOf(kind: 'day' | 'week', time: number, timeZone: string): Period {
  const start = periodStart(kind, time, timeZone);
  // the next period's start: a little past the longest period (a 25-hour DST day, a week) from this one
  const end = periodStart(kind, start + (kind === 'day' ? 26 : 7 * 24 + 2) * 3_600_000, timeZone);
  return { start, end };
}

/** Computes one period's refunds; members refunded for it already keep theirs. Answers the new ones. */
export async function computePeriod(database: Database, rule: Settings['refund'], period: Period, now: number) {
  return withTransaction(database, async (tx) => {
    // one computation at a time across instances
    await sql`select pg_advisory_xact_lock(hashtext('refund-periods'))`.execute(tx);
    const losses = await lossesBetween(tx, period.start, period.end);
    const withBonus = await heldBonusBetween(tx, period.start, period.end);
    // a member refunded for a period overlapping this one (the rule switched between day and week) keeps
    // that refund only: the same loss never earns twice
    const overlapping = new Set(
      (
        await tx
          .selectFrom('refunds')
          .select('member_id')
          .where('period_start', '<', period.end)
          .where('period_end', '>', period.start)
          .execute()
      ).map((r) => r.member_id),
    );
    const rows = losses
      .map(({ memberId, loss }) => {
        const bp = basisPoints(withBonus.has(memberId) ? rule.percentWithBonus : rule.percent);
        return {
          member_id: memberId,
          period_start: period.start,
          period_end: period.end,
          loss,
          percent_bp: bp,
          refund_amount: Math.floor((loss * bp) / 10_000),
          created_at: now,
        };
      })
      .filter((r) => r.refund_amount > 0);
    const fresh = rows.filter((r) => !overlapping.has(r.member_id));
    return { added: await addRefunds(tx, fresh), members: rows.length, total: rows.reduce((s, r) => s + r.refund_amount, 0) };
  });
}

/** The minute sweep's part: the last closed periods, while the programme is on. */
export async function refundSweep(ctx: {
  database: Database;
  settings: { get(key: 'refund'): Settings['refund'] };
  config: { timeZone: string };
  now: () => number;
}) {
  const rule = ctx.settings.get('refund');
  if (!rule.active) return 0;
  let added = 0;
  for (const period of closedPeriods(rule.period, ctx.now(), ctx.config.timeZone, CATCH_UP))
    added += (await computePeriod(ctx.database, rule, period, ctx.now())).added;
  return added;
}
