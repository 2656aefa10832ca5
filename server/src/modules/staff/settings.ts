import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Message } from '../../../../contract/message.js';
import { AuditPage } from '../../../../contract/staff.js';
import {
  SettingDecisionBody,
  SettingEntry,
  SettingInvalid,
  SettingKeyParam,
  SettingList,
  SettingProposalParam,
  SettingPutBody,
} from '../../../../contract/staff-settings.js';
import { writeSettingAudited } from '../../operator/common.js';
import { isSettingKey, productionRefusal, settingKeys, settingSchemas, type SettingKey } from '../../settings/registry.js';
import { settingDescriptions } from '../../settings/descriptions.js';
import { checkSettingValue, readAllSettings, SettingValueError } from '../../settings/store.js';
import { ApiError } from '../../lib/errors.js';
import {
  decideProposal,
  needsTwoAdmins,
  oneAdminMay,
  pendingProposals,
  proposeSetting,
  type SettingProposal,
} from '../adjustments/service.js';
import { decisionReason, requiredReason } from '../audit/service.js';
import { auditPage } from './audit-query.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };

/** A TypeBox schema is JSON Schema: its plain JSON (the symbols TypeBox keeps for itself do not serialise). */
const jsonSchemaOf = (key: SettingKey): unknown => JSON.parse(JSON.stringify(settingSchemas[key]));

function knownKey(key: string): SettingKey {
  if (!isSettingKey(key)) throw new ApiError(404, 'NO_DATA');
  return key;
}

/** Settings (contract/staff-settings.ts), registered inside staffRoutes: admins only. */
export const settingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const admin = requireStaff(app, 'admin');
  const proposalJson = (p: SettingProposal | undefined) =>
    p ? { id: p.id, value: p.value, reason: p.reason, proposedBy: p.proposedBy, proposedAt: new Date(p.proposedAt).toISOString() } : null;
  const entry = (key: SettingKey, value: unknown, pending: SettingProposal | undefined) => ({
    key,
    value,
    schema: jsonSchemaOf(key),
    description: settingDescriptions[key],
    twoAdmins: needsTwoAdmins(key),
    pending: proposalJson(pending),
  });
  /** A setting as it now is, with the change waiting for a second admin. */
  const current = async (key: SettingKey) =>
    entry(key, (await readAllSettings(ctx.database.db))[key] ?? null, (await pendingProposals(ctx.database.db)).get(key));

  app.get('/settings', { onRequest: admin, schema: { response: { 200: SettingList, ...refusals } } }, async () => {
    const all = await readAllSettings(ctx.database.db);
    const pending = await pendingProposals(ctx.database.db);
    return { settings: settingKeys.map((key) => entry(key, all[key] ?? null, pending.get(key))) };
  });

  app.put(
    '/settings/:key',
    {
      onRequest: admin,
      schema: { params: SettingKeyParam, body: SettingPutBody, response: { 200: SettingEntry, 400: SettingInvalid, ...refusals } },
    },
    async (request, reply) => {
      const key = knownKey(request.params.key);
      const reason = requiredReason(request.body.reason);
      const refused = productionRefusal(key, ctx.config.production);
      if (refused) return reply.status(400).send({ message: 'SETTING_INVALID', detail: refused });
      let value;
      try {
        value = checkSettingValue(key, request.body.value);
      } catch (err) {
        if (err instanceof SettingValueError) return reply.status(400).send({ message: 'SETTING_INVALID', detail: err.message });
        throw err;
      }
      const actor = { kind: 'staff' as const, username: request.staff!.username };
      if (
        !(await writeSettingAudited({ ...ctx, actor }, key, value, 'settings.set', { reason, ip: request.ip }, oneAdminMay(key, value)))
      ) {
        // the money policy's threshold, or where members' deposits go: a proposal, applied when a second admin approves it
        await proposeSetting(ctx, staffBy(request), { key, value, reason });
        return current(key);
      }
      // this instance uses it at once; the others on their next refresh, as after the CLI
      await ctx.settings.refresh();
      return current(key);
    },
  );

  const decision =
    (outcome: 'APPLIED' | 'REJECTED') => async (request: FastifyRequest<{ Params: { id: string }; Body: SettingDecisionBody }>) => {
      const reason = decisionReason(outcome, request.body.reason);
      const key = await decideProposal(ctx, staffBy(request), { id: Number(request.params.id), outcome, reason });
      await ctx.settings.refresh();
      return current(key);
    };
  const decided = { params: SettingProposalParam, body: SettingDecisionBody, response: { 200: SettingEntry, ...refusals } };
  app.post('/settings/proposals/:id/approve', { onRequest: admin, schema: decided }, decision('APPLIED'));
  app.post('/settings/proposals/:id/reject', { onRequest: admin, schema: decided }, decision('REJECTED'));

  app.get(
    '/settings/:key/history',
    { onRequest: admin, schema: { params: SettingKeyParam, response: { 200: AuditPage, ...refusals } } },
    async (request) => auditPage(ctx.database.db, { target: `setting:${knownKey(request.params.key)}` }),
  );
};
