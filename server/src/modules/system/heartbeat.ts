import type { AppContext } from '../../context.js';
import { providerFaults } from '../../lib/provider-faults.js';
import { sweepHealth } from './sweep-health.js';

/** An instance not seen for this long is left out of what the alert pass reads, and its row is deleted after a day. */
export const HEARTBEAT_FORGET_MS = 24 * 60 * 60 * 1000;

/** The outside calls that came to no answer since the last heartbeat, by provider (and the mark moved on). */
function faultsSinceMark(ctx: AppContext): Record<string, number> {
  const health = sweepHealth(ctx.database);
  const totals = new Map<string, number>();
  for (const { provider, count } of providerFaults(ctx.database).values()) totals.set(provider, (totals.get(provider) ?? 0) + count);
  const since: Record<string, number> = {};
  for (const [provider, total] of totals) {
    const more = total - (health.faultsMark.get(provider) ?? 0);
    if (more > 0) since[provider] = more;
  }
  health.faultsMark = totals;
  return since;
}

/**
 * This instance's last sweep pass in `sweep_heartbeats` (migration 0050): whether it ran through, which
 * tasks failed, the ledger watch's problems and the faults of the pass. The sweep's own health is per
 * process (/metrics of each instance); this row lets the one instance that sends alerts see them all.
 */
export async function writeHeartbeat(ctx: AppContext): Promise<void> {
  const health = sweepHealth(ctx.database);
  const now = ctx.now();
  const failed = [...health.passFailed];
  const row = {
    seen_at: now,
    succeeded_at: health.lastSuccessAt || null,
    failed_tasks: failed,
    ledger_problems: health.ledger.problems.length,
    provider_faults: JSON.stringify(faultsSinceMark(ctx)),
    ...(failed.length ? { failed_at: now } : {}),
  };
  await ctx.database.db
    .insertInto('sweep_heartbeats')
    .values({ instance: health.instance, failed_at: null, ...row })
    .onConflict((oc) => oc.column('instance').doUpdateSet(row))
    .execute();
  await ctx.database.db
    .deleteFrom('sweep_heartbeats')
    .where('seen_at', '<', now - HEARTBEAT_FORGET_MS)
    .execute();
}
