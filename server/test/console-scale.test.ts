import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/database.js';
import { checkConsoleQueries, fillAtScale, type Scale } from './console-scale.js';
import { scratchDatabase } from './helper.js';

/**
 * The console's member search, dashboard counts and member page read indexes, never a whole table
 * (issue 39). Here at 20,000 members and 200,000 ledger rows, enough for the planner to choose as it does
 * at scale; `npm run bench:console` runs the same check at 100,000 and 1,000,000.
 */
const SCALE: Scale = { members: 20_000, ledgerRows: 200_000 };

describe('the console at scale', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase();
    await migrate(scratch.database);
    await fillAtScale(scratch.database, SCALE);
  });
  afterAll(async () => scratch?.remove());

  it('searches members, counts the queues and opens a member without reading a whole table', async () => {
    const checks = await checkConsoleQueries(scratch.database, SCALE);
    // every kind of question was asked and reached the tables
    expect(new Set(checks.map((c) => c.what.split(' "')[0]))).toEqual(new Set(['search', 'dashboard', 'member page']));
    expect(checks.flatMap((c) => c.scans).some((s) => s.includes('members_name_trgm'))).toBe(true);
    expect(checks.filter((c) => c.problems.length).map((c) => `${c.what}: ${c.problems.join('; ')} in ${c.sql}`)).toEqual([]);
  });
});
