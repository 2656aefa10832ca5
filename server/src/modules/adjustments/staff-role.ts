import type { StaffRole } from '../../../../contract/staff.js';
import type { Tx } from '../../db/transaction.js';
import { forbidden } from '../../lib/errors.js';
import type { Actor } from '../audit/service.js';

/**
 * The actor is a staff member of one of `roles`, not disabled, read in the caller's transaction (the CLI's
 * `--as` too, whose name no session vouches for): 403 STAFF_FORBIDDEN otherwise.
 */
export async function requireStaffRole(tx: Tx, actor: Actor, roles: readonly StaffRole[]): Promise<void> {
  const staff = await tx.selectFrom('staff').select(['role', 'disabled_at']).where('username', '=', actor.username).executeTakeFirst();
  if (!staff || staff.disabled_at !== null || !roles.includes(staff.role as StaffRole)) throw forbidden('STAFF_FORBIDDEN');
}

/** Only a finance clerk or an admin, not disabled, puts money in or decides on it (the CLI's `--as` too): 403 STAFF_FORBIDDEN. */
export const requireApprover = (tx: Tx, actor: Actor) => requireStaffRole(tx, actor, ['finance', 'admin']);
