import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message } from '../../../../contract/message.js';
import { BonusChangeBody, BonusChangeView, BonusCodeParam, BonusDecisionBody, StaffBonusList } from '../../../../contract/staff-bonuses.js';
import { decideBonusChange, listConsoleBonuses, offerBonus, proposeBonus } from '../bonus/service.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };

/** Bonuses in the console (contract/staff-bonuses.ts), registered inside staffRoutes: finance reads, admins write. */
export const bonusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const reader = requireStaff(app, 'finance', 'admin');
  const admin = requireStaff(app, 'admin');
  const changed = { 200: BonusChangeView, 202: BonusChangeView, ...refusals };

  app.get('/bonuses', { onRequest: reader, schema: { response: { 200: StaffBonusList, ...refusals } } }, async (request) =>
    listConsoleBonuses(ctx, request.staff!.username),
  );

  app.post('/bonuses', { onRequest: admin, schema: { body: BonusChangeBody, response: changed } }, async (request, reply) => {
    const change = await proposeBonus(ctx, staffBy(request), 'add', request.body.bonus, request.body.reason);
    return reply.code(change.status === 'PENDING' ? 202 : 200).send(change);
  });

  app.put(
    '/bonuses/:code',
    { onRequest: admin, schema: { params: BonusCodeParam, body: BonusChangeBody, response: changed } },
    async (request, reply) => {
      // the code is the bonus's name for good: a change keeps it
      if (request.body.bonus.code !== request.params.code) return reply.code(400).send({ message: 'KEY_INVALID' });
      const change = await proposeBonus(ctx, staffBy(request), 'edit', request.body.bonus, request.body.reason);
      return reply.code(change.status === 'PENDING' ? 202 : 200).send(change);
    },
  );

  for (const [action, outcome] of [
    ['approve', 'APPLIED'],
    ['reject', 'REJECTED'],
  ] as const)
    app.post(
      `/bonuses/:code/${action}`,
      { onRequest: admin, schema: { params: BonusCodeParam, body: BonusDecisionBody, response: { 200: BonusChangeView, ...refusals } } },
      async (request) => decideBonusChange(ctx, staffBy(request), request.params.code, outcome, request.body.reason),
    );

  for (const [action, offered] of [
    ['stop', false],
    ['offer', true],
  ] as const)
    app.post(
      `/bonuses/:code/${action}`,
      {
        onRequest: admin,
        schema: {
          params: BonusCodeParam,
          body: BonusDecisionBody,
          response: { 200: Type.Object({ offered: Type.Boolean() }), ...refusals },
        },
      },
      async (request) => offerBonus(ctx, staffBy(request), request.params.code, offered, request.body.reason),
    );
};
