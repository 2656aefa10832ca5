import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findGame } from '../../adapters/games/catalog.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { Message } from '../account/schemas.js';
import { memberMoney } from '../../ledger/operations.js';
import { statementPage, type StatementRow } from './repository.js';
import { StatementBody, StatementResponse, type StatementItem } from './schemas.js';

function item(r: StatementRow, currency: Currency): StatementItem {
  const game = findGame(r.from) ?? findGame(r.to);
  return {
    _id: r.id,
    statementType: r.type,
    status: r.status,
    from: r.from,
    to: r.to,
    // the wallet's side gives the sign; an entry that does not touch the wallet counts as +
    amount: toMajor(r.walletDelta ? r.walletDelta : r.amount, currency),
    createdAt: new Date(r.createdAt).toISOString(),
    ...(game && { provider: { code: game.code, name: game.name } }),
    ...(r.bankCode && r.bankAccountNo && { bank: { code: r.bankCode, accountNo: r.bankAccountNo } }),
  };
}

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
        response: { 200: StatementResponse, 400: Message, 401: Message },
      },
    },
    async (request) => {
      const { page, limit } = request.body;
      const { currency } = await memberMoney(db, request.memberId);
      const { total, rows } = await statementPage(db, request.memberId, page, limit);
      return { total, statements: rows.map((r) => item(r, currency)) };
    },
  );
};
