import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/transaction.js';
import { ApiError, badRequest } from '../../lib/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { staffPasswordProblem, type StaffRole, type StaffSignInStep } from '../../../../contract/staff.js';
import { recordAudit } from '../audit/service.js';
import { beginLoginAttempt } from '../auth/service.js';
import { findStaff, isStaffUsername } from './accounts.js';
import { openStaffSession } from './session.js';
import { qrcode } from '../../lib/qrcode.js';

/**
 * The staff sign-in's steps (issue 23): the password (throttled like a member's), then as needed the
 * staff member's own password in place of the one-time one, TOTP enrolment (every role must, issue 36),
 * and the TOTP code. A challenge row, named by the challenge cookie, carries the steps after the
 * password for CHALLENGE_MINUTES; only its token's hash is stored.
 */
export const CHALLENGE_MINUTES = 10;
/** Wrong codes one challenge takes before it ends (the password is asked again). */
const CHALLENGE_FAILURES = 5;
const PERIOD_MS = 30_000;

interface Staff {
  id: number;
  username: string;
  role: StaffRole;
  must_change_password: number;
  totp_enrolled_at: number | null;
}
type Challenge = { id: number; staff_id: number; step: string; pending_secret: string | null; failures: number };

export type StepResult = {
  step: StaffSignInStep;
  challengeToken?: string;
  /** A complete sign-in: the session, and the staff member it is of (whose device the browser becomes). */
  session?: { token: string; csrfToken: string; staffId: number };
};

const signInFail = () => new ApiError(401, 'STAFF_SIGNIN_FAIL');
export const challengeExpired = () => new ApiError(401, 'STAFF_CHALLENGE_EXPIRED');
const totpInvalid = () => new ApiError(401, 'TOTP_INVALID');
const actorOf = (username: string) => ({ kind: 'staff', username }) as const;
const sealContext = (staffId: number) => `staff:${staffId}`;
// the set-password step keeps the one-time password (sealed, in the challenge) to refuse a new one that holds it
const oneTimeContext = (staffId: number) => `staff:${staffId}:one-time`;

/** `issuer` names the entry in the authenticator app: the site's name, so staff of two sites tell them apart. */
function totpOf(username: string, secret: Secret, issuer = 'staff'): TOTP {
  return new TOTP({ issuer, label: username, algorithm: 'SHA1', digits: 6, period: 30, secret });
}

/** The step after the ones done: set-password, enrol-totp, totp, or a session. `oneTime`: the password step one took. */
async function next(ctx: AppContext, staff: Staff, challenge: Challenge | undefined, ip: string, oneTime?: string): Promise<StepResult> {
  const now = ctx.now();
  // every role signs in with TOTP (issue 36: agents read every member's bank account and chats)
  const step = staff.must_change_password ? 'set-password' : staff.totp_enrolled_at !== null ? 'totp' : 'enrol-totp';
  let pending: string | null = step === 'set-password' && oneTime ? ctx.staffSecrets.seal(oneTime, oneTimeContext(staff.id)) : null;
  let uri: { otpauthUri: string; qrDataUrl: string } | undefined;
  if (step === 'enrol-totp') {
    const secret = new Secret({ size: 20 });
    pending = ctx.staffSecrets.seal(secret.base32, sealContext(staff.id));
    const otpauthUri = totpOf(staff.username, secret, `${ctx.settings.get('info').name} staff`).toString();
    uri = { otpauthUri, qrDataUrl: await (await qrcode()).toDataURL(otpauthUri) };
  }
  let challengeToken: string | undefined;
  if (challenge) {
    await ctx.database.db
      .updateTable('staff_challenges')
      .set({ step, pending_secret: pending, failures: 0 })
      .where('id', '=', challenge.id)
      .execute();
  } else {
    // a new sign-in replaces this staff member's unfinished ones; ended ones of anyone go too
    await ctx.database.db
      .deleteFrom('staff_challenges')
      .where((eb) => eb.or([eb('staff_id', '=', staff.id), eb('expires_at', '<=', now)]))
      .execute();
    challengeToken = newToken();
    await ctx.database.db
      .insertInto('staff_challenges')
      .values({
        staff_id: staff.id,
        token_hash: sha256(challengeToken),
        step,
        pending_secret: pending,
        ip,
        created_at: now,
        expires_at: now + CHALLENGE_MINUTES * 60_000,
      })
      .execute();
  }
  const answer: StaffSignInStep = step === 'enrol-totp' ? { next: step, ...uri! } : { next: step };
  return { step: answer, challengeToken };
}

async function finish(ctx: AppContext, staff: Staff, ip: string): Promise<StepResult> {
  const session = await openStaffSession(ctx, staff.id, ip);
  await withTransaction(ctx.database, async (tx) => {
    await tx.deleteFrom('staff_challenges').where('staff_id', '=', staff.id).execute();
    await recordAudit(tx, actorOf(staff.username), { action: 'staff.sign-in', target: `staff:${staff.username}`, ip, at: ctx.now() });
  });
  return {
    step: { next: 'done', staff: { username: staff.username, role: staff.role, csrfToken: session.csrfToken } },
    session: { ...session, staffId: staff.id },
  };
}

/**
 * Step one: the username and password; `address` is the throttling key, `ip` what the audit trail records,
 * `device` the staff_device cookie (a device this username signed in on is not held by the username's limit).
 */
export async function signIn(
  ctx: AppContext,
  username: string,
  password: string,
  address: string,
  ip: string,
  device: string | undefined,
): Promise<StepResult> {
  // the member sign-in's throttling, in the staff's own key space (auth/lockout.ts)
  const attempt = await beginLoginAttempt(ctx, { staff: username }, address, device);
  const staff = isStaffUsername(username) ? await findStaff(ctx.database.db, username) : undefined;
  // an unknown name costs the same time as a wrong password: the answer never says which
  const ok = await verifyPassword(staff?.password_hash ?? (await dummyPasswordHash()), password);
  if (!staff || !ok || staff.disabled_at !== null) throw signInFail();
  await attempt.succeeded();
  return next(ctx, staff, undefined, ip, password);
}

/** The open challenge of a cookie at the given step; STAFF_CHALLENGE_EXPIRED otherwise. */
async function challengeAt(ctx: AppContext, token: string | undefined, steps: string[]) {
  if (!token || token.length > 200) throw challengeExpired();
  const row = await ctx.database.db
    .selectFrom('staff_challenges')
    .innerJoin('staff', 'staff.id', 'staff_challenges.staff_id')
    .select([
      'staff_challenges.id',
      'staff_challenges.staff_id',
      'staff_challenges.step',
      'staff_challenges.pending_secret',
      'staff_challenges.failures',
      'staff_challenges.expires_at',
      'staff.username',
      'staff.role',
      'staff.password_hash',
      'staff.must_change_password',
      'staff.totp_secret',
      'staff.totp_enrolled_at',
      'staff.totp_last_step',
      'staff.disabled_at',
    ])
    .where('staff_challenges.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.disabled_at !== null || Number(row.expires_at) <= ctx.now() || !steps.includes(row.step)) throw challengeExpired();
  return { challenge: { ...row, id: row.id }, staff: { ...row, id: row.staff_id } };
}

/** The set-password step: the console's rule (staffPasswordProblem), and nothing that holds the one-time password. */
export async function setPassword(ctx: AppContext, token: string | undefined, newPassword: string, ip: string): Promise<StepResult> {
  const { challenge, staff } = await challengeAt(ctx, token, ['set-password']);
  const oneTime = challenge.pending_secret ? ctx.staffSecrets.open(challenge.pending_secret, oneTimeContext(staff.id)) : undefined;
  if (
    staffPasswordProblem(newPassword, staff.username) ||
    (oneTime !== undefined && newPassword.toLowerCase().includes(oneTime.toLowerCase())) ||
    (await verifyPassword(staff.password_hash, newPassword))
  )
    throw badRequest('PASSWORD_WEAK');
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(ctx.database, async (tx) => {
    await tx.updateTable('staff').set({ password_hash: passwordHash, must_change_password: 0 }).where('id', '=', staff.id).execute();
    await recordAudit(tx, actorOf(staff.username), { action: 'staff.password', target: `staff:${staff.username}`, ip, at: ctx.now() });
  });
  return next(ctx, { ...staff, must_change_password: 0 }, challenge, ip);
}

/** The totp and enrol-totp steps: a code of this or a neighbouring 30 s step, never one already used. */
export async function checkTotp(ctx: AppContext, token: string | undefined, code: string, ip: string): Promise<StepResult> {
  const { challenge, staff } = await challengeAt(ctx, token, ['totp', 'enrol-totp']);
  // wrong codes of this staff member wait after a few (LIMITS.staffTotpFail); a right one does not count
  const attempt = await ctx.limiter.attempt([[`staff:totp:fail:${staff.username}`, LIMITS.staffTotpFail]]);
  const enrolling = challenge.step === 'enrol-totp';
  const sealed = enrolling ? challenge.pending_secret : staff.totp_secret;
  if (!sealed) throw challengeExpired();
  const secret = Secret.fromBase32(ctx.staffSecrets.open(sealed, sealContext(staff.id)));
  const now = ctx.now();
  const delta = /^\d{6}$/.test(code) ? totpOf(staff.username, secret).validate({ token: code, timestamp: now, window: 1 }) : null;
  const step = delta === null ? undefined : Math.floor(now / PERIOD_MS) + delta;
  const accepted =
    step !== undefined &&
    (await withTransaction(ctx.database, async (tx) => {
      // conditional on the last step, so the same code sent twice at once passes once
      const updated = await tx
        .updateTable('staff')
        .set({
          totp_last_step: step,
          ...(enrolling ? { totp_secret: sealed, totp_enrolled_at: now } : {}),
        })
        .where('id', '=', staff.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      if (enrolling)
        await recordAudit(tx, actorOf(staff.username), { action: 'staff.totp-enrol', target: `staff:${staff.username}`, ip, at: now });
      return true;
    }));
  if (!accepted) {
    await ctx.database.db
      .updateTable('staff_challenges')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', challenge.id)
      .execute();
    // many wrong codes: this challenge ends (the password is asked again)
    if (challenge.failures + 1 >= CHALLENGE_FAILURES)
      await ctx.database.db.deleteFrom('staff_challenges').where('id', '=', challenge.id).execute();
    throw totpInvalid();
  }
  await attempt.succeeded();
  return finish(ctx, { ...staff, totp_enrolled_at: enrolling ? now : staff.totp_enrolled_at }, ip);
}
