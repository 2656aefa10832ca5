import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/database.js';
import { checkConsoleQueries, fillAtScale, type Scale } from './console-scale.js';
import { scratchDatabase } from './helper.js';

/**
 * The console's member search, dashboard counts and member page read indexes, never a whole table
 * (issue 39), at the size: 100,000 members and 1,000,000 ledger rows (about 30 s to fill on a quiet
 * machine of two cores). `npm run bench:console` runs the same check with each query's time, at any size.
 */
const SCALE: Scale = { members: 100_000, ledgerRows: 1_000_000 };
/** Filling takes what the machine gives it: never cut short because it is busy. */
const FILL_TIMEOUT = 15 * 60_000;

describe('the console at scale', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase();
    await migrate(scratch.database);
    await fillAtScale(scratch.database, SCALE);
  }, FILL_TIMEOUT);
  afterAll(async () => scratch?.remove());

  it('searches members, counts the queues and opens a member without reading a whole table', { timeout: FILL_TIMEOUT }, async () => {
    const checks = await checkConsoleQueries(scratch.database, SCALE);
    // every kind of question was asked and reached the tables
    expect(new Set(checks.map((c) => c.what.split(' "')[0]))).toEqual(new Set(['search', 'dashboard', 'member page']));
    expect(checks.flatMap((c) => c.scans).some((s) => s.includes('members_name_trgm'))).toBe(true);
    expect(checks.filter((c) => c.problems.length).map((c) => `${c.what}: ${c.problems.join('; ')} in ${c.sql}`)).toEqual([]);
  });
});
