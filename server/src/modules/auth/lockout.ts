import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { tooMany } from '../../lib/errors.js';
import { LIMITS, type Attempt } from '../../lib/rate-limit.js';
import { sha256 } from '../../lib/tokens.js';

/**
 * Sign-in throttling that slows guessing without letting a stranger lock a member out:
 * - wrong passwords from one address, whichever phones, make that address wait (LIMITS.loginFailAddress);
 *   members signing in correctly do not count, so many behind one carrier address never hold each other up;
 * - wrong passwords for a phone from one address block that phone from that address for the window;
 * - wrong passwords for a phone from all addresses together block that phone for everyone except
 *   devices the member signed in on before (the site's X-Device-Id), so the owner still gets in.
 */
export const DEVICE_HEADER = 'x-device-id';

const addressKey = (address: string) => `login:fail:ip:${address}`;
const phoneAddressKey = (phone: string, address: string) => `login:fail:phone-ip:${phone}:${address}`;
const phoneKey = (phone: string) => `login:fail:phone:${phone}`;

/** The device id the site sent, when it has the shape the site makes (random, 16 to 64 URL-safe characters). */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[DEVICE_HEADER];
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(raw) ? raw : undefined;
}

async function isTrusted(ctx: AppContext, phone: string, deviceId: string | undefined): Promise<boolean> {
  if (!deviceId) return false;
  const row = await ctx.database.db
    .selectFrom('trusted_devices')
    .innerJoin('members', 'members.id', 'trusted_devices.member_id')
    .select('trusted_devices.member_id')
    .where('members.phone', '=', phone)
    .where('trusted_devices.device_hash', '=', sha256(deviceId))
    .executeTakeFirst();
  return !!row;
}

/**
 * Before the password is checked: throws REQUEST_LIMIT_1MIN when this attempt has to wait. Otherwise
 * the attempt counts as a failure until `succeeded` takes it back, so guesses sent in parallel cannot
 * all pass the check before the first failure is counted.
 */
export async function beginLoginAttempt(ctx: AppContext, phone: string, address: string, deviceId: string | undefined): Promise<Attempt> {
  const entries = [
    [addressKey(address), LIMITS.loginFailAddress],
    [phoneAddressKey(phone, address), LIMITS.loginFailPhoneAddress],
    [phoneKey(phone), LIMITS.loginFailPhone],
  ] as const;
  const keys = entries.map(([key]) => key);
  const succeeded = () => ctx.limiter.release(keys);
  const [fromAddress = 0, forPhoneFromAddress = 0, forPhone = 0] = await ctx.limiter.count(entries);
  const held =
    fromAddress > LIMITS.loginFailAddress.max ||
    forPhoneFromAddress > LIMITS.loginFailPhoneAddress.max ||
    (forPhone > LIMITS.loginFailPhone.max && !(await isTrusted(ctx, phone, deviceId)));
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
