import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Message } from '../../../../contract/message.js';
import {
  StaffAddBody,
  StaffChangeBody,
  StaffNameBody,
  StaffOneTimePassword,
  StaffTeam,
  StaffUsernameParam,
  cleanDisplayName,
  type StaffAccount,
} from '../../../../contract/staff-team.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { ApiError, badRequest, conflict, forbidden } from '../../lib/errors.js';
import { requiredReason, type By } from '../audit/service.js';
import { addStaff, findStaff, isStaffUsername, resetStaff, setStaffDisabled, setStaffDisplayName } from './accounts.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Every staff member by username, with their last call in a console session. */
export async function staffTeam(db: Tx): Promise<{ staff: StaffAccount[] }> {
  const rows = await db
    .selectFrom('staff')
    .selectAll('staff')
    .select((eb) =>
      eb
        .selectFrom('staff_sessions')
        .select(sql<number | null>`max(last_seen_at)`.as('seen'))
        .whereRef('staff_sessions.staff_id', '=', 'staff.id')
        .as('last_seen_at'),
    )
    .orderBy('username')
    .execute();
  return {
    staff: rows.map((s) => ({
      username: s.username,
      role: s.role,
      displayName: s.display_name ?? null,
      status: s.disabled_at !== null ? 'disabled' : s.must_change_password ? 'new' : 'active',
      totpEnrolled: s.totp_enrolled_at !== null,
      createdAt: iso(s.created_at)!,
      lastSeenAt: iso(s.last_seen_at),
    })),
  };
}

/** The staff member a change names: 404 NO_STAFF when there is none (an odd name included: never a 5xx). */
async function named(ctx: AppContext, username: string) {
  const staff = isStaffUsername(username) ? await findStaff(ctx.database.db, username) : undefined;
  if (!staff) throw new ApiError(404, 'NO_STAFF');
  return staff;
}

/** Never one's own account: an admin who disabled themselves would lose the console they use. */
function notOneself(by: By, username: string) {
  if (by.actor.username === username) throw conflict('STAFF_IS_YOU');
}

/** A support agent added by an admin (contract/staff-team.ts: money roles are the operator's). */
export async function addAgent(ctx: AppContext, by: By, body: StaffAddBody) {
  const username = body.username.trim();
  if (!isStaffUsername(username)) throw badRequest('STAFF_USERNAME_INVALID');
  let displayName: string | null = null;
  if (body.displayName !== undefined && body.displayName.trim() !== '') {
    displayName = cleanDisplayName(body.displayName) ?? null;
    if (displayName === null) throw badRequest('DISPLAY_NAME_INVALID');
  }
  const password = await addStaff(ctx.database, by, { username, role: 'agent', displayName }, ctx.now());
  if (password === undefined) throw conflict('STAFF_USERNAME_TAKEN');
  return { username, oneTimePassword: password, team: await staffTeam(ctx.database.db) };
}

/**
 * Disables anyone but oneself, or enables a support agent (a finance clerk or an admin is the operator's to
 * enable: their password and authenticator still work); the same state again changes nothing.
 */
export async function setDisabled(ctx: AppContext, by: By, username: string, disabled: boolean, reason: string | undefined) {
  const why = requiredReason(reason);
  const staff = await named(ctx, username);
  notOneself(by, username);
  if (!disabled && staff.role !== 'agent') throw forbidden('STAFF_OPERATOR_ONLY');
  await setStaffDisabled(ctx.database, by, username, disabled, ctx.now(), why);
  return staffTeam(ctx.database.db);
}

/** A new one-time password for a support agent (a finance clerk's or an admin's is the operator's). */
export async function resetAgent(ctx: AppContext, by: By, username: string, reason: string | undefined) {
  const why = requiredReason(reason);
  const staff = await named(ctx, username);
  // the role never changes once added: read before the locked write, it holds at the write
  if (staff.role !== 'agent') throw forbidden('STAFF_OPERATOR_ONLY');
  notOneself(by, username);
  const password = await resetStaff(ctx.database, by, username, ctx.now(), why);
  if (password === undefined) throw new ApiError(404, 'NO_STAFF');
  return { username, oneTimePassword: password, team: await staffTeam(ctx.database.db) };
}

export async function renameStaff(ctx: AppContext, by: By, username: string, text: string) {
  await named(ctx, username);
  const displayName = cleanDisplayName(text);
  if (displayName === undefined) throw badRequest('DISPLAY_NAME_INVALID');
  await setStaffDisplayName(ctx.database, by, username, displayName, ctx.now());
  return staffTeam(ctx.database.db);
}

/** Staff accounts (contract/staff-team.ts), registered inside staffRoutes: admins only. */
export const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const admin = requireStaff(app, 'admin');
  const team = { 200: StaffTeam, ...refusals };
  const withPassword = { 200: StaffOneTimePassword, ...refusals };
  const change = { params: StaffUsernameParam, body: StaffChangeBody, response: team };

  app.get('/team', { onRequest: admin, schema: { response: team } }, () => staffTeam(ctx.database.db));

  app.post('/team', { onRequest: admin, schema: { body: StaffAddBody, response: withPassword } }, (request) =>
    addAgent(ctx, staffBy(request), request.body),
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const)
    app.post(`/team/:username/${action}`, { onRequest: admin, schema: change }, (request) =>
      setDisabled(ctx, staffBy(request), request.params.username, disabled, request.body.reason),
    );

  app.post(
    '/team/:username/reset',
    { onRequest: admin, schema: { params: StaffUsernameParam, body: StaffChangeBody, response: withPassword } },
    (request) => resetAgent(ctx, staffBy(request), request.params.username, request.body.reason),
  );

  app.put(
    '/team/:username/name',
    { onRequest: admin, schema: { params: StaffUsernameParam, body: StaffNameBody, response: team } },
    (request) => renameStaff(ctx, staffBy(request), request.params.username, request.body.displayName),
  );
};
