import type { Tx } from '../../db/transaction.js';
import { StaffReason } from '../../../../contract/staff-queues.js';
import { personOf } from '../../../../contract/staff.js';
import { badRequest } from '../../lib/errors.js';
import { DECIMALS, toMajor, type Currency } from '../../ledger/money.js';

/** Who made a change: a staff member in the console, or the operator CLI (`system`, or `--as <staff>`). */
export interface Actor {
  kind: 'staff' | 'cli';
  username: string;
}

/** Who asks a queue action (slip approve, withdrawal pay, ...) and from where: the address for staff, none for the CLI. */
export interface By {
  actor: Actor;
  ip?: string | null;
}

/** A reason as the contract takes one (3 to 500 characters, trimmed), or undefined when none worth the name was given. */
const { minLength: REASON_MIN = 3, maxLength: REASON_MAX = 500 } = StaffReason as { minLength?: number; maxLength?: number };
export function givenReason(reason: string | undefined): string | undefined {
  const text = reason?.trim();
  return text && text.length >= REASON_MIN && text.length <= REASON_MAX ? text : undefined;
}

/** The reason an action cannot go without: 400 REASON_REQUIRED, nothing changed, when there is none. */
export function requiredReason(reason: string | undefined): string {
  const text = givenReason(reason);
  if (!text) throw badRequest('REASON_REQUIRED');
  return text;
}

/**
 * A second person's decision's words: a rejection's reason is required; an approval's note is optional (null
 * when blank), but one given is kept whole or refused (400 REASON_REQUIRED), never dropped in silence.
 */
export function decisionReason(outcome: 'APPLIED' | 'REJECTED', reason: string | undefined): string | null {
  return outcome === 'APPLIED' && !reason?.trim() ? null : requiredReason(reason);
}

/**
 * Whether the staff member who asked for a change waiting for a second person (`staff:<name>`, `cli:<name>`)
 * is disabled now: what they asked is no longer approved (409 ASKER_DISABLED; a rejection still clears it),
 * since an account disabled because it was misused must not leave its requests in a colleague's queue. The
 * CLI's own `system` is nobody's account.
 */
export async function askerDisabled(tx: Tx, askedBy: string): Promise<boolean> {
  const row = await tx.selectFrom('staff').select('disabled_at').where('username', '=', personOf(askedBy)).executeTakeFirst();
  return row !== undefined && row.disabled_at !== null;
}

/** The CLI's actor when no `--as` is given. */
export const CLI_SYSTEM: Actor = { kind: 'cli', username: 'system' };

export interface AuditEntry {
  /** e.g. `settings.set`, `member.disable`, `slip.approve`, `staff.add`, `staff.sign-in`. */
  action: string;
  /** e.g. `member:0812345678`, `setting:registerOTP`, `slip:12`, `staff:somchai`. */
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** The address the change came from; none for the CLI. */
  ip?: string | null;
  /** Journal entries the change made: they name the actor (`made_by`). */
  journalIds?: readonly number[];
  at: number;
  /** The member the change is about: the row is found from them (the member page, `member:<phone>`). */
  member?: number | null;
  /** The amount it is about, minor units of the member's currency: written '6000.00 BAHT'. */
  money?: { minor: number; currency: Currency } | null;
}

/** An amount as the audit trail writes it: major units with the currency's decimals, and the currency. */
export const auditMoney = (minor: number, currency: Currency) => `${toMajor(minor, currency).toFixed(DECIMALS[currency])} ${currency}`;

/** What a journal entry made by a person says of them. */
export const madeBy = (actor: Actor) => `${actor.kind}:${actor.username}`;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The one way a change is recorded: called with the transaction that makes the change, so the change and
 * its row commit or roll back together. The table refuses UPDATE and DELETE (migration 0025's triggers),
 * and at the commit the row is chained to the one before (migration 0043; `audit verify`: chain.ts).
 */
export async function recordAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      at: entry.at,
      actor_kind: actor.kind,
      actor_username: actor.username,
      action: entry.action,
      target: entry.target,
      before_json: json(entry.before),
      after_json: json(entry.after),
      reason: entry.reason ?? null,
      ip: entry.ip ?? null,
      member_id: entry.member ?? null,
      money: entry.money ? auditMoney(entry.money.minor, entry.money.currency) : null,
    })
    .execute();
  const ids = entry.journalIds?.filter((id) => id > 0) ?? [];
  if (ids.length)
    await tx
      .updateTable('journal')
      .set({ made_by: madeBy(actor) })
      .where('id', 'in', ids)
      .execute();
}

export { verifyChain } from './chain.js';
