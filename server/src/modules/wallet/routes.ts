import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message } from '../../../../contract/message.js';
import { Credentials, SlotsRefresh, SlotsRefreshQuery, WalletView } from '../../../../contract/wallet.js';
import {
  accountCredentials,
  activateAccount,
  onceAtATime,
  providersOf,
  recently,
  resetAccountPassword,
  syncGame,
} from '../games/service.js';
import { depositRoutes, slipUploadRoutes } from './deposit-routes.js';
import { transferRoutes } from './transfer-routes.js';
import { slotsOf, walletOf } from './view.js';
import { withdrawRoutes } from './withdraw-routes.js';

const SlotCode = Type.Object({ slotCode: Type.String({ maxLength: 20 }) });
const secured = { security: [{ bearer: [] }], tags: ['wallet'] };
const errors = { 400: Message, 401: Message, 409: Message, 422: Message };

/**
 * §7 Wallet calls, every /api/wallet URL: the wallet view and game accounts here; transfers, withdrawals
 * and deposits in their own files. Game accounts and providers are the games module's, deposits the
 * deposit module's: these routes reach them through their service.ts.
 */
export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;

  app.get('/', { onRequest: app.requireMember, schema: { ...secured, response: { 200: WalletView, ...errors } } }, (request) =>
    walletOf(ctx, request.memberId),
  );

  app.get(
    '/refresh/slot',
    { onRequest: app.requireMember, schema: { ...secured, querystring: SlotsRefreshQuery, response: { 200: SlotsRefresh, ...errors } } },
    async (request) => {
      const providers = await providersOf(db, request.memberId);
      const fresh = request.query.fresh === '1';
      // several tabs or taps at once ask each provider once; a provider that answered within the
      // providerCache seconds is not asked again unless the member asks (fresh): the ledger has its figure
      const synced = await Promise.all(
        providers.map((provider) => {
          const key = `sync:${request.memberId}:${provider}`;
          const ask = async () => (await onceAtATime(ctx, key, () => syncGame(ctx, request.memberId, provider))) || undefined;
          return recently(ctx, key, ask, { fresh });
        }),
      );
      // a provider that could not be asked keeps the last balance we know, said as such
      const unconfirmed = new Set(providers.filter((_, i) => !synced[i]));
      const currency = request.memberCurrency;
      const slots = await slotsOf(ctx, request.memberId, currency);
      return { slots: slots.map((slot) => (unconfirmed.has(slot.code) ? { ...slot, unconfirmed: true } : slot)) };
    },
  );

  const account = { onRequest: app.requireMember, schema: { ...secured, params: SlotCode, response: { 200: Credentials, ...errors } } };
  app.get('/activate/:slotCode', account, (request) => activateAccount(ctx, request.memberId, request.params.slotCode));
  app.get('/account/:slotCode', account, (request) => accountCredentials(ctx, request.memberId, request.params.slotCode));
  app.get('/resetpassword/:slotCode', account, (request) => resetAccountPassword(ctx, request.memberId, request.params.slotCode));

  await app.register(transferRoutes);
  await app.register(withdrawRoutes);
  await app.register(depositRoutes);
  // its own scope: only the slip upload takes multipart bodies
  await app.register(slipUploadRoutes);
};
