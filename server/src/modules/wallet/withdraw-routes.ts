import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../lib/errors.js';
import { idempotent } from '../../lib/idempotency.js';
import { memberMoney, requestWithdrawal } from '../../ledger/operations.js';
import { toMinor } from '../../ledger/money.js';
import { siteLimit } from '../../lib/site-money.js';
import { Message } from '../../../../contract/message.js';
import { WithdrawBody, WithdrawResponse } from '../../../../contract/wallet.js';
import { refreshTurnover, refuseWhileBonusActive } from '../bonus/service.js';
import { refreshCoins } from '../spinwheel/service.js';
import { submitPayout } from './payouts.js';

/**
 * §7 withdrawals: the amount leaves the wallet for pending payouts at once; the payout adapter pays
 * it (the sandbox: the operator marks it paid or rejected). `withdrawAll` is what the modal calls;
 * both take the same body and obey the same rules.
 */
export const withdrawRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const schema = {
    tags: ['wallet'],
    security: [{ bearer: [] }],
    headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
    body: WithdrawBody,
    response: { 200: WithdrawResponse, 400: Message, 401: Message, 409: Message, 422: Message },
  };

  for (const path of ['/withdraw', '/withdrawAll']) {
    app.post(path, { onRequest: app.requireMember, schema }, async (request, reply) => {
      // a bonus whose turnover was reached ends first; one still active refuses the withdrawal below
      await refreshTurnover(ctx, request.memberId);
      // deposit coins already played through are given before the withdrawal forfeits those still waiting
      await refreshCoins(ctx, request.memberId);
      const now = ctx.now();
      const outcome = await idempotent(ctx.database, request, request.memberId, now, async (tx) => {
        const member = await memberMoney(tx, request.memberId);
        const amount = toMinor(request.body.amount, member.currency);
        const limits = ctx.settings.get('withdraw');
        // the limits are in the site's currency (kip on the Lao site), converted for a member holding the other
        if (amount <= 0 || amount < siteLimit(ctx, limits.withdrawMin, member.currency)) throw badRequest('WITHDRAW_MINIMUM');
        if (amount > siteLimit(ctx, limits.withdrawMax, member.currency)) throw badRequest('WITHDRAW_MAXIMUM');
        await refuseWhileBonusActive(tx, request.memberId);
        const withdrawalId = await requestWithdrawal(tx, member, amount, now);
        return { status: 200, body: { message: 'SUCCESS' as const, withdrawalId, status: 'PENDING' as const } };
      });
      if (outcome.status === 200) {
        await submitPayout(ctx, app.log, outcome.body.withdrawalId);
      }
      return reply.status(outcome.status as 200).send(outcome.body);
    });
  }
};
