import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../../../../contract/message.js';
import { AlertChannelBody, AlertChannelParam, AlertRulesBody, AlertSettings, AlertTestResult } from '../../../../contract/staff-alerts.js';
import { alertSettings, saveAlertChannel, saveAlertRules, sendTestAlert } from '../alerts/service.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 429: Message };

/** On-call alerts (contract/staff-alerts.ts), registered inside staffRoutes: admins only. */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const admin = requireStaff(app, 'admin');

  app.get('/alerts', { onRequest: admin, schema: { response: { 200: AlertSettings, ...refusals } } }, async () => alertSettings(ctx));

  app.put(
    '/alerts/channels/:channel',
    { onRequest: admin, schema: { params: AlertChannelParam, body: AlertChannelBody, response: { 200: AlertSettings, ...refusals } } },
    async (request) => {
      await saveAlertChannel(ctx, staffBy(request), request.params.channel, request.body);
      return alertSettings(ctx);
    },
  );

  app.put(
    '/alerts/rules',
    { onRequest: admin, schema: { body: AlertRulesBody, response: { 200: AlertSettings, ...refusals } } },
    async (request) => {
      await saveAlertRules(ctx, staffBy(request), request.body);
      return alertSettings(ctx);
    },
  );

  // a message now, whatever the channel answers: the answer says whether it went (never a 5xx for LINE's or Telegram's refusal)
  app.post(
    '/alerts/channels/:channel/test',
    { onRequest: admin, schema: { params: AlertChannelParam, response: { 200: AlertTestResult, ...refusals } } },
    async (request) => sendTestAlert(ctx, request.log, request.params.channel),
  );
};
