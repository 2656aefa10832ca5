import type { Kysely } from 'kysely';
import type { Counters, LimitEntries } from '../lib/rate-limit.js';
import type { DB } from './schema.js';

/** How often an instance deletes ended windows: they count as nothing anyway, so this only bounds the table. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Limit counters in the `rate_limits` table, so every instance on the database counts against the same
 * limit. One upsert counts all keys of a call: it starts a new window where the last one has ended, and
 * adds one otherwise, atomically per key.
 *
 * When the database fails the error goes up like any other (the request fails, nothing is let through
 * uncounted): the calls limited here need the database for their own work anyway.
 */
export class DatabaseCounters implements Counters {
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Kysely<DB>) {}

  async add(entries: LimitEntries, now: number): Promise<number[]> {
    if (entries.length === 0) return [];
    await this.prune(now);
    // rows locked in one order by every call: two Postgres upserts sharing two keys cannot deadlock
    const values = entries
      .map(([key, limit]) => ({ key, count: 1, reset_at: now + limit.windowMs }))
      .sort((x, y) => (x.key < y.key ? -1 : 1));
    const rows = await this.db
      .insertInto('rate_limits')
      .values(values)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const ended = eb('rate_limits.reset_at', '<=', now);
          return {
            count: eb
              .case()
              .when(ended)
              .then(eb.lit(1))
              .else(eb('rate_limits.count', '+', eb.lit(1)))
              .end(),
            reset_at: eb.case().when(ended).then(eb.ref('excluded.reset_at')).else(eb.ref('rate_limits.reset_at')).end(),
          };
        }),
      )
      .returning(['key', 'count'])
      .execute();
    const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
    return entries.map(([key]) => counts.get(key) ?? 0);
  }

  async takeBack(keys: readonly string[], now: number): Promise<void> {
    // one row a statement: an update of several rows locks them in the order it finds them, which can be the
    // reverse of the upserts' sorted order (a Postgres deadlock); one row at a time never holds one and waits
    for (const key of [...keys].sort()) {
      await this.db
        .updateTable('rate_limits')
        .set((eb) => ({ count: eb('count', '-', eb.lit(1)) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .where('reset_at', '>', now)
        .execute();
    }
  }

  private async prune(now: number): Promise<void> {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    // rows an upsert holds are skipped (the next prune takes them), so the delete never waits for a lock
    // and cannot deadlock with upserts that lock their keys in order
    await this.db
      .deleteFrom('rate_limits')
      .where('key', 'in', (eb) =>
        eb.selectFrom('rate_limits').select('key').where('reset_at', '<=', now).orderBy('key').forUpdate().skipLocked(),
      )
      .execute();
  }
}
