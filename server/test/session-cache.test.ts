import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../src/modules/auth/session-cache.js';
import { sha256 } from '../src/lib/tokens.js';
import { runCommand } from '../src/operator/commands.js';
import { until } from './chat-helpers.js';
import { build, call, DEMO_MEMBER, login, message, type TestServer } from './helper.js';

const wallet = (server: TestServer, token: string) => call(server.app, 'GET', '/api/wallet', undefined, { token });

/** Waits until the session of `token` no longer works on `server` (an end told by another instance arrives in moments). */
async function endsOn(server: TestServer, token: string): Promise<void> {
  let status = 0;
  const end = Date.now() + 5_000;
  while ((status = (await wallet(server, token)).statusCode) === 200 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(status).toBe(401);
}

/** Revokes a session in the database as nothing of ours would: no end is told. */
const revokeUntold = (server: TestServer, token: string) =>
  server.ctx.database.db.updateTable('sessions').set({ revoked_at: server.clock.now }).where('token_hash', '=', sha256(token)).execute();

describe('sessions read lately, heard ended on every instance', () => {
  let here: TestServer;
  let there: TestServer;
  beforeAll(async () => {
    here = await build();
    there = await build({}, { shareWith: here });
  });
  afterAll(async () => {
    await there.close();
    await here.close();
  });

  it('ends a session signed out on one instance on the other, which had it cached', async () => {
    expect(there.ctx.sessions.listening).toBe(true);
    const token = await login(here.app);
    expect((await wallet(there, token)).statusCode).toBe(200);
    expect((await call(here.app, 'POST', '/api/logout', undefined, { token })).statusCode).toBe(200);
    expect(message(await wallet(here, token))).toBe('invalid-token');
    await endsOn(there, token);
  });

  it('ends the other sessions of a password change everywhere, the changing device staying in', async () => {
    const stolen = await login(there.app);
    const mine = await login(here.app);
    expect((await wallet(there, stolen)).statusCode).toBe(200);
    expect((await wallet(there, mine)).statusCode).toBe(200);
    const changed = await call(
      here.app,
      'PUT',
      '/api/account/changepwd',
      { oldPassword: DEMO_MEMBER.password, newPassword: 'Another-pass9' },
      { token: mine },
    );
    expect(message(changed)).toBe('SUCCESS');
    await endsOn(there, stolen);
    expect((await wallet(there, mine)).statusCode).toBe(200);
    expect((await wallet(here, mine)).statusCode).toBe(200);
    await call(
      here.app,
      'PUT',
      '/api/account/changepwd',
      { oldPassword: 'Another-pass9', newPassword: DEMO_MEMBER.password },
      { token: mine },
    );
  });

  it("ends a member's cached sessions on every instance when the operator disables them in another process's way", async () => {
    const token = await login(here.app, DEMO_MEMBER.phone);
    expect((await wallet(here, token)).statusCode).toBe(200);
    expect((await wallet(there, token)).statusCode).toBe(200);
    await runCommand({ database: here.ctx.database, config: here.config }, ['member', 'disable', DEMO_MEMBER.phone], () => undefined);
    try {
      await endsOn(here, token);
      await endsOn(there, token);
    } finally {
      await runCommand({ database: here.ctx.database, config: here.config }, ['member', 'enable', DEMO_MEMBER.phone], () => undefined);
    }
  });

  it('tells a member disabled even when no open session was left to end (one signed in meanwhile may be cached)', async () => {
    const token = await login(here.app, DEMO_MEMBER.phone);
    expect((await wallet(there, token)).statusCode).toBe(200);
    // as a session the disabling change could not see: no longer open when it ran, still cached over there
    await revokeUntold(here, token);
    await runCommand({ database: here.ctx.database, config: here.config }, ['member', 'disable', DEMO_MEMBER.phone], () => undefined);
    try {
      await endsOn(there, token);
    } finally {
      await runCommand({ database: here.ctx.database, config: here.config }, ['member', 'enable', DEMO_MEMBER.phone], () => undefined);
    }
  });

  it('uses a cached session for SESSION_CACHE_MS at most when an end was never told', async () => {
    const token = await login(here.app);
    expect((await wallet(there, token)).statusCode).toBe(200);
    await revokeUntold(here, token);
    // the cache answers: the revocation skipped the notice every change of ours sends
    expect((await wallet(there, token)).statusCode).toBe(200);
    // a fresh read (here never read it) and a read past the bound both see it
    expect(message(await wallet(here, token))).toBe('invalid-token');
    there.clock.now += SESSION_CACHE_MS + 1;
    expect(message(await wallet(there, token))).toBe('invalid-token');
  });

  it('keeps no read that was on its way when an end was told', async () => {
    const cache = there.ctx.sessions;
    const read = {
      session: { sessionId: 1, memberId: 7, currency: 'BAHT' as const },
      lastSeenAt: there.clock.now,
      expiresAt: there.clock.now + 60_000,
    };
    await cache.through('racing', async () => {
      cache.forget(7);
      return read;
    });
    expect(cache.get('racing', 60_000)).toBeUndefined();
    await cache.through('calm', async () => read);
    expect(cache.get('calm', 60_000)).toEqual(expect.objectContaining(read));
  });

  it('reads every session from the database while its listening connection is lost, and caches again once back', async () => {
    const token = await login(here.app);
    expect((await wallet(there, token)).statusCode).toBe(200);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`wallet sessions ${there.schema}`}`.execute(
      here.ctx.database.db,
    );
    await until(() => !there.ctx.sessions.listening);
    await revokeUntold(here, token);
    expect(message(await wallet(there, token))).toBe('invalid-token');
    // LISTEN again a second later: a session read then is cached (an untold end goes unseen for a while)
    await until(() => there.ctx.sessions.listening);
    const next = await login(here.app);
    expect((await wallet(there, next)).statusCode).toBe(200);
    await revokeUntold(here, next);
    expect((await wallet(there, next)).statusCode).toBe(200);
  });
});
