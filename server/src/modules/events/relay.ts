import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message } from '../../../../contract/message.js';
import type { MemberEvent } from '../../../../contract/member-events.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { resolveGameKey } from '../../lib/game-secrets.js';
import { deriveKey } from '../../lib/signed-url.js';
import { listenMemberEvents, notifyMember } from './service.js';

/**
 * SQLite has no NOTIFY: the events of a change the operator's command made (another process) are handed
 * to the running server here, which tells its sockets. Signed as the chat's delivery is (the key derived
 * from the server's secret key, purpose 'chat-deliver'), over a text of its own, valid for a minute.
 */
export const RELAY_PATH = '/internal/member-events';
export const RELAY_SIGNATURE_HEADER = 'x-member-events-signature';
const MAX_SKEW_MS = 60_000;

interface Told {
  memberId: number;
  event: MemberEvent;
}

export const relaySignature = (key: Buffer, at: number, events: Told[]) =>
  createHmac('sha256', key)
    .update(`member-events\n${at}\n${JSON.stringify(events)}`)
    .digest('base64url');

const RelayBody = Type.Object({
  at: Type.Integer({ minimum: 0 }),
  events: Type.Array(
    Type.Object({ memberId: Type.Integer({ minimum: 1 }), event: Type.Object({ kind: Type.String({ maxLength: 20 }) }) }),
    { minItems: 1, maxItems: 50 },
  ),
});

export const memberEventsRelayRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    RELAY_PATH,
    {
      schema: {
        hide: true,
        body: RelayBody,
        headers: Type.Object({ [RELAY_SIGNATURE_HEADER]: Type.String({ maxLength: 100 }) }),
        response: { 200: Type.Object({ told: Type.Integer() }), 400: Message, 403: Message },
      },
    },
    async (request, reply) => {
      const { at } = request.body;
      const events = request.body.events as Told[];
      const expected = Buffer.from(relaySignature(ctx.chatKey, at, events));
      const given = Buffer.from(request.headers[RELAY_SIGNATURE_HEADER]);
      if (Math.abs(ctx.now() - at) > MAX_SKEW_MS || given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.status(403).send({ message: 'invalid-token' });
      for (const { memberId, event } of events) await notifyMember(ctx.database, memberId, event);
      return { told: events.length };
    },
  );
};

/**
 * The operator's process on SQLite: hands every member event its command causes to the running server
 * (PUBLIC_URL). `flush` waits for them (the process ends after it); with no server running they are lost,
 * and the open app's polling and its next refresh show the change. Postgres needs none of it (NOTIFY).
 */
export function relayMemberEvents(database: Database, config: Config): { flush: () => Promise<void> } {
  if (database.dialect === 'postgres') return { flush: async () => undefined };
  const key = deriveKey(
    resolveGameKey(config, () => undefined),
    'chat-deliver',
  );
  const sending: Promise<unknown>[] = [];
  const { stop } = listenMemberEvents(
    database,
    (memberId, event) => {
      const at = Date.now();
      const events = [{ memberId, event }];
      sending.push(
        fetch(`${config.publicUrl}${RELAY_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [RELAY_SIGNATURE_HEADER]: relaySignature(key, at, events) },
          body: JSON.stringify({ at, events }),
          signal: AbortSignal.timeout(5_000),
        }).catch(() => undefined),
      );
    },
    () => undefined,
  );
  return {
    flush: async () => {
      // an event emitted inside a transaction is told on the next turn (service.ts): let it come first
      await new Promise((resolve) => setImmediate(resolve));
      stop();
      await Promise.all(sending);
    },
  };
}
