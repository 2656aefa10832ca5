import { describe, expect, it } from 'vitest';
import { retentionSweep } from '../src/modules/system/retention.js';
import { agentOnline, guestId, history, send, textPackage } from './chat-helpers.js';
import { runCommand } from '../src/operator/commands.js';
import { build, call, login } from './helper.js';
import { newBrowser, signedIn, staffCall, STRONG_PASSWORD } from './staff-helpers.js';
import { STAFF_IDLE_MINUTES } from '../../contract/staff.js';

const DAY = 86_400_000;
const messagesOf = (res: { json(): unknown }) => (res.json() as { messages: Array<{ sender: string }> }).messages;

describe('the retention sweep', () => {
  it('forgets finished keys after a session can live, keeps fresh and in-flight ones', async () => {
    const server = await build();
    try {
      const { db } = server.ctx.database;
      const member = await db.selectFrom('members').select('id').executeTakeFirstOrThrow();
      const now = server.clock.now;
      const old = now - server.config.sessionAbsoluteHours * 3_600_000 - 2 * DAY;
      const row = (key: string, created_at: number, status_code: number) => ({
        member_id: member.id,
        key,
        fingerprint: 'f',
        status_code,
        response: 'null',
        created_at,
      });
      await db
        .insertInto('idempotency_keys')
        .values([
          row('old-finished', old, 200),
          row('old-refused', old, 400),
          row('old-in-flight', old, 0),
          row('fresh-finished', now - DAY, 200),
        ])
        .execute();
      expect((await retentionSweep(server.ctx)).keys).toBe(2);
      const left = await db.selectFrom('idempotency_keys').select('key').where('member_id', '=', member.id).orderBy('key').execute();
      expect(left.map((k) => k.key)).toEqual(['fresh-finished', 'old-in-flight']);
    } finally {
      await server.close();
    }
  });

  it('deletes sessions idle for a day past their idle limit; a member in use keeps theirs', async () => {
    const server = await build();
    try {
      const abandoned = await login(server.app);
      server.clock.now += server.config.sessionIdleMinutes * 60_000 + DAY + 60_000;
      const current = await login(server.app);
      expect((await retentionSweep(server.ctx)).sessions).toBe(1);
      expect((await call(server.app, 'GET', '/api/wallet', undefined, { token: current })).statusCode).toBe(200);
      expect((await call(server.app, 'GET', '/api/wallet', undefined, { token: abandoned })).statusCode).toBe(401);
      expect(await server.ctx.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('deletes staff sessions idle a day past 30 minutes and sign-ins left unfinished; a staff member at work keeps theirs', async () => {
    const server = await build();
    try {
      const { db } = server.ctx.database;
      const gone = await signedIn(server, 'gone.clerk', 'finance');
      // a sign-in abandoned at its TOTP step
      const abandoned = await staffCall(server, newBrowser(), 'POST', '/auth/sign-in', {
        username: 'gone.clerk',
        password: STRONG_PASSWORD,
      });
      expect(abandoned.json()).toEqual({ next: 'totp' });
      server.clock.now += STAFF_IDLE_MINUTES * 60_000 + DAY + 60_000;
      expect(await retentionSweep(server.ctx)).toMatchObject({ staffSessions: 1, staffChallenges: 1 });
      // (a sign-in clears ended challenges too, so the one at work signs in after the sweep)
      const working = await signedIn(server, 'busy.agent', 'agent');
      expect(await retentionSweep(server.ctx)).toMatchObject({ staffSessions: 0, staffChallenges: 0 });
      expect((await staffCall(server, working.browser, 'GET', '/me')).statusCode).toBe(200);
      expect((await staffCall(server, gone.browser, 'GET', '/me')).statusCode).toBe(401);
      expect(await db.selectFrom('staff_sessions').select('id').execute()).toHaveLength(1);
      expect(await db.selectFrom('staff_challenges').select('id').execute()).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it("ends a guest conversation quiet past the setting; the guest's next message starts a new one with the greeter", async () => {
    const server = await build();
    try {
      await agentOnline(server); // the greeter alone answers (no offline notice)
      const quiet = guestId();
      const talking = guestId();
      const unanswered = guestId();
      expect((await send(server, textPackage('hello', { guestId: quiet }))).statusCode).toBe(200);
      expect((await send(server, textPackage('is anyone there?', { guestId: unanswered }))).statusCode).toBe(200);
      // support answered the quiet one; the other's question still waits
      await runCommand(server.ctx, ['chat', 'reply', quiet, 'Hello, how can we help?'], () => undefined);
      const bots = async () => messagesOf(await history(server, { guestId: quiet })).filter((m) => m.sender === 'bot').length;
      expect(await bots()).toBe(4);
      server.clock.now += 121 * 60_000;
      expect((await send(server, textPackage('still here', { guestId: talking }))).statusCode).toBe(200);
      expect((await retentionSweep(server.ctx)).guestChatsClosed).toBe(1);
      // a question asked before the agents' hours ended waits for them, however quiet
      const waiting = await server.ctx.database.db
        .selectFrom('chat_rooms')
        .select(['ended_at'])
        .where('guest_id', '=', unanswered)
        .executeTakeFirstOrThrow();
      expect(waiting.ended_at).toBeNull();
      expect((await retentionSweep(server.ctx)).guestChatsClosed).toBe(0);
      const rooms = await server.ctx.database.db.selectFrom('chat_rooms').select(['guest_id', 'ended_at', 'waiting_since']).execute();
      expect(rooms.find((r) => r.guest_id === quiet)).toMatchObject({ ended_at: expect.any(Number), waiting_since: null });
      expect(rooms.find((r) => r.guest_id === talking)?.ended_at).toBeNull();
      expect((await send(server, textPackage('back again', { guestId: quiet }))).statusCode).toBe(200);
      expect(await bots()).toBe(8);
    } finally {
      await server.close();
    }
  });
});
