import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors.js';
import { findActiveSession } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of protected calls (before body validation, so a caller without a session learns nothing): 401 invalid-token unless the bearer token names an active session. */
    requireMember: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export const authGuard = fp(async (app: FastifyInstance) => {
  app.decorate('requireMember', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthorized();
    const session = await findActiveSession(app.ctx, token);
    if (!session) throw unauthorized();
    request.memberId = session.memberId;
    request.sessionId = session.sessionId;
  });
});
