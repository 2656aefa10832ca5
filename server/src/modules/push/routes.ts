import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../../../../contract/message.js';
import { NoticeList, NoticesSeenBody, PushEndpointBody, PushKey, PushPreference, PushSubscriptionBody } from '../../../../contract/push.js';
import { markNoticesSeen, pushPreference, setPushPreference, subscribe, unseenNotices, unsubscribe } from './service.js';

/** Web Push subscriptions and "while you were away" (issue 38), for the signed-in member. */
export const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const secured = { tags: ['push'], security: [{ bearer: [] }] };
  const errors = { 400: Message, 401: Message, 429: Message };

  app.get('/key', { onRequest: app.requireMember, schema: { ...secured, response: { 200: PushKey, ...errors } } }, () => ({
    publicKey: ctx.push.publicKey,
  }));

  app.put(
    '/subscription',
    { onRequest: app.requireMember, schema: { ...secured, body: PushSubscriptionBody, response: { 200: Message, ...errors } } },
    async (request) => {
      await subscribe(ctx, request.memberId, request.sessionId, request.body);
      return { message: 'SUCCESS' };
    },
  );

  app.post(
    '/unsubscribe',
    { onRequest: app.requireMember, schema: { ...secured, body: PushEndpointBody, response: { 200: Message, ...errors } } },
    async (request) => {
      await unsubscribe(ctx, request.body.endpoint);
      return { message: 'SUCCESS' };
    },
  );

  app.get(
    '/preference',
    { onRequest: app.requireMember, schema: { ...secured, response: { 200: PushPreference, ...errors } } },
    async (request) => pushPreference(ctx, request.memberId),
  );

  app.put(
    '/preference',
    { onRequest: app.requireMember, schema: { ...secured, body: PushPreference, response: { 200: PushPreference, ...errors } } },
    async (request) => setPushPreference(ctx, request.memberId, request.body.on),
  );

  app.get(
    '/notices',
    { onRequest: app.requireMember, schema: { ...secured, response: { 200: NoticeList, ...errors } } },
    async (request) => ({
      notices: await unseenNotices(ctx, request.memberId),
    }),
  );

  app.post(
    '/notices/seen',
    { onRequest: app.requireMember, schema: { ...secured, body: NoticesSeenBody, response: { 200: Message, ...errors } } },
    async (request) => {
      await markNoticesSeen(ctx, request.memberId, request.body.upTo);
      return { message: 'SUCCESS' };
    },
  );
};
