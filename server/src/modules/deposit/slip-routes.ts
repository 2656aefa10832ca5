import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendStoredFile } from '../../adapters/storage/storage.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { ApiError } from '../../lib/errors.js';
import { Message } from '../../../../contract/message.js';
import { StatementBody } from '../../../../contract/statement.js';
import { SlipImageUrl, SlipListResponse, SlipReferenceParam } from '../../../../contract/deposit.js';
import { ownSlipReference, slipFileName, slipPage } from './slip-repository.js';
import { SLIP_BUCKET } from './slips.js';

/** How long a slip image link works: long enough to open it, short enough that a shared link dies. */
const SLIP_URL_TTL_MS = 5 * 60_000;
const filePath = (reference: string) => `/files/slips/${reference}`;

/** §7 statement slip list and the signed link to one slip image. */
export const slipStatementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  app.post(
    '/slip',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['statement'],
        security: [{ bearer: [] }],
        body: StatementBody,
        response: { 200: SlipListResponse, 400: Message, 401: Message },
      },
    },
    async (request) => {
      const { page, limit } = request.body;
      const { total, rows } = await slipPage(db, request.memberId, page, limit);
      return {
        total,
        slips: rows.map((r) => ({
          createdAt: new Date(Number(r.created_at)).toISOString(),
          amount: toMajor(Number(r.amount), r.currency as Currency),
          status: r.status,
          note: r.note,
          link: true,
          reference: r.reference,
        })),
      };
    },
  );

  app.get(
    '/slip/reference/:reference',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['statement'],
        security: [{ bearer: [] }],
        params: SlipReferenceParam,
        response: { 200: SlipImageUrl, 400: Message, 401: Message, 404: Message },
      },
    },
    async (request) => {
      // another member's reference answers exactly as an unknown one
      const slip = await ownSlipReference(db, request.memberId, request.params.reference);
      if (!slip) throw new ApiError(404, 'NO_DATA');
      return { url: ctx.fileUrls.url(filePath(slip), ctx.now(), SLIP_URL_TTL_MS) };
    },
  );
};

/** GET /files/slips/:reference?e=&s= : the image behind a signed link, with its real type, never sniffed. */
export const slipFiles: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    '/files/slips/:reference',
    {
      schema: {
        hide: true,
        params: SlipReferenceParam,
        querystring: Type.Object({ e: Type.Optional(Type.String()), s: Type.Optional(Type.String()) }),
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      if (!ctx.fileUrls.verify(filePath(reference), request.query.e, request.query.s, ctx.now()))
        return reply.status(403).send({ message: 'invalid-token' });
      const fileName = await slipFileName(ctx.database.db, reference);
      const file = fileName ? await ctx.storage.get(SLIP_BUCKET, fileName) : undefined;
      return sendStoredFile(reply, file, 'private, max-age=300');
    },
  );
};
