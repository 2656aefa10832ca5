import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Message } from '../../../../contract/message.js';
import {
  AuditPage,
  AuditQuery,
  StaffBanks,
  StaffDashboard,
  StaffMe,
  StaffPasswordBody,
  StaffSignInBody,
  StaffSignInStep,
  StaffTotpBody,
} from '../../../../contract/staff.js';
import { addressOf } from '../../lib/address.js';
import { withTransaction } from '../../db/transaction.js';
import { recordAudit } from '../audit/service.js';
import { auditPage } from './audit-query.js';
import { dashboardCounts } from './dashboard.js';
import { banksIn } from '../lookup/service.js';
import { SENDING_BANK } from '../../adapters/slip/bank.js';
import { memberRoutes } from './members.js';
import { queueRoutes } from './queues.js';
import { adjustmentRoutes } from './adjustments.js';
import { paymentRoutes } from './payments.js';
import { settingRoutes } from './settings.js';
import { bonusRoutes } from './bonuses.js';
import { promotionRoutes } from './promotions.js';
import { alertRoutes } from './alerts.js';
import { reportRoutes } from './reports.js';
import { inboxRoutes } from './inbox.js';
import { goLiveRoutes } from './go-live-routes.js';
import { statementRoutes } from './statements.js';
import { depositAccountRoutes } from './deposit-accounts.js';
import { teamRoutes } from './team.js';
import { CHALLENGE_MINUTES, checkTotp, setPassword, signIn, type StepResult } from './sign-in.js';
import { trustStaffDevice } from '../auth/service.js';
import {
  CHALLENGE_COOKIE,
  clearStaffCookie,
  DEVICE_COOKIE,
  DEVICE_COOKIE_SECONDS,
  DEVICE_PATH,
  requireStaff,
  SESSION_COOKIE,
  setStaffCookie,
} from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 429: Message };

/**
 * The staff console's API under /api/staff (contract/staff.ts). Registered beside the member API, not in
 * it: none of the member calls' hooks (the client marker, the closed site's 'gone') apply, so staff keep
 * working while the site is closed to members, and the member API never reads a cookie.
 */
export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  await app.register(cookie);
  app.decorateRequest('staff', null);
  // the member API's OpenAPI document describes member calls; these are in contract/staff.ts
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // a staff member's answers (counts, the audit trail) never stay in a cache
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'NO_DATA' }));

  const anyRole = requireStaff(app, 'agent', 'finance', 'admin');
  const adminOnly = requireStaff(app, 'admin');

  /** A step's answer: the challenge cookie for the steps to come, or the session cookie (and the trusted device's) once done. */
  async function answer(request: FastifyRequest, reply: FastifyReply, result: StepResult) {
    if (result.challengeToken) setStaffCookie(request, reply, CHALLENGE_COOKIE, result.challengeToken, CHALLENGE_MINUTES * 60);
    if (result.session) {
      clearStaffCookie(request, reply, CHALLENGE_COOKIE);
      setStaffCookie(request, reply, SESSION_COOKIE, result.session.token);
      const device = await trustStaffDevice(ctx, result.session.staffId, request.cookies[DEVICE_COOKIE]);
      setStaffCookie(request, reply, DEVICE_COOKIE, device, DEVICE_COOKIE_SECONDS, DEVICE_PATH);
    }
    return result.step;
  }

  app.post(
    '/auth/sign-in',
    { schema: { body: StaffSignInBody, response: { 200: StaffSignInStep, ...refusals } } },
    async (request, reply) => {
      const { username, password } = request.body;
      return answer(request, reply, await signIn(ctx, username, password, addressOf(request), request.ip, request.cookies[DEVICE_COOKIE]));
    },
  );

  app.post(
    '/auth/password',
    { schema: { body: StaffPasswordBody, response: { 200: StaffSignInStep, ...refusals } } },
    async (request, reply) =>
      answer(request, reply, await setPassword(ctx, request.cookies[CHALLENGE_COOKIE], request.body.newPassword, request.ip)),
  );

  app.post('/auth/totp', { schema: { body: StaffTotpBody, response: { 200: StaffSignInStep, ...refusals } } }, async (request, reply) =>
    answer(request, reply, await checkTotp(ctx, request.cookies[CHALLENGE_COOKIE], request.body.code, request.ip)),
  );

  app.post('/auth/sign-out', { onRequest: anyRole, schema: { response: { 200: Message, ...refusals } } }, async (request, reply) => {
    const staff = request.staff!;
    await withTransaction(ctx.database, async (tx) => {
      await tx.updateTable('staff_sessions').set({ revoked_at: ctx.now() }).where('id', '=', staff.sessionId).execute();
      await recordAudit(
        tx,
        { kind: 'staff', username: staff.username },
        { action: 'staff.sign-out', target: `staff:${staff.username}`, ip: request.ip, at: ctx.now() },
      );
    });
    clearStaffCookie(request, reply, SESSION_COOKIE);
    return { message: 'SUCCESS' };
  });

  app.get('/me', { onRequest: anyRole, schema: { response: { 200: StaffMe, ...refusals } } }, async (request) => {
    const staff = request.staff!;
    return {
      username: staff.username,
      role: staff.role,
      csrfToken: staff.csrfToken,
      ...(ctx.config.staging ? { testSite: true } : {}),
    };
  });

  app.get('/banks', { onRequest: anyRole, schema: { response: { 200: StaffBanks, ...refusals } } }, async () => ({
    banks: (await banksIn(ctx.database.db, 'th')).map(({ code, nameTH, nameEN, nameLA }) => ({
      code,
      slipCode: SENDING_BANK[code] ?? null,
      nameTH,
      nameEN,
      nameLA,
    })),
  }));

  app.get('/dashboard', { onRequest: anyRole, schema: { response: { 200: StaffDashboard, ...refusals } } }, async () =>
    dashboardCounts(ctx.database.db),
  );

  await app.register(queueRoutes);
  await app.register(memberRoutes);
  await app.register(adjustmentRoutes);
  await app.register(paymentRoutes);
  await app.register(settingRoutes);
  await app.register(reportRoutes);
  await app.register(bonusRoutes);
  await app.register(promotionRoutes);
  await app.register(inboxRoutes);
  await app.register(goLiveRoutes);
  await app.register(statementRoutes);
  await app.register(alertRoutes);
  await app.register(depositAccountRoutes);
  await app.register(teamRoutes);

  app.get(
    '/audit',
    { onRequest: adminOnly, schema: { querystring: AuditQuery, response: { 200: AuditPage, ...refusals } } },
    async (request) => auditPage(ctx.database.db, request.query),
  );
};
