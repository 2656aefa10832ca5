import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { SettingProposalsTable } from '../../db/schema-adjustments.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { ApiError, conflict, forbidden, isUniqueViolation } from '../../lib/errors.js';
import type { SettingKey, Settings } from '../../settings/registry.js';
import { checkSettingValue, lockedSetting, readAllSettings, writeSetting } from '../../settings/store.js';
import { askerDisabled, madeBy, recordAudit, type Actor, type By } from '../audit/service.js';
import { personOf } from '../../../../contract/staff.js';
import { requireStaffRole } from './staff-role.js';
import { approvedDeposit, keepingRemovedAccounts, widensDeposit, type Deposit } from '../../settings/deposit-accounts.js';
import { isPayingProgramme, type PayingProgramme } from '../../../../contract/paying-programmes.js';

/**
 * The money policy's own settings take two admins (issue 36): the threshold one person may credit alone
 * (`adjustments`) is what keeps one person from creating money, so one admin who raises it and then
 * credits would undo it. A change of such a setting, in the console or with the CLI's `--as`, is a
 * proposal (`settings.propose` in the audit trail) that a second admin approves (then it is written, as
 * `settings.set` naming both) or rejects with a reason; the proposer may withdraw it (a rejection of their
 * own) but never approve it. One proposal per setting waits at a time. In the console each admin signs in
 * with their own password and TOTP; the CLI's `--as` names the admin without proving it (whoever has the
 * shell has the database too), so the console is where the two people are held to be two.
 */
export const TWO_ADMIN_SETTINGS: readonly SettingKey[] = ['adjustments'];

export const needsTwoAdmins = (key: SettingKey) => TWO_ADMIN_SETTINGS.includes(key);

/**
 * Whether a change of a programme that pays members makes it pay more: the invite percent, the refund's
 * percents and period, the coins a deposit earns, the wheel turned on or its coupons kept longer, the kip a
 * baht is worth, the balance below which a member may end a bonus. Such a change creates money through
 * members' own calls (an inviter receiving 100% of every deposit counted since), so one admin may not make it
 * alone; one that pays less (a programme turned off, a lower percent) or changes only words and pictures, they may.
 */
const PAYS_MORE: { [K in PayingProgramme]: (was: Settings[K] | undefined, now: Settings[K]) => boolean } = {
  invite: (was, now) => now.active && (!was?.active || now.percent > was.percent || now.turnover < was.turnover),
  refund: (was, now) =>
    now.active &&
    (!was?.active ||
      now.percent > was.percent ||
      now.percentWithBonus > was.percentWithBonus ||
      now.minimum < was.minimum ||
      now.period !== was.period),
  // a deposit earns coins for each whole `per`: a smaller `per` pays more at the same ratio
  coinRule: (was, now) =>
    now.coins !== 0 &&
    (!was ||
      now.coins > was.coins ||
      now.per < was.per ||
      now.currency !== was.currency ||
      (now.wagerMultiple ?? 1) < (was.wagerMultiple ?? 1)),
  spinwheel: (was, now) => now.active && (!was?.active || now.couponDays > was.couponDays),
  // a higher clearBelow lets a member end a bonus (and its turnover) with more money in their games
  bonus: (was, now) => was?.kipPerBaht !== now.kipPerBaht || now.clearBelow > (was?.clearBelow ?? 0),
};

/** `PAYS_MORE`'s judgement of a change of `key` (the console names the same keys: contract/paying-programmes.ts). */
function paysMore<K extends SettingKey>(key: K, before: Settings[K] | undefined, after: Settings[K]): boolean {
  if (!isPayingProgramme(key)) return false;
  const judge = PAYS_MORE[key] as (was: Settings[K] | undefined, now: Settings[K]) => boolean;
  return judge(before, after);
}

/**
 * Whether changing `key` from `before` to `after` takes two admins: a two-admin setting always; the deposit
 * accounts (issue 39) when the change sends members' money anywhere it did not go (settings/deposit-accounts.ts);
 * the payment QR codes when who they pay changes (the biller id, the TrueMoney number); a programme that pays
 * members when it would pay more (`paysMore`).
 */
export function changeNeedsTwoAdmins<K extends SettingKey>(key: K, before: Settings[K] | undefined, after: Settings[K]): boolean {
  if (needsTwoAdmins(key)) return true;
  if (key === 'deposit') return widensDeposit(before as Deposit | undefined, after as Deposit);
  if (key === 'qrcode') {
    const [was, now] = [before as Settings['qrcode'] | undefined, after as Settings['qrcode']];
    return was?.billerId !== now.billerId || was.trueMoneyMobile !== now.trueMoneyMobile;
  }
  return paysMore(key, before, after);
}

/**
 * writeSettingAudited's `allowed` for a change of `key` to `value` by one admin: judged on the value it
 * replaces, read with its row locked, so a change landed meanwhile (a retirement) counts.
 */
export const oneAdminMay =
  <K extends SettingKey>(key: K, value: Settings[K]) =>
  (before: Settings[K] | undefined): boolean =>
    !changeNeedsTwoAdmins(key, before, value);

export interface SettingProposal {
  id: number;
  key: SettingKey;
  value: unknown;
  reason: string;
  proposedBy: string;
  proposedAt: number;
}

type Books = { database: Database; now: () => number };

/** Only an admin, not disabled, proposes or decides (the CLI's `--as` too): 403 STAFF_FORBIDDEN. */
const requireAdmin = (tx: Tx, actor: Actor) => requireStaffRole(tx, actor, ['admin']);

const proposalOf = (row: Selectable<SettingProposalsTable>): SettingProposal => ({
  id: row.id,
  key: row.key as SettingKey,
  value: JSON.parse(row.value) as unknown,
  reason: row.reason,
  proposedBy: row.proposed_by,
  proposedAt: Number(row.proposed_at),
});

/** The waiting proposals, by setting. */
export async function pendingProposals(db: Kysely<DB>): Promise<Map<SettingKey, SettingProposal>> {
  const rows = await db.selectFrom('setting_proposals').selectAll().where('status', '=', 'PENDING').execute();
  return new Map(rows.map((row) => [row.key as SettingKey, proposalOf(row)]));
}

/** Proposes a change of a two-admin setting (its value already checked against the registry); answers the proposal. */
export async function proposeSetting<K extends SettingKey>(
  ctx: Books,
  by: By,
  input: { key: K; value: Settings[K]; reason: string },
): Promise<SettingProposal> {
  const now = ctx.now();
  return withTransaction(ctx.database, async (tx) => {
    await requireAdmin(tx, by.actor);
    const before = (await readAllSettings(tx))[input.key];
    let row;
    try {
      row = await tx
        .insertInto('setting_proposals')
        .values({
          key: input.key,
          value: JSON.stringify(input.value),
          reason: input.reason,
          proposed_by: madeBy(by.actor),
          proposed_at: now,
          status: 'PENDING',
          decided_by: null,
          decided_at: null,
          decision_reason: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SETTING_PROPOSAL_PENDING');
      throw err;
    }
    await recordAudit(tx, by.actor, {
      action: 'settings.propose',
      target: `setting:${input.key}`,
      before,
      after: { proposal: row.id, value: input.value, status: 'PENDING' },
      reason: input.reason,
      ip: by.ip ?? null,
      at: now,
    });
    return proposalOf(row);
  });
}

/**
 * A second admin's decision on a waiting proposal: approved (the value is written) or rejected (nothing
 * changes). The proposer may not decide (403 FOUR_EYES); one decided meanwhile is 409
 * SETTING_PROPOSAL_DECIDED. Answers the proposal's setting key.
 */
export async function decideProposal(
  ctx: Books,
  by: By,
  input: { id: number; outcome: 'APPLIED' | 'REJECTED'; reason: string | null },
): Promise<SettingKey> {
  const now = ctx.now();
  return withTransaction(ctx.database, async (tx) => {
    await requireAdmin(tx, by.actor);
    const row = await tx.selectFrom('setting_proposals').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!row) throw new ApiError(404, 'NO_DATA');
    if (row.status !== 'PENDING') throw conflict('SETTING_PROPOSAL_DECIDED');
    // the proposer may withdraw their own proposal (a rejection), never apply it
    if (input.outcome === 'APPLIED' && personOf(row.proposed_by) === by.actor.username) throw forbidden('FOUR_EYES');
    if (input.outcome === 'APPLIED' && (await askerDisabled(tx, row.proposed_by))) throw conflict('ASKER_DISABLED');
    const claimed = await tx
      .updateTable('setting_proposals')
      .set({ status: input.outcome, decided_by: madeBy(by.actor), decided_at: now, decision_reason: input.reason })
      .where('id', '=', input.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict('SETTING_PROPOSAL_DECIDED');
    const key = row.key as SettingKey;
    await recordAudit(tx, by.actor, {
      action: input.outcome === 'APPLIED' ? 'settings.approve' : 'settings.reject',
      target: `setting:${key}`,
      before: { proposal: row.id, proposedBy: row.proposed_by, status: 'PENDING' },
      after: { proposal: row.id, status: input.outcome },
      reason: input.reason,
      ip: by.ip ?? null,
      at: now,
    });
    if (input.outcome === 'APPLIED') {
      // locked: a retirement or another change of the setting made at the same moment is kept, not written over
      const before = await lockedSetting(tx, key);
      // checked again against the registry: a release between the proposal and its approval may have changed the schema
      const proposed = checkSettingValue(key, JSON.parse(row.value) as unknown);
      // deposit accounts: retired meanwhile stays retired, and what the proposal retires is retired from now
      // and an account the proposal leaves out is kept, retired (settings/deposit-accounts.ts)
      const value =
        key === 'deposit'
          ? keepingRemovedAccounts(
              before as Deposit | undefined,
              approvedDeposit(before as Deposit | undefined, proposed as Deposit, Number(row.proposed_at), now),
              now,
            )
          : proposed;
      await writeSetting(tx, key, value);
      await recordAudit(tx, by.actor, {
        action: 'settings.set',
        target: `setting:${key}`,
        before,
        after: value,
        reason: `${row.reason} (proposed by ${row.proposed_by}, approved by ${madeBy(by.actor)})`,
        ip: by.ip ?? null,
        at: now,
      });
    }
    return key;
  });
}
