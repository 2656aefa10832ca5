import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendStoredFile } from '../../adapters/storage/storage.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { ApiError } from '../../lib/errors.js';
import { Message } from '../../../../contract/message.js';
import { holdUpload, requireDiskRoom } from '../uploads/service.js';
import { StatementBody } from '../../../../contract/statement.js';
import { SlipImageUrl, SlipListResponse, SlipReferenceParam, SlipUploadResponse } from '../../../../contract/deposit.js';
import { ownSlipReference, slipFileName, slipPage } from './slip-repository.js';
import { MAX_SLIP_BYTES, receiveSlip } from './slip-upload.js';
import { SLIP_BUCKET } from './slips.js';
import { addressOf } from '../../lib/address.js';

/** How long a slip image link works: long enough to open it, short enough that a shared link dies. */
const SLIP_URL_TTL_MS = 5 * 60_000;
const filePath = (reference: string) => `/files/slips/${reference}`;

/** POST /api/wallet/slip: multipart, one image in the field `file`, at most 10 MB (§7, §9). */
export const slipUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: MAX_SLIP_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 } });
  app.post(
    '/slip',
    {
      onRequest: app.requireMember,
      // the body is a file stream, read below; the schema only documents it (any JSON body is "no file")
      attachValidation: true,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: Type.Object({ file: Type.String({ format: 'binary', description: 'the slip image, at most 10 MB' }) }),
        description:
          'One slip image (JPEG, PNG or WebP by its bytes) in the multipart field `file`. Answers PROCESSING at once; ' +
          'verification follows (POST /api/statement/slip shows the outcome). Idempotency-Key: a retried upload answers as the first. ' +
          "429 UPLOAD_LIMIT: the member's bytes for the hour are used (setting `uploads`); 429 SLIP_LIMIT: too many slips in 10 minutes; " +
          "503 UPLOAD_UNAVAILABLE: the server's disk is nearly full. Nothing is stored then.",
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        response: {
          200: SlipUploadResponse,
          400: Message,
          401: Message,
          403: Message,
          413: Message,
          422: Message,
          429: Message,
          503: Message,
        },
      },
    },
    async (request, reply) => {
      await requireDiskRoom(ctx);
      let bytes: Buffer | undefined;
      try {
        if (!request.isMultipart()) throw new ApiError(400, 'SLIP_NO_FILE');
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
          else if (part.type === 'file') await part.toBuffer();
        }
      } catch (err) {
        if (err instanceof ApiError) throw err;
        const code = (err as { code?: string }).code ?? '';
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT')
          throw new ApiError(
            code === 'FST_REQ_FILE_TOO_LARGE' ? 413 : 400,
            code === 'FST_REQ_FILE_TOO_LARGE' ? 'SLIP_TOO_LARGE' : 'SLIP_INVALID_FILE',
          );
        throw new ApiError(400, 'SLIP_NO_FILE');
      }
      if (!bytes?.length) throw new ApiError(400, 'SLIP_NO_FILE');
      const hold = await holdUpload(
        ctx,
        { memberId: request.memberId, address: addressOf(request) },
        { bucket: SLIP_BUCKET, size: bytes.length, slip: true },
      );
      const outcome = await receiveSlip(ctx, request, request.memberId, bytes, hold).catch(async (err: unknown) => {
        await hold.release();
        throw err;
      });
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};

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
