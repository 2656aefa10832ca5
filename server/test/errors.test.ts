import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiError, isUniqueViolation, isUniqueViolationOf } from '../src/lib/errors.js';
import { scratchDatabase } from './helper.js';

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
beforeAll(async () => {
  scratch = await scratchDatabase();
  await sql`create table once (id int constraint once_pk primary key)`.execute(scratch.database.db);
});
afterAll(() => scratch.remove());

/** What Postgres threw for this statement. */
async function refusal(statement: ReturnType<typeof sql>): Promise<unknown> {
  return statement.execute(scratch.database.db).then(
    () => expect.unreachable('the statement was taken'),
    (err: unknown) => err,
  );
}

it('knows a unique constraint that refused a write by its SQLSTATE, also when it was wrapped', async () => {
  await sql`insert into once values (1)`.execute(scratch.database.db);
  const err = await refusal(sql`insert into once values (1)`);
  expect(isUniqueViolation(err)).toBe(true);
  expect(isUniqueViolationOf(err, 'once_pk')).toBe(true);
  expect(isUniqueViolationOf(err, 'another_pk')).toBe(false);
  const wrapped = new Error('the transaction failed', { cause: err });
  expect(isUniqueViolation(wrapped)).toBe(true);
  expect(isUniqueViolationOf(wrapped, 'once_pk')).toBe(true);
});

it('takes no word in a message for one: not a refusal named "duplicate", not another error that says "unique"', async () => {
  expect(isUniqueViolation(new ApiError(409, 'TRUELINK_DUPLICATE'))).toBe(false);
  const notAUniqueViolation = await refusal(sql`select 'unique'::int`);
  expect(String(notAUniqueViolation)).toMatch(/unique/);
  expect(isUniqueViolation(notAUniqueViolation)).toBe(false);
  expect(isUniqueViolation(undefined)).toBe(false);
  expect(isUniqueViolation('duplicate key value violates unique constraint')).toBe(false);
});
