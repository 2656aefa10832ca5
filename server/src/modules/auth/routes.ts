import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.js';
import { loginMemberByPhone } from '../account/service.js';
import { Message } from '../../../../contract/message.js';
import { LoginBody, LoginResponse } from '../../../../contract/account.js';
import { beginLoginAttempt, deviceIdOf, trustDevice } from './lockout.js';
import { createSession, revokeMemberSessions } from './service.js';
import { passwordResetRoutes } from './password-reset.js';
import { addressOf } from '../../lib/address.js';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  await app.register(passwordResetRoutes, { prefix: '/password' });

  app.post(
    '/login',
    {
      schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginResponse, 400: Message, 401: Message, 403: Message, 429: Message } },
    },
    async (request) => {
      const { username, password } = request.body;
      const deviceId = deviceIdOf(request);
      const attempt = await beginLoginAttempt(ctx, { phone: username }, addressOf(request), deviceId);
      const member = await loginMemberByPhone(ctx.database.db, username);
      const ok = await verifyPassword(member?.password_hash ?? (await dummyPasswordHash()), password);
      if (!member || !ok) throw unauthorized('WRONG_CREDENTIAL');
      await attempt.succeeded();
      if (member.status !== 'active') throw forbidden('INACTIVE_USER');
      await trustDevice(ctx, member.id, deviceId);
      return { token: await createSession(ctx, member.id, { userAgent: request.headers['user-agent'], ip: request.ip }) };
    },
  );

  app.post(
    '/logout',
    { onRequest: app.requireMember, schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: Message, 401: Message } } },
    async (request) => {
      await revokeMemberSessions(ctx, request.memberId, { only: request.sessionId });
      return { message: 'SUCCESS' };
    },
  );
};
