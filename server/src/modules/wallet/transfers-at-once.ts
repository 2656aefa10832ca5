import { sql } from 'kysely';
import { TRANSFER_MINIMUM } from '../../../../contract/limits.js';
import { PLANNED, type Database } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import type { IdempotencyKey, Outcome } from '../../lib/idempotency.js';
import type { Begun } from '../../lib/outside-call.js';
import { gameCode, HOUSE_STRIPES, stripeCode, walletCode, type StripedHouse } from '../../ledger/ledger.js';
import { ledgerErrorOf } from '../../ledger/errors.js';
import { MINOR, toMinor, type Currency } from '../../ledger/money.js';
import { notifyMember } from '../events/service.js';
import type { Held, Looked } from '../games/service.js';
import type { IntentRow } from './intent-repository.js';

/**
 * A transfer's two transactions, each one call of its database function (migration 0039: record_v4,
 * finish_v5, which move the money by the ledger's own functions of 0038), one round trip each: the
 * transfer's one implementation.
 */

/** The least transfer in each currency's minor units, as `wallet_transfer_record_v4` checks it. */
const CURRENCIES = Object.keys(MINOR) as Currency[];
const MINIMUMS = JSON.stringify(Object.fromEntries(CURRENCIES.map((c) => [c, toMinor(TRANSFER_MINIMUM, c)])));

/** A function's refusal (SQLSTATE WAnnn, the code as message) as an ApiError; the ledger's own (WLnnn) as a LedgerError. */
function refusal(err: unknown): never {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  const status = typeof code === 'string' ? /^WA(\d{3})$/.exec(code)?.[1] : undefined;
  if (status && typeof message === 'string') throw new ApiError(Number(status), message);
  throw ledgerErrorOf(err);
}

export interface RecordStart {
  memberId: number;
  provider: string;
  direction: 'in' | 'out';
  amount: number | 'all';
  sync?: Held;
}

type Recorded =
  | { earlier: { status: number; response: string } }
  | { refused: string }
  | { stale: Looked }
  | { intent: IntentRow & { username: string } };

export async function beginAtOnce<Body>(
  database: Database,
  start: RecordStart,
  key: IdempotencyKey | undefined,
  now: number,
  stripes: number,
): Promise<Begun<IntentRow & { username: string }, Body> | { stale: Looked }> {
  const amount = start.amount === 'all' ? null : start.amount;
  const codes = (house: StripedHouse, n: number) =>
    JSON.stringify(Object.fromEntries(CURRENCIES.map((c) => [c, stripeCode(house, start.memberId, c, n)])));
  const { sync } = start;
  const result = await sql<{ r: Recorded }>`
    select wallet_transfer_record_v4(${start.memberId}::integer, ${start.provider}::text, ${start.direction}::text,
      ${amount}::bigint, ${MINIMUMS}::jsonb, ${walletCode(start.memberId)}::text, ${gameCode(start.memberId, start.provider)}::text,
      ${codes('inTransit', stripes)}::jsonb, ${key?.key ?? null}::text, ${key?.fingerprint ?? null}::text, ${now}::bigint,
      ${sync?.before ?? null}::text, ${sync?.held ?? null}::bigint, ${sync ? codes('providerFloat', HOUSE_STRIPES) : null}::jsonb,
      ${sync?.remembered ?? false}::boolean) as r${PLANNED}`
    .execute(database.db)
    .catch(refusal);
  const recorded = result.rows[0]!.r;
  // refused after the sync's booking, which stands (migration 0039, record_v4)
  if ('refused' in recorded) throw new ApiError(400, recorded.refused);
  // the remembered mark had moved on: nothing written; the mark as it is now, to ask and begin again with
  if ('stale' in recorded) return { stale: recorded.stale };
  if ('earlier' in recorded) return { earlier: { status: recorded.earlier.status, body: JSON.parse(recorded.earlier.response) as Body } };
  return { recorded: recorded.intent };
}

export async function finishAtOnce(
  database: Database,
  row: IntentRow,
  applied: boolean,
  now: number,
  answer: Outcome<unknown>,
  /** finished by the sweep, after the request answered it was on its way: the member is told (a notice) */
  late = false,
): Promise<{ closed: boolean; mark?: string }> {
  const result = await sql<{ r: { closed: boolean; mark?: string } }>`
    select wallet_transfer_finish_v5(${row.id}::integer, ${row.member_id}::integer, ${applied}::boolean, ${now}::bigint,
      ${walletCode(row.member_id)}::text, ${gameCode(row.member_id, row.provider)}::text, ${answer.status}::integer, ${JSON.stringify(answer.body)}::text) as r${PLANNED}`
    .execute(database.db)
    .catch(refusal);
  const finished = result.rows[0]!.r;
  const { closed } = finished;
  // told after the commit, not inside the function (migration 0034 on); the
  // answer does not wait for it, and a lost hint loses nothing (the member's app reads the money itself)
  if (closed)
    void notifyMember(database, row.member_id, { kind: 'transfer', status: applied ? 'SETTLED' : 'RETURNED' }, undefined, { notice: late });
  return finished;
}
