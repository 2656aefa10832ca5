import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findGame } from '../../adapters/games/catalog.js';
import { badRequest } from '../../lib/errors.js';
import { Message } from '../../../../contract/message.js';
import { AutoLoginLink } from '../../../../contract/wallet.js';
import { findAccountNamed } from './repository.js';
import { callProvider } from './service.js';

const secured = { security: [{ bearer: [] }], tags: ['wallet'] };
const errors = { 400: Message, 401: Message, 409: Message, 422: Message };

/** §7 auto login: the launch link of the member's own account at a provider that logs in this way. */
export const autoLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const Params = Type.Object({
    provider: Type.String({ maxLength: 20 }),
    username: Type.String({ maxLength: 64 }),
    password: Type.Optional(Type.String({ maxLength: 64 })),
  });
  const handler = async (request: FastifyRequest<{ Params: { provider: string; username: string } }>) => {
    const game = findGame(request.params.provider.toUpperCase());
    if (!game?.autoLogin) throw badRequest('NO_GAME');
    // the username must be the caller's own: no id from the client selects whose account opens
    const mine = await findAccountNamed(ctx.database.db, request.memberId, game.code, request.params.username);
    if (!mine) throw badRequest('SLOT_NO_ACCOUNT');
    const link = await callProvider(ctx, () => ctx.games.launchUrl(game.code, mine.username, ctx.config.publicUrl));
    if (!link) throw badRequest('SLOT_ACTIVATE_FAIL');
    return { link };
  };
  const schema = { ...secured, tags: ['games'], params: Params, response: { 200: AutoLoginLink, ...errors } };
  app.get('/:provider/:username', { onRequest: app.requireMember, schema }, handler);
  app.get('/:provider/:username/:password', { onRequest: app.requireMember, schema }, handler);
};
