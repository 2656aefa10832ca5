import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { tooMany } from '../../lib/errors.js';
import { LIMITS, type Attempt } from '../../lib/rate-limit.js';
import { newToken, sha256 } from '../../lib/tokens.js';

/**
 * Sign-in throttling that slows guessing without letting a stranger lock a member out:
 * - wrong passwords from one address, whichever phones, make that address wait (LIMITS.loginFailAddress);
 *   members signing in correctly do not count, so many behind one carrier address never hold each other up;
 * - wrong passwords for a phone from one address block that phone from that address for the window;
 * - wrong passwords for a phone from all addresses together block that phone for everyone except
 *   devices the member signed in on before (the site's X-Device-Id), so the owner still gets in.
 * A staff member's username is held the same way (its own keys; the trusted device is the staff_device cookie).
 */
export const DEVICE_HEADER = 'x-device-id';

/**
 * Whose sign-in: a member's phone (the site's device id its trusted device) or a staff member's username
 * (the staff_device cookie's). Each has its own key space, so no member username reaches a staff member's
 * counters: `/api/login` with `staff:somchai` counts against the phone `staff:somchai`, nobody's.
 */
export type LoginWho = { phone: string } | { staff: string };

const addressKey = (address: string) => `login:fail:ip:${address}`;
const whoAddressKey = (who: LoginWho, address: string) =>
  'phone' in who ? `login:fail:phone-ip:${who.phone}:${address}` : `login:fail:staff-ip:${who.staff}:${address}`;
const whoKey = (who: LoginWho) => ('phone' in who ? `login:fail:phone:${who.phone}` : `login:fail:staff:${who.staff}`);

/** The device id the site sent, when it has the shape the site makes (random, 16 to 64 URL-safe characters). */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[DEVICE_HEADER];
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(raw) ? raw : undefined;
}

async function isTrusted(ctx: AppContext, who: LoginWho, deviceId: string | undefined): Promise<boolean> {
  if (!deviceId) return false;
  const db = ctx.database.db;
  const row =
    'phone' in who
      ? await db
          .selectFrom('trusted_devices')
          .innerJoin('members', 'members.id', 'trusted_devices.member_id')
          .select('trusted_devices.member_id')
          .where('members.phone', '=', who.phone)
          .where('trusted_devices.device_hash', '=', sha256(deviceId))
          .executeTakeFirst()
      : await db
          .selectFrom('staff_trusted_devices')
          .innerJoin('staff', 'staff.id', 'staff_trusted_devices.staff_id')
          .select('staff_trusted_devices.staff_id')
          .where('staff.username', '=', who.staff)
          .where('staff_trusted_devices.device_hash', '=', sha256(deviceId))
          .executeTakeFirst();
  return !!row;
}

/**
 * Before the password is checked: throws REQUEST_LIMIT_1MIN when this attempt has to wait. Otherwise
 * the attempt counts as a failure until `succeeded` takes it back, so guesses sent in parallel cannot
 * all pass the check before the first failure is counted.
 */
export async function beginLoginAttempt(ctx: AppContext, who: LoginWho, address: string, deviceId: string | undefined): Promise<Attempt> {
  const entries = [
    [addressKey(address), LIMITS.loginFailAddress],
    [whoAddressKey(who, address), LIMITS.loginFailPhoneAddress],
    [whoKey(who), LIMITS.loginFailPhone],
  ] as const;
  const keys = entries.map(([key]) => key);
  const succeeded = () => ctx.limiter.release(keys);
  const [fromAddress = 0, forPhoneFromAddress = 0, forPhone = 0] = await ctx.limiter.count(entries);
  const held =
    fromAddress > LIMITS.loginFailAddress.max ||
    forPhoneFromAddress > LIMITS.loginFailPhoneAddress.max ||
    (forPhone > LIMITS.loginFailPhone.max && !(await isTrusted(ctx, who, deviceId)));
  if (held) {
    await succeeded(); // refused unchecked: not a wrong password
    throw tooMany('REQUEST_LIMIT_1MIN');
  }
  return { succeeded };
}

/** After a successful sign-in: this device is the member's from now on. */
export async function trustDevice(ctx: AppContext, memberId: number, deviceId: string | undefined): Promise<void> {
  if (!deviceId) return;
  const now = ctx.now();
  await ctx.database.db
    .insertInto('trusted_devices')
    .values({ member_id: memberId, device_hash: sha256(deviceId), created_at: now, last_used_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'device_hash']).doUpdateSet({ last_used_at: now }))
    .execute();
}

/** After a staff member's complete sign-in: the staff_device cookie's device is theirs; gives the cookie's value (kept, or new). */
export async function trustStaffDevice(ctx: AppContext, staffId: number, deviceId: string | undefined): Promise<string> {
  const id = deviceId && /^[A-Za-z0-9_-]{43}$/.test(deviceId) ? deviceId : newToken();
  const now = ctx.now();
  await ctx.database.db
    .insertInto('staff_trusted_devices')
    .values({ staff_id: staffId, device_hash: sha256(id), created_at: now, last_used_at: now })
    .onConflict((oc) => oc.columns(['staff_id', 'device_hash']).doUpdateSet({ last_used_at: now }))
    .execute();
  return id;
}
