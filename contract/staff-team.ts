import { Type, type Static } from 'typebox';
import { Nullable } from './nullable.js';
import { StaffRoleSchema } from './staff.js';

/**
 * Staff accounts in the console (/staff/team): admins only, every other role 403 STAFF_FORBIDDEN. Each change
 * is in the audit trail as the admin who made it, with the address, under `staff:<username>`.
 *
 * The console adds and resets support agents only. A finance clerk or an admin is added, and their password
 * reset, by the operator (`npm run operator -- staff add|reset`), never by one admin here: a one-time password
 * in one admin's hands would be a second person who can approve that admin's own money (403
 * STAFF_OPERATOR_ONLY); for the same reason only the operator enables a disabled finance clerk or admin (whose
 * password and authenticator still work: an admin who knew them would hold a second approver). Disabling is
 * any account's but one's own: an admin never disables themselves (409 STAFF_IS_YOU), nor two admins each
 * other at once, so the console always keeps an admin. The name customers see is anyone's, one's own too.
 *
 * Refusals, nothing changed: 404 NO_STAFF (no one of that name), 409 STAFF_USERNAME_TAKEN, 400
 * STAFF_USERNAME_INVALID (STAFF_USERNAME_PATTERN, or a name the trail keeps for the CLI: system, cli, staff),
 * 400 DISPLAY_NAME_INVALID (1 to DISPLAY_NAME_MAX characters, no control characters), 400 REASON_REQUIRED.
 */

/** The most characters of the name customers see on a staff member's chat replies. */
export const DISPLAY_NAME_MAX = 40;
/**
 * Characters a name may not hold: controls and format characters (direction overrides, zero-width ones, tags),
 * private-use ones, the line separators and the Hangul fillers, which a chat would obey or show as nothing.
 */
const UNSAFE_NAME = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029\u115F\u1160\u3164\uFFA0]/u;
/**
 * The name customers see, trimmed, or undefined when it is empty, too long, holds a character a chat would obey
 * or show as nothing, or has no letter or digit to read (a name that looks like nobody's, or another's).
 */
export function cleanDisplayName(text: string): string | undefined {
  const name = text.trim();
  return name && [...name].length <= DISPLAY_NAME_MAX && !UNSAFE_NAME.test(name) && /[\p{L}\p{N}]/u.test(name) ? name : undefined;
}

export const StaffAccount = Type.Object({
  username: Type.String(),
  role: StaffRoleSchema,
  /** The name customers see on their chat replies; null: the username shows. */
  displayName: Nullable(Type.String()),
  /** `new`: the one-time password is not yet replaced by their own (never signed in since the add or the last reset). */
  status: Type.Union([Type.Literal('active'), Type.Literal('new'), Type.Literal('disabled')]),
  totpEnrolled: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  /** Their last call in a console session; null when they never had one. */
  lastSeenAt: Nullable(Type.String({ format: 'date-time' })),
});
export type StaffAccount = Static<typeof StaffAccount>;

/** GET /api/staff/team: every staff member, by username. Every change below answers it too. */
export const StaffTeam = Type.Object({ staff: Type.Array(StaffAccount) });
export type StaffTeam = Static<typeof StaffTeam>;

const DisplayName = Type.String({ maxLength: DISPLAY_NAME_MAX * 4 });

/**
 * POST /api/staff/team: a new support agent with a one-time password, answered once (200 with it): the admin
 * hands it over; their first sign-in replaces it and enrols TOTP.
 */
export const StaffAddBody = Type.Object({
  username: Type.String({ maxLength: 64 }),
  displayName: Type.Optional(DisplayName),
});
export type StaffAddBody = Static<typeof StaffAddBody>;

/** The one-time password of an add or a reset, shown only in this answer, with the list after the change. */
export const StaffOneTimePassword = Type.Object({
  username: Type.String(),
  oneTimePassword: Type.String(),
  team: StaffTeam,
});
export type StaffOneTimePassword = Static<typeof StaffOneTimePassword>;

export const StaffUsernameParam = Type.Object({ username: Type.String({ maxLength: 64 }) });
export type StaffUsernameParam = Static<typeof StaffUsernameParam>;

/**
 * POST /api/staff/team/:username/disable (ends their sessions; the support chats they held are anyone's
 * again), .../enable, .../reset (an agent's: a new one-time password, sessions ended, TOTP and trusted
 * devices forgotten). A reason, in the trail. Disabling one who is disabled (or enabling one who is not)
 * changes nothing and writes nothing.
 */
export const StaffChangeBody = Type.Object({ reason: Type.String({ maxLength: 500 }) });
export type StaffChangeBody = Static<typeof StaffChangeBody>;

/** PUT /api/staff/team/:username/name: the name customers see on their chat replies. */
export const StaffNameBody = Type.Object({ displayName: DisplayName });
export type StaffNameBody = Static<typeof StaffNameBody>;
