import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { hashPassword } from '../../lib/password.js';
import { STAFF_RESERVED_NAMES, STAFF_USERNAME_PATTERN, type StaffRole } from '../../../../contract/staff.js';
import { recordAudit, type Actor } from '../audit/service.js';

/** Staff accounts as the operator manages them (the CLI's `staff ...`): each change audited in its transaction. */

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

/** A new staff member with a one-time password; undefined when the username is taken. */
export async function addStaff(database: Database, actor: Actor, username: string, role: StaffRole, now: number) {
  // the CLI checks too; here so no other caller can add a name the audit trail would misread
  if (!isStaffUsername(username)) throw new Error(`not a staff username: ${username}`);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return withTransaction(database, async (tx) => {
    if (await findStaff(tx, username)) return undefined;
    await tx
      .insertInto('staff')
      .values({ username, role, password_hash: passwordHash, must_change_password: 1, totp_secret: null, created_at: now })
      .execute();
    await recordAudit(tx, actor, { action: 'staff.add', target: `staff:${username}`, after: { role }, at: now });
    return password;
  });
}

/** Disables (ending the sessions) or enables a staff member; false when there is none of that name. */
export async function setStaffDisabled(database: Database, actor: Actor, username: string, disabled: boolean, now: number) {
  return withTransaction(database, async (tx) => {
    const staff = await findStaff(tx, username);
    if (!staff) return false;
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
    await recordAudit(tx, actor, {
      action: disabled ? 'staff.disable' : 'staff.enable',
      target: `staff:${username}`,
      before: { disabled: staff.disabled_at !== null },
      after: { disabled },
      at: now,
    });
    return true;
  });
}

/** A new one-time password and no TOTP (enrolled again at the next sign-in); undefined when there is none of that name. */
export async function resetStaff(database: Database, actor: Actor, username: string, now: number) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return withTransaction(database, async (tx) => {
    const staff = await findStaff(tx, username);
    if (!staff) return undefined;
    await tx
      .updateTable('staff')
      .set({ password_hash: passwordHash, must_change_password: 1, totp_secret: null, totp_enrolled_at: null, totp_last_step: null })
      .where('id', '=', staff.id)
      .execute();
    await endStaffSessions(tx, staff.id, now);
    // a reset is for a lost or shared device too: no device is trusted until the next sign-in
    await tx.deleteFrom('staff_trusted_devices').where('staff_id', '=', staff.id).execute();
    await recordAudit(tx, actor, {
      action: 'staff.reset',
      target: `staff:${username}`,
      before: { totpEnrolled: staff.totp_enrolled_at !== null },
      after: { totpEnrolled: false, mustChangePassword: true },
      at: now,
    });
    return password;
  });
}

/** The most a display name may be: what a customer's chat shows above an agent's reply. */
export const DISPLAY_NAME_MAX = 40;

/**
 * Sets the name customers see on a staff member's chat replies (issue 24); the username shows until one is
 * set. False when there is none of that name. Audited with the name before and after.
 */
export async function setStaffDisplayName(database: Database, actor: Actor, username: string, displayName: string, now: number) {
  return withTransaction(database, async (tx) => {
    const staff = await findStaff(tx, username);
    if (!staff) return false;
    await tx.updateTable('staff').set({ display_name: displayName }).where('id', '=', staff.id).execute();
    await recordAudit(tx, actor, {
      action: 'staff.name',
      target: `staff:${username}`,
      before: { displayName: staff.display_name ?? null },
      after: { displayName },
      at: now,
    });
    return true;
  });
}
