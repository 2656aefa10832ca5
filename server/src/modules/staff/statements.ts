import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Message } from '../../../../contract/message.js';
import { CREDIT_WAITS } from '../../../../contract/staff-queues.js';
import {
  STATEMENT_MAX_BYTES,
  StatementAccountList,
  StatementAssignBody,
  StatementDismissBody,
  StatementLineParam,
  StatementPreview,
  StatementQuery,
  StatementQueue,
} from '../../../../contract/staff-statements.js';
import { ApiError } from '../../lib/errors.js';
import {
  assignLine,
  dismissLine,
  importStatement,
  previewStatement,
  statementAccounts,
  statementQueue,
} from '../bank-statement/service.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 413: Message, 429: Message };

/** The statement file of a multipart body (field `file`): its bytes and name; 413 past STATEMENT_MAX_BYTES, 400 with none. */
async function statementFile(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw new ApiError(400, 'STATEMENT_FILE_EMPTY');
  let file: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && !file) file = { bytes, name: part.filename || 'statement' };
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'STATEMENT_TOO_LARGE');
    throw new ApiError(400, 'STATEMENT_FILE_INVALID');
  }
  if (!file?.bytes.length) throw new ApiError(400, 'STATEMENT_FILE_EMPTY');
  return file;
}

/** Bank statement import (contract/staff-statements.ts), registered inside staffRoutes: finance and admin only. */
export const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const finance = requireStaff(app, 'finance', 'admin');
  await app.register(multipart, { limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 } });

  app.get('/statements/accounts', { onRequest: finance, schema: { response: { 200: StatementAccountList, ...refusals } } }, async () => ({
    accounts: statementAccounts(ctx),
  }));

  app.post(
    '/statements/preview',
    { onRequest: finance, schema: { querystring: StatementQuery, response: { 200: StatementPreview, ...refusals, 503: Message } } },
    async (request) => {
      const file = await statementFile(request);
      return previewStatement(ctx, staffBy(request), file.bytes, file.name, request.query);
    },
  );

  app.post(
    '/statements/import',
    { onRequest: finance, schema: { querystring: StatementQuery, response: { 200: StatementPreview, ...refusals, 503: Message } } },
    async (request) => {
      if (!request.query.sha256) throw new ApiError(400, 'STATEMENT_NOT_PREVIEWED');
      const file = await statementFile(request);
      return importStatement(ctx, staffBy(request), file.bytes, file.name, request.query);
    },
  );

  app.get('/statements/queue', { onRequest: finance, schema: { response: { 200: StatementQueue, ...refusals } } }, async () => ({
    rows: await statementQueue(ctx),
  }));

  app.post(
    '/statements/lines/:id/assign',
    {
      onRequest: finance,
      schema: { params: StatementLineParam, body: StatementAssignBody, response: { 200: Message, 202: Message, ...refusals } },
    },
    async (request, reply) => {
      const done = await assignLine(ctx, staffBy(request), {
        id: Number(request.params.id),
        phone: request.body.phone,
        reason: request.body.reason,
      });
      return done.waits ? reply.code(202).send({ message: CREDIT_WAITS }) : { message: 'SUCCESS' };
    },
  );

  app.post(
    '/statements/lines/:id/dismiss',
    { onRequest: finance, schema: { params: StatementLineParam, body: StatementDismissBody, response: { 200: Message, ...refusals } } },
    async (request) => {
      await dismissLine(ctx, staffBy(request), { id: Number(request.params.id), reason: request.body.reason });
      return { message: 'SUCCESS' };
    },
  );
};
