import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { isUniqueViolation, unauthorized } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { STAFF_RESERVED_NAMES, STAFF_USERNAME_PATTERN, type StaffRole } from '../../../../contract/staff.js';
import { recordAudit, type By } from '../audit/service.js';

/**
 * Staff accounts as the operator (the CLI's `staff ...`) and the console's admins (./team.ts) manage them:
 * each change audited in its transaction, with who made it, from where and why.
 */

/** Why a change was made, as the trail keeps it (null: none given). */
type Why = string | null | undefined;

export const isStaffUsername = (text: string) => new RegExp(STAFF_USERNAME_PATTERN).test(text) && !isReservedName(text);
/** `system`, `cli`, `staff`: a staff member of that name would be `--as system`, the same as the CLI's own. */
export const isReservedName = (text: string) => STAFF_RESERVED_NAMES.includes(text);

/** A one-time password: 16 URL-safe characters (96 random bits), shown once; the first sign-in replaces it. */
export const oneTimePassword = () => randomBytes(12).toString('base64url');

export const findStaff = (db: Tx, username: string) =>
  db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();

/** Ends every open session and unfinished sign-in of a staff member. */
export async function endStaffSessions(tx: Tx, staffId: number, now: number): Promise<void> {
  await tx.updateTable('staff_sessions').set({ revoked_at: now }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).execute();
  await tx.deleteFrom('staff_challenges').where('staff_id', '=', staffId).execute();
}

/** A staff member read for a change, locked so two changes at once are made (and audited) one after the other. */
const lockedStaff = (tx: Tx, username: string) =>
  tx.selectFrom('staff').selectAll().where('username', '=', username).forUpdate().executeTakeFirst();

/**
 * A new staff member with a one-time password (and the name customers see, when given); undefined when the
 * username is taken, also by an add that committed between the look and the write.
 */
export async function addStaff(
  database: Database,
  by: By,
  staff: { username: string; role: StaffRole; displayName?: string | null },
  now: number,
): Promise<string | undefined> {
  const { username, role } = staff;
  // the CLI checks too; here so no other caller can add a name the audit trail would misread
  if (!isStaffUsername(username)) throw new Error(`not a staff username: ${username}`);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const displayName = staff.displayName ?? null;
  try {
    return await withTransaction(database, async (tx) => {
      if (await findStaff(tx, username)) return undefined;
      await tx
        .insertInto('staff')
        .values({
          username,
          role,
          password_hash: passwordHash,
          must_change_password: 1,
          totp_secret: null,
          created_at: now,
          display_name: displayName,
        })
        .execute();
      await recordAudit(tx, by.actor, {
        action: 'staff.add',
        target: `staff:${username}`,
        after: displayName === null ? { role } : { role, displayName },
        ip: by.ip,
        at: now,
      });
      return password;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/**
 * Disables (ending the sessions) or enables a staff member: 'none' when there is none of that name,
 * 'unchanged' (nothing written, no row in the trail) when they already were.
 */
export async function setStaffDisabled(database: Database, by: By, username: string, disabled: boolean, now: number, reason?: Why) {
  return withTransaction(database, async (tx) => {
    // a console admin's own row is locked with the target's (in id order, so two admins disabling each other
    // wait for one another) and read again: one disabled meanwhile changes nothing (their session has ended)
    const names = by.actor.kind === 'staff' ? [...new Set([username, by.actor.username])] : [username];
    const rows = await tx.selectFrom('staff').selectAll().where('username', 'in', names).orderBy('id').forUpdate().execute();
    if (by.actor.kind === 'staff' && rows.find((r) => r.username === by.actor.username)?.disabled_at !== null)
      throw unauthorized('STAFF_UNAUTHORIZED');
    const staff = rows.find((r) => r.username === username);
    if (!staff) return 'none' as const;
    if ((staff.disabled_at !== null) === disabled) return 'unchanged' as const;
    await tx
      .updateTable('staff')
      .set({ disabled_at: disabled ? now : null })
      .where('id', '=', staff.id)
      .execute();
    if (disabled) {
      await endStaffSessions(tx, staff.id, now);
      // the support conversations they held are anyone's again ("Take the next waiting" skips held ones)
      await tx.updateTable('chat_rooms').set({ assigned_to: null, assigned_at: null }).where('assigned_to', '=', staff.id).execute();
    }
    await recordAudit(tx, by.actor, {
      action: disabled ? 'staff.disable' : 'staff.enable',
      target: `staff:${username}`,
      before: { disabled: staff.disabled_at !== null },
      after: { disabled },
      reason,
      ip: by.ip,
      at: now,
    });
    return 'changed' as const;
  });
}

/** A new one-time password and no TOTP (enrolled again at the next sign-in); undefined when there is none of that name. */
export async function resetStaff(database: Database, by: By, username: string, now: number, reason?: Why) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return withTransaction(database, async (tx) => {
    const staff = await lockedStaff(tx, username);
    if (!staff) return undefined;
    await tx
      .updateTable('staff')
      .set({ password_hash: passwordHash, must_change_password: 1, totp_secret: null, totp_enrolled_at: null, totp_last_step: null })
      .where('id', '=', staff.id)
      .execute();
    await endStaffSessions(tx, staff.id, now);
    // a reset is for a lost or shared device too: no device is trusted until the next sign-in
    await tx.deleteFrom('staff_trusted_devices').where('staff_id', '=', staff.id).execute();
    await recordAudit(tx, by.actor, {
      action: 'staff.reset',
      target: `staff:${username}`,
      before: { totpEnrolled: staff.totp_enrolled_at !== null },
      after: { totpEnrolled: false, mustChangePassword: true },
      reason,
      ip: by.ip,
      at: now,
    });
    return password;
  });
}

/**
 * Sets the name customers see on a staff member's chat replies (issue 24); the username shows until one is
 * set. False when there is none of that name. Audited with the name before and after.
 */
export async function setStaffDisplayName(database: Database, by: By, username: string, displayName: string, now: number) {
  return withTransaction(database, async (tx) => {
    const staff = await lockedStaff(tx, username);
    if (!staff) return false;
    await tx.updateTable('staff').set({ display_name: displayName }).where('id', '=', staff.id).execute();
    await recordAudit(tx, by.actor, {
      action: 'staff.name',
      target: `staff:${username}`,
      before: { displayName: staff.display_name ?? null },
      after: { displayName },
      ip: by.ip,
      at: now,
    });
    return true;
  });
}
