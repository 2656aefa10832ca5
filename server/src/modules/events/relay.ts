import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message } from '../../../../contract/message.js';
import type { MemberEvent } from '../../../../contract/member-events.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { internalSignatureValid, postInternal, type InternalRoute } from '../../lib/internal-post.js';
import { listenMemberEvents, notifyMember } from './service.js';

/**
 * SQLite has no NOTIFY: the events of a change the operator's command made (another process) are handed
 * to the running server here, which tells its sockets. Signed as every internal post is
 * (lib/internal-post.ts), over a text of its own.
 */
export const RELAY_PATH = '/internal/member-events';
export const RELAY_SIGNATURE_HEADER = 'x-member-events-signature';
/** The most events one relay carries. */
const RELAY_MAX = 50;

interface Told {
  memberId: number;
  event: MemberEvent;
}

const MEMBER_EVENTS: InternalRoute<{ at: number; events: Told[] }> = {
  path: RELAY_PATH,
  header: RELAY_SIGNATURE_HEADER,
  text: ({ at, events }) => `member-events\n${at}\n${JSON.stringify(events)}`,
};

const RelayBody = Type.Object({
  at: Type.Integer({ minimum: 0 }),
  events: Type.Array(
    Type.Object({ memberId: Type.Integer({ minimum: 1 }), event: Type.Object({ kind: Type.String({ maxLength: 20 }) }) }),
    { minItems: 1, maxItems: RELAY_MAX },
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
      const body = { at: request.body.at, events: request.body.events as Told[] };
      if (!internalSignatureValid(ctx.chatKey, MEMBER_EVENTS, body, request.headers[RELAY_SIGNATURE_HEADER], ctx.now()))
        return reply.status(403).send({ message: 'invalid-token' });
      for (const { memberId, event } of body.events) await notifyMember(ctx.database, memberId, event);
      return { told: body.events.length };
    },
  );
};

/**
 * The operator's process on SQLite: gathers every member event its command causes (each told once its
 * transaction committed) and hands them to the running server (PUBLIC_URL) in `flush`, as few posts as
 * the route takes, when the command has ended. With no server running they are lost: no app has a socket
 * then, and each asks again for what it shows when its socket joins once more. Postgres needs none of it (NOTIFY).
 */
export function relayMemberEvents(database: Database, config: Config): { flush: () => Promise<void> } {
  if (database.dialect === 'postgres') return { flush: async () => undefined };
  const told: Told[] = [];
  const { stop } = listenMemberEvents(
    database,
    (memberId, event) => told.push({ memberId, event }),
    () => undefined,
  );
  return {
    flush: async () => {
      stop();
      const posts: Promise<unknown>[] = [];
      for (let i = 0; i < told.length; i += RELAY_MAX)
        posts.push(postInternal(config, MEMBER_EVENTS, { events: told.slice(i, i + RELAY_MAX) }, 5_000).catch(() => undefined));
      await Promise.all(posts);
    },
  };
}
