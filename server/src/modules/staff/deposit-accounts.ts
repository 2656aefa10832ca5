import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../../../../contract/message.js';
import { DepositAccountAddBody, DepositAccountList, DepositAccountRetireBody } from '../../../../contract/staff-deposit-accounts.js';
import { requiredReason } from '../audit/service.js';
import { depositAccountList, proposeDepositAccount, retireDepositAccount } from '../deposit/service.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };

/** Deposit accounts (contract/staff-deposit-accounts.ts), registered inside staffRoutes: admins change, finance reads. */
export const depositAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const readers = requireStaff(app, 'finance', 'admin');
  const admin = requireStaff(app, 'admin');
  const listed = { response: { 200: DepositAccountList, ...refusals } };

  app.get('/deposit-accounts', { onRequest: readers, schema: listed }, () => depositAccountList(ctx));

  app.post('/deposit-accounts', { onRequest: admin, schema: { body: DepositAccountAddBody, ...listed } }, async (request) => {
    const reason = requiredReason(request.body.reason);
    await proposeDepositAccount(ctx, staffBy(request), { ...request.body, reason });
    return depositAccountList(ctx);
  });

  app.post('/deposit-accounts/retire', { onRequest: admin, schema: { body: DepositAccountRetireBody, ...listed } }, async (request) => {
    const reason = requiredReason(request.body.reason);
    await retireDepositAccount(ctx, staffBy(request), { key: request.body.key, reason });
    // members stop seeing it at once on this instance; the others on their next refresh
    await ctx.settings.refresh();
    return depositAccountList(ctx);
  });
};
