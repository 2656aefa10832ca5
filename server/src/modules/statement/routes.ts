import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../../../../contract/message.js';
import { StatementBody, StatementQuery, StatementResponse } from '../../../../contract/statement.js';
import { siteMoney } from '../../lib/site-money.js';
import { statementLines } from './service.js';

/** §7 statement, read from the journal: the member's visible entries, newest first. */
export const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.ctx.database.db;
  app.post(
    '/',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['statement'],
        security: [{ bearer: [] }],
        body: StatementBody,
        querystring: StatementQuery,
        response: { 200: StatementResponse, 400: Message, 401: Message },
      },
    },
    async (request) =>
      statementLines(
        db,
        request.memberId,
        request.body.page,
        request.body.limit,
        request.query.lang ?? 'th',
        siteMoney(app.ctx.config, app.ctx.settings.get('bonus')),
      ),
  );
};
