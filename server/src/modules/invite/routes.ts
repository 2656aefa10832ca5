import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../lib/errors.js';
import { idempotent } from '../../lib/idempotency.js';
import { toMajor } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { Message } from '../../../../contract/message.js';
import { bannersIn, LangQuery } from '../../settings/localized.js';
import { invitePage } from './repository.js';
import { Banners, InviteList, InviteReceived, PageBody } from '../../../../contract/invite.js';
import { receiveInvites, refreshInvites } from './service.js';

/** §7 Invite: the records, receiving what is ready (also with an Idempotency-Key), and the banners. */
export const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const secured = { tags: ['invite'], security: [{ bearer: [] }] };

  app.post(
    '/',
    { onRequest: app.requireMember, schema: { ...secured, body: PageBody, response: { 200: InviteList, 400: Message, 401: Message } } },
    async (request) => {
      await refreshInvites(ctx, request.memberId);
      const member = await memberMoney(db, request.memberId);
      const { total, rows } = await invitePage(db, request.memberId, request.body.page, request.body.limit);
      return {
        total,
        invites: rows.map((r) => ({
          from: { name: r.name },
          amount: toMajor(Number(r.amount), member.currency),
          createdAt: new Date(Number(r.deposited_at)).toISOString(),
        })),
      };
    },
  );

  app.get(
    '/bonus',
    {
      onRequest: app.requireMember,
      schema: {
        ...secured,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        response: { 200: InviteReceived, 400: Message, 401: Message, 409: Message, 422: Message },
      },
    },
    async (request, reply) => {
      if (!ctx.settings.get('invite').active) throw badRequest('INVITE_INACTIVE');
      const { unanswered } = await refreshInvites(ctx, request.memberId);
      const outcome = await idempotent(ctx.database, request, request.memberId, ctx.now(), async (tx) => {
        const member = await memberMoney(tx, request.memberId);
        return { status: 200, body: await receiveInvites(tx, member, unanswered, ctx.now()) };
      });
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );

  app.get(
    '/banners',
    { onRequest: app.requireMember, schema: { ...secured, querystring: LangQuery, response: { 200: Banners, 401: Message } } },
    (request) => bannersIn(ctx.settings.get('invite').banners, request.query.lang ?? 'th'),
  );
};
