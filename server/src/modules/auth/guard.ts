import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors.js';
import { bearerToken, findActiveSession, sessionRefusal } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of protected calls (before body validation, so a caller without a session learns nothing): 401 invalid-token unless the bearer token names an active session (detail INACTIVE_USER: its member was disabled). */
    requireMember: (request: FastifyRequest) => Promise<void>;
  }
}

export const authGuard = fp(async function authGuard(app: FastifyInstance) {
  app.decorate('requireMember', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthorized();
    const session = await findActiveSession(app.ctx, token);
    if (!session) throw await sessionRefusal(app.ctx, token);
    request.memberId = session.memberId;
    request.memberCurrency = session.currency;
    request.sessionId = session.sessionId;
  });
});

/** The routes an outside system calls: the sandbox gateway's signed callback, and Opn's webhook. */
export const GATEWAY_CALLBACK_ROUTES: readonly string[] = ['/api/callbacks/qr/:provider', '/api/callbacks/opn'];

/**
 * A gateway's callback carries no member marker and no token (the sandbox's HMAC signature over the raw
 * body is checked by its route; Opn's payment is asked back from Opn), and a paid code must be recorded
 * even while the site is terminated: the member API's marker and site-active checks skip these routes, and only them.
 */
export const isGatewayCallback = (request: FastifyRequest): boolean =>
  request.method === 'POST' && GATEWAY_CALLBACK_ROUTES.includes(request.routeOptions.url ?? '');
