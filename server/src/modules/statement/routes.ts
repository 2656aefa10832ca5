import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { toMajor, type Currency } from '../../ledger/money.js';
import { walletCode } from '../../ledger/ledger.js';
import { Message } from '../account/schemas.js';

export const StatementBody = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000 }),
  limit: Type.Integer({ minimum: 1, maximum: 100 }),
});
export const StatementItem = Type.Object({
  _id: Type.Integer(),
  statementType: Type.String({ description: 'deposit, bonus, finish_bonus, withdraw or transfer' }),
  status: Type.String({ description: 'SUCCESS, FAILED, or anything else: in progress' }),
  from: Type.String(),
  to: Type.String(),
  amount: Type.Number({ description: "signed, in the member's currency: + into the wallet, - out of it" }),
  createdAt: Type.String({ format: 'date-time' }),
});
export const StatementResponse = Type.Object({ total: Type.Integer(), statements: Type.Array(StatementItem) });

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
      const memberId = request.memberId;
      const member = await db.selectFrom('members').select('currency').where('id', '=', memberId).executeTakeFirstOrThrow();
      const mine = db.selectFrom('journal').where('journal.member_id', '=', memberId).where('journal.visible', '=', 1);
      const { total } = await mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await mine
        .leftJoin('ledger_accounts as w', (join) => join.on('w.code', '=', walletCode(memberId)))
        .select([
          'journal.id',
          'journal.type',
          'journal.status',
          'journal.amount',
          'journal.from_label',
          'journal.to_label',
          'journal.created_at',
          // the wallet's side of the entry gives the sign; an entry that does not touch the wallet counts as +
          sql<number | null>`(select sum(p.amount) from postings p where p.journal_id = journal.id and p.account_id = w.id)`.as(
            'wallet_delta',
          ),
        ])
        .orderBy('journal.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const currency = member.currency as Currency;
      return {
        total: Number(total),
        statements: rows.map((r) => ({
          _id: r.id,
          statementType: r.type,
          status: r.status,
          from: r.from_label,
          to: r.to_label,
          amount: toMajor(r.wallet_delta !== null && Number(r.wallet_delta) !== 0 ? Number(r.wallet_delta) : r.amount, currency),
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },
  );
};
