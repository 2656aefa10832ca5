import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { siteMoney } from '../../lib/site-money.js';
import { Message } from '../../../../contract/message.js';
import { CREDIT_WAITS } from '../../../../contract/staff-queues.js';
import {
  MemberBonusEndBody,
  MemberIdParam,
  MemberPage,
  MemberPageQuery,
  MemberRevokeBody,
  MemberSearchQuery,
  MemberSearchResult,
  MemberSessionParam,
  MemberStatusBody,
  WaitingBonusEndList,
} from '../../../../contract/staff-members.js';
import { revokeMemberSession, setMemberStatus } from '../account/service.js';
import { givenReason, requiredReason } from '../audit/service.js';
import { memberPage, searchMembers } from './member-lists.js';
import { endRewardByStaff, waitingBonusEnds } from '../bonus/service.js';
import { readsStaffReasons, requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };
const done = { 200: Message, ...refusals };

/**
 * The console's members (contract/staff-members.ts), registered inside staffRoutes. Every role reads
 * (agents answer members' chats); finance and admin change. The changes are the services the operator's
 * `member disable|enable` uses, so the rule and the audit row are the same whoever asks.
 */
export const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const anyRole = requireStaff(app, 'agent', 'finance', 'admin');
  const finance = requireStaff(app, 'finance', 'admin');
  const ok = { message: 'SUCCESS' };

  app.get(
    '/members',
    { onRequest: anyRole, schema: { querystring: MemberSearchQuery, response: { 200: MemberSearchResult, ...refusals } } },
    async (request) => ({ rows: await searchMembers(ctx.database.db, request.query.q) }),
  );

  app.get(
    '/members/waiting-ends',
    { onRequest: anyRole, schema: { querystring: MemberPageQuery, response: { 200: WaitingBonusEndList, ...refusals } } },
    async (request) => ({ rows: await waitingBonusEnds(ctx.database.db, request.query.lang ?? 'th') }),
  );

  app.get(
    '/members/:id',
    { onRequest: anyRole, schema: { params: MemberIdParam, querystring: MemberPageQuery, response: { 200: MemberPage, ...refusals } } },
    async (request) =>
      memberPage(
        ctx.database.db,
        Number(request.params.id),
        ctx.now(),
        ctx.config.sessionIdleMinutes * 60_000,
        siteMoney(ctx.config, ctx.settings.get('bonus')),
        request.query.lang,
        readsStaffReasons(request),
      ),
  );

  app.post(
    '/members/:id/bonus/end',
    { onRequest: finance, schema: { params: MemberIdParam, body: MemberBonusEndBody, response: { 202: Message, ...done } } },
    async (request, reply) => {
      const reason = requiredReason(request.body.reason);
      const end = await endRewardByStaff(ctx, staffBy(request), Number(request.params.id), reason, request.body.bonusId);
      return 'waits' in end ? reply.code(202).send({ message: CREDIT_WAITS }) : ok;
    },
  );

  for (const [path, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const)
    app.post(
      `/members/:id/${path}`,
      { onRequest: finance, schema: { params: MemberIdParam, body: MemberStatusBody, response: done } },
      async (request) => {
        const reason = requiredReason(request.body.reason);
        await setMemberStatus(ctx, staffBy(request), Number(request.params.id), status, reason);
        return ok;
      },
    );

  app.post(
    '/members/:id/sessions/:sessionId/revoke',
    { onRequest: finance, schema: { params: MemberSessionParam, body: MemberRevokeBody, response: done } },
    async (request) => {
      await revokeMemberSession(
        ctx,
        staffBy(request),
        Number(request.params.id),
        Number(request.params.sessionId),
        givenReason(request.body.reason),
      );
      return ok;
    },
  );

  app.post(
    '/members/:id/sessions/revoke-all',
    { onRequest: finance, schema: { params: MemberIdParam, body: MemberRevokeBody, response: done } },
    async (request) => {
      await revokeMemberSession(ctx, staffBy(request), Number(request.params.id), 'all', givenReason(request.body.reason));
      return ok;
    },
  );
};
