import { sql, type RawBuilder } from 'kysely';
import type { AlertRules } from '../../../../contract/staff-alerts.js';
import type { Lang } from '../../../../contract/lang.js';
import type { Tx } from '../../db/transaction.js';
import { ISO_CODE, toMajor, toMinor, type Currency } from '../../ledger/money.js';
import { alertText, type AlertTextKey } from './texts.js';

/** A condition that holds now: the alert's key (its rule, and what it names), its text and the console screen it opens. */
export interface Firing {
  key: string;
  rule: keyof AlertRules;
  detail: Record<string, string | number>;
  /** The console's path under /staff. */
  screen: string;
  /** A notice (a large deposit): sent once, nothing to resolve. */
  notice?: boolean;
}

const MINUTE = 60_000;

/** The text of a firing (or a resolved one) in the alerts' language, with its link. */
export function firingText(
  f: Pick<Firing, 'rule' | 'detail' | 'screen'>,
  kind: 'fired' | 'resolved' | 'notice',
  lang: Lang,
  publicUrl: string,
) {
  const line = alertText(f.rule as AlertTextKey, lang, f.detail);
  return `${alertText(kind, lang)}\n${line}\n${alertText('open', lang)}: ${publicUrl}/staff${f.screen}`;
}

const amountWords = (minor: number, currency: Currency) =>
  `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(toMajor(minor, currency))} ${ISO_CODE[currency]}`;

/** An amount at or above the threshold of its currency (major units, as the console takes them). */
const atLeast = (currency: RawBuilder<unknown>, amount: RawBuilder<unknown>, t: { BAHT: number; LAK: number }) =>
  sql<boolean>`((${currency} = 'BAHT' and ${amount} >= ${toMinor(t.BAHT, 'BAHT')}) or (${currency} = 'LAK' and ${amount} >= ${toMinor(t.LAK, 'LAK')}))`;

/** A large withdrawal's or deposit's alert: one per row, named by its id. */
const large = (
  rule: 'largeWithdrawal' | 'largeDeposit',
  row: { id: number; amount: number | string | bigint; currency: string; member_id: number | null },
  screen: string,
): Firing => ({
  key: `${rule}:${row.id}`,
  rule,
  detail: { amount: amountWords(Number(row.amount), row.currency as Currency), member: Number(row.member_id) },
  screen,
});

/**
 * What holds now, rule by rule (each read from an index of the rows it counts, migration 0050). The
 * sweep heartbeats of the instances seen within `freshMs` say what the per-process figures are (faults,
 * sweep failures, ledger problems). Large deposits are those credited after `depositCursor`.
 */
export async function evaluateRules(
  tx: Tx,
  rules: AlertRules,
  o: { now: number; freshMs: number; sweepLateMs: number; depositCursor: number | null },
): Promise<{ firing: Firing[]; depositCursor: number | null }> {
  const { now } = o;
  const firing: Firing[] = [];
  const count = (row: { n: unknown }) => Number(row.n);

  if (rules.withdrawalWaiting.enabled) {
    const { minutes } = rules.withdrawalWaiting;
    const row = await tx
      .selectFrom('withdrawals')
      .where('status', '=', 'PENDING')
      .where('created_at', '<', now - minutes * MINUTE)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    if (count(row))
      firing.push({ key: 'withdrawalWaiting', rule: 'withdrawalWaiting', detail: { minutes, count: count(row) }, screen: '/withdrawals' });
  }
  if (rules.slipQueue.enabled) {
    const row = await tx
      .selectFrom('slips')
      .where('status', '=', 'REVIEW')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const threshold = rules.slipQueue.count;
    if (count(row) > threshold)
      firing.push({ key: 'slipQueue', rule: 'slipQueue', detail: { count: count(row), threshold }, screen: '/slips' });
  }
  if (rules.depositRequests.enabled) {
    const row = await tx
      .selectFrom('deposit_requests')
      .where('status', '=', 'PENDING')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const threshold = rules.depositRequests.count;
    if (count(row) > threshold)
      firing.push({
        key: 'depositRequests',
        rule: 'depositRequests',
        detail: { count: count(row), threshold },
        screen: '/deposit-requests',
      });
  }
  if (rules.chatWaiting.enabled) {
    const { minutes } = rules.chatWaiting;
    const row = await tx
      .selectFrom('chat_rooms')
      .where('ended_at', 'is', null)
      .where('waiting_since', 'is not', null)
      .where('waiting_since', '<', now - minutes * MINUTE)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    if (count(row)) firing.push({ key: 'chatWaiting', rule: 'chatWaiting', detail: { minutes, count: count(row) }, screen: '/inbox' });
  }

  const beats = await tx
    .selectFrom('sweep_heartbeats')
    .selectAll()
    .where('seen_at', '>=', now - o.freshMs)
    .execute();
  if (rules.providerDown.enabled) {
    const faults = new Map<string, number>();
    for (const beat of beats)
      for (const [provider, n] of Object.entries(beat.provider_faults)) faults.set(provider, (faults.get(provider) ?? 0) + n);
    for (const [provider, n] of [...faults].sort()) {
      // the alert channels' own faults are not a provider of the wallet's: an alert about them could not be sent anyway
      if (provider === 'line' || provider === 'telegram') continue;
      if (n >= rules.providerDown.faults)
        firing.push({ key: `providerDown:${provider}`, rule: 'providerDown', detail: { provider, count: n }, screen: '/' });
    }
  }
  if (rules.sweepFailing.enabled && beats.length) {
    const tasks = [...new Set(beats.flatMap((b) => b.failed_tasks))].sort();
    const lastSuccess = Math.max(...beats.map((b) => Number(b.succeeded_at ?? 0)));
    if (!tasks.length && lastSuccess < now - o.sweepLateMs) tasks.push('-');
    if (tasks.length) firing.push({ key: 'sweepFailing', rule: 'sweepFailing', detail: { tasks: tasks.join(', ') }, screen: '/' });
  }
  if (rules.ledgerProblems.enabled) {
    const problems = Math.max(0, ...beats.map((b) => b.ledger_problems));
    if (problems) firing.push({ key: 'ledgerProblems', rule: 'ledgerProblems', detail: { count: problems }, screen: '/audit' });
  }
  if (rules.largeWithdrawal.enabled) {
    const rows = await tx
      .selectFrom('withdrawals')
      .where('status', '=', 'PENDING')
      .where(atLeast(sql.ref('currency'), sql.ref('amount'), rules.largeWithdrawal))
      .select(['id', 'member_id', 'amount', 'currency'])
      .orderBy('id')
      .limit(50)
      .execute();
    for (const w of rows) firing.push(large('largeWithdrawal', w, '/withdrawals'));
  }

  // large deposits: the entries credited since the last look (a look-back of 100 entries: a transaction may
  // commit an entry numbered below one already seen; each alert's key keeps it to one)
  let depositCursor = o.depositCursor;
  const newest = await tx
    .selectFrom('journal')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  const newestId = newest.id === null ? 0 : Number(newest.id);
  if (rules.largeDeposit.enabled && depositCursor !== null) {
    const rows = await tx
      .selectFrom('journal as j')
      .innerJoin('members as m', 'm.id', 'j.member_id')
      .where('j.id', '>', Math.max(0, depositCursor - 100))
      .where('j.id', '<=', newestId)
      .where('j.type', '=', 'deposit')
      .where(atLeast(sql.ref('m.currency'), sql.ref('j.amount'), rules.largeDeposit))
      .select(['j.id', 'j.amount', 'j.member_id', 'm.currency'])
      .orderBy('j.id')
      .limit(50)
      .execute();
    for (const d of rows) firing.push({ ...large('largeDeposit', d, `/members/${d.member_id}`), notice: true });
  }
  depositCursor = newestId;
  return { firing, depositCursor };
}
