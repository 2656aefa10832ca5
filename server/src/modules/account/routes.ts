import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS } from '../../lib/rate-limit.js';
import { hashPassword } from '../../lib/password.js';
import { badRequest } from '../../lib/errors.js';
import { revokeMemberSessions } from '../auth/service.js';
import { withTransaction } from '../../db/transaction.js';
import { passwordRule } from '../../../../contract/account-rules.js';
import { Message } from '../../../../contract/message.js';
import {
  BankAccountNameBody,
  ChangePasswordBody,
  ProfileResponse,
  ProfileUpdateBody,
  RegistrationBody,
} from '../../../../contract/account.js';
import {
  checkRegistration,
  confirmPassword,
  getProfile,
  register,
  setPasswordHash,
  updateBankAccountName,
  updateProfile,
} from './service.js';
import { addressOf } from '../../lib/address.js';

const errors = { 400: Message, 401: Message, 409: Message, 429: Message };

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  // every check of a phone counts for that phone; per address only refused ones, so members behind one
  // carrier address register freely (a registration that goes through needs a verified OTP anyway)
  const limitRegistration = async (phone: string, address: string) => {
    await ctx.limiter.hit([[`register:phone:${phone}`, LIMITS.registerPhone]]);
    return ctx.limiter.attempt([[`register:fail:ip:${address}`, LIMITS.registerFailAddress]]);
  };
  const secured = { onRequest: app.requireMember, schema: { security: [{ bearer: [] }] } } as const;

  app.post(
    '/validate',
    { schema: { tags: ['account'], body: RegistrationBody, response: { 200: Message, ...errors } } },
    async (request) => {
      const attempt = await limitRegistration(request.body.username, addressOf(request));
      await checkRegistration(ctx, request.body, true);
      await attempt.succeeded();
      return { message: 'OK' };
    },
  );

  app.post(
    '/',
    { schema: { tags: ['account'], body: RegistrationBody, response: { 201: Message, ...errors } } },
    async (request, reply) => {
      const attempt = await limitRegistration(request.body.username, addressOf(request));
      // hash only after the cheap checks pass, so bad input cannot make us burn CPU
      await checkRegistration(ctx, request.body, false);
      await register(ctx, request.body, await hashPassword(request.body.password));
      await attempt.succeeded();
      return reply.status(201).send({ message: 'SUCCESS' });
    },
  );

  app.get(
    '/profile',
    { ...secured, schema: { ...secured.schema, tags: ['account'], response: { 200: ProfileResponse, 401: Message } } },
    (request) => getProfile(ctx, request.memberId),
  );

  app.put(
    '/profile',
    {
      ...secured,
      schema: { ...secured.schema, tags: ['account'], body: ProfileUpdateBody, response: { 200: ProfileResponse, ...errors } },
    },
    async (request) => {
      await updateProfile(ctx, request.memberId, request.body, addressOf(request));
      return getProfile(ctx, request.memberId);
    },
  );

  app.put(
    '/bankAccountName',
    { ...secured, schema: { ...secured.schema, tags: ['account'], body: BankAccountNameBody, response: { 200: Message, ...errors } } },
    async (request) => {
      await updateBankAccountName(ctx, request.memberId, request.body.bankCode, request.body.bankAccountName);
      return { message: 'SUCCESS' };
    },
  );

  app.put(
    '/changepwd',
    { ...secured, schema: { ...secured.schema, tags: ['account'], body: ChangePasswordBody, response: { 200: Message, ...errors } } },
    async (request) => {
      const { oldPassword, newPassword } = request.body;
      if (passwordRule(newPassword)) throw badRequest('INVALID_USER_INFO');
      // limited like sign-in: a stolen token must not become an unlimited password oracle
      await confirmPassword(ctx, request.memberId, oldPassword, addressOf(request));
      const passwordHash = await hashPassword(newPassword);
      // anyone holding an older session (a stolen token) is out, with the new password; this device stays signed in
      await withTransaction(ctx.database, async (tx) => {
        await setPasswordHash(tx, request.memberId, passwordHash);
        await revokeMemberSessions(ctx, request.memberId, { keep: request.sessionId }, tx);
      });
      return { message: 'SUCCESS' };
    },
  );
};
