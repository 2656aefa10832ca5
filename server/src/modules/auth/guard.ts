import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors.js';
import { bearerToken, findActiveSession } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of protected calls (before body validation, so a caller without a session learns nothing): 401 invalid-token unless the bearer token names an active session. */
    requireMember: (request: FastifyRequest) => Promise<void>;
  }
}

export const authGuard = fp(async function authGuard(app: FastifyInstance) {
  app.decorate('requireMember', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthorized();
    const session = await findActiveSession(app.ctx, token);
    if (!session) throw unauthorized();
    request.memberId = session.memberId;
    request.memberCurrency = session.currency;
    request.sessionId = session.sessionId;
  });
});

/** The one route an outside system calls: the payment gateway's signed callback. */
export const GATEWAY_CALLBACK_ROUTE = '/api/callbacks/qr/:provider';

/**
 * The gateway's callback carries no member marker and no token (its HMAC signature over the raw body
 * is checked by the route), and a paid code must be recorded even while the site is terminated: the
 * member API's marker and site-active checks skip this route, and only it.
 */
export const isGatewayCallback = (request: FastifyRequest): boolean =>
  request.method === 'POST' && request.routeOptions.url === GATEWAY_CALLBACK_ROUTE;
