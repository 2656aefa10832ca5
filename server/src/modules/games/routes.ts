import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findGame } from '../../adapters/games/catalog.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { keyOf } from '../../lib/idempotency.js';
import { toMinor } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { gamePasswordContext } from '../../lib/game-secrets.js';
import { Message } from '../../../../contract/message.js';
import { transferPairRule, WALLET } from '../../../../contract/wallet-rules.js';
import { AutoLoginLink, Credentials, SlotsRefresh, TransferAllBody, TransferBody, WalletView } from '../../../../contract/wallet.js';
import { addAccount, findAccount, findAccountNamed, setAccountPassword } from './repository.js';
import { providersOf, syncGame } from './service.js';
import { callProvider, transfer, transferAllBack, transferAllIn } from './transfers.js';
import { slotsOf, walletOf } from './wallet-view.js';

const SlotCode = Type.Object({ slotCode: Type.String({ maxLength: 20 }) });
const secured = { security: [{ bearer: [] }], tags: ['wallet'] };
const errors = { 400: Message, 401: Message, 409: Message, 422: Message };

function gameOr404(code: string) {
  const game = findGame(code);
  if (!game) throw badRequest('NO_GAME');
  return game;
}

/** §7 Wallet calls: the wallet view, game accounts and transfers between the wallet and games. */
export const gameRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  // game passwords are stored sealed (AES-256-GCM); only the member's own credentials calls open them
  const seal = (memberId: number, provider: string, password: string) =>
    ctx.gameSecrets.seal(password, gamePasswordContext(memberId, provider));
  const credentials = (row: { member_id: number; provider: string; username: string; password: string }) => ({
    username: row.username,
    password: ctx.gameSecrets.open(row.password, gamePasswordContext(row.member_id, row.provider)),
    event: null,
  });
  /** The member's own account at a provider of the catalog, or NO_GAME / SLOT_NO_ACCOUNT. */
  const ownAccount = async (memberId: number, code: string) => {
    const found = await findAccount(db, memberId, gameOr404(code).code);
    if (!found) throw badRequest('SLOT_NO_ACCOUNT');
    return found;
  };

  app.get('/', { onRequest: app.requireMember, schema: { ...secured, response: { 200: WalletView, ...errors } } }, (request) =>
    walletOf(ctx, request.memberId),
  );

  app.get(
    '/refresh/slot',
    { onRequest: app.requireMember, schema: { ...secured, response: { 200: SlotsRefresh, ...errors } } },
    async (request) => {
      const providers = await providersOf(db, request.memberId);
      const synced = await Promise.all(providers.map((provider) => syncGame(ctx, request.memberId, provider)));
      // a provider that could not be asked keeps the last balance we know, said as such
      const unconfirmed = new Set(providers.filter((_, i) => !synced[i]));
      const { currency } = await memberMoney(db, request.memberId);
      const slots = await slotsOf(ctx, request.memberId, currency);
      return { slots: slots.map((slot) => (unconfirmed.has(slot.code) ? { ...slot, unconfirmed: true } : slot)) };
    },
  );

  app.get(
    '/activate/:slotCode',
    { onRequest: app.requireMember, schema: { ...secured, params: SlotCode, response: { 200: Credentials, ...errors } } },
    async (request) => {
      const game = gameOr404(request.params.slotCode);
      if (await findAccount(db, request.memberId, game.code)) throw conflict('SLOT_ALREADY_ACTIVE');
      const created = await callProvider(ctx, () => ctx.games.createAccount(game.code, request.memberId));
      if (!created) throw badRequest('SLOT_ACTIVATE_FAIL');
      await addAccount(db, {
        member_id: request.memberId,
        provider: game.code,
        username: created.username,
        password: seal(request.memberId, game.code, created.password),
        created_at: ctx.now(),
      });
      return credentials((await findAccount(db, request.memberId, game.code))!);
    },
  );

  app.get(
    '/account/:slotCode',
    { onRequest: app.requireMember, schema: { ...secured, params: SlotCode, response: { 200: Credentials, ...errors } } },
    async (request) => {
      return credentials(await ownAccount(request.memberId, request.params.slotCode));
    },
  );

  app.get(
    '/resetpassword/:slotCode',
    { onRequest: app.requireMember, schema: { ...secured, params: SlotCode, response: { 200: Credentials, ...errors } } },
    async (request) => {
      const found = await ownAccount(request.memberId, request.params.slotCode);
      const password = await callProvider(ctx, () => ctx.games.resetPassword(found.provider, found.username));
      if (!password) throw badRequest('SLOT_RESET_PASSWORD_FAIL');
      await setAccountPassword(db, found.id, seal(found.member_id, found.provider, password));
      return { username: found.username, password, event: null };
    },
  );

  app.post(
    '/transfer',
    { onRequest: app.requireMember, schema: { ...secured, body: TransferBody, response: { 200: Message, ...errors } } },
    async (request, reply) => {
      const { from, to, amount } = request.body;
      const pair = transferPairRule(from, to);
      if (pair) throw badRequest(pair);
      const provider = gameOr404(from === WALLET ? to : from).code;
      const { currency } = await memberMoney(db, request.memberId);
      const direction = from === WALLET ? 'in' : 'out';
      if (direction === 'out') await syncGame(ctx, request.memberId, provider);
      const outcome = await transfer(ctx, {
        memberId: request.memberId,
        provider,
        direction,
        amount: toMinor(amount, currency),
        key: keyOf(request, request.memberId),
      });
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );

  app.post(
    '/transferAll',
    { onRequest: app.requireMember, schema: { ...secured, body: TransferAllBody, response: { 200: Message, ...errors } } },
    async (request, reply) => {
      const { to } = request.body;
      const key = keyOf(request, request.memberId);
      const outcome =
        to === WALLET
          ? await transferAllBack(ctx, request.memberId, key)
          : await transferAllIn(ctx, request.memberId, gameOr404(to).code, key);
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};

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
