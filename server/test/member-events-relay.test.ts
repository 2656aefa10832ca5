import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberEvent } from '../../contract/member-events.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { relayMemberEvents, RELAY_PATH, RELAY_SIGNATURE_HEADER } from '../src/modules/events/relay.js';
import { runCommand } from '../src/operator/commands.js';
import { join, listen, MEMBER_EVENTS, until } from './chat-helpers.js';
import { build, DEMO_MEMBER, login, type TestServer } from './helper.js';

/** SQLite has no NOTIFY: the operator's command, another process on the same file, hands its events to the running server. */
describe('member events from the operator on SQLite', () => {
  let dir: string;
  let server: TestServer;
  let operatorDb: Database;
  let url: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relay-'));
    const sqliteFile = path.join(dir, 'wallet.db');
    server = await build('sqlite', { dataDir: dir, gameSecretKey: Buffer.alloc(32, 9) }, { sqliteFile });
    url = await listen(server);
    server.config.publicUrl = url;
    // what the operator's process opens: the same file, its own connection and emitter
    operatorDb = await openDatabase(server.config, { sqliteFile });
  });
  afterAll(async () => {
    await operatorDb.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("tells the member's open app of the operator's deposit through the running server", async () => {
    const token = await login(server.app);
    const { socket, received: events, answer } = await join<MemberEvent>(url, { token }, MEMBER_EVENTS);
    expect(answer).toEqual({ message: 'SUCCESS' });
    try {
      const relay = relayMemberEvents(operatorDb, server.config);
      const posts = vi.spyOn(globalThis, 'fetch');
      try {
        await runCommand({ database: operatorDb, config: server.config }, ['deposit', DEMO_MEMBER.phone, '12.5'], () => undefined);
        await runCommand({ database: operatorDb, config: server.config }, ['deposit', DEMO_MEMBER.phone, '3'], () => undefined);
        await relay.flush();
        // the command's events go to the server together, in one post
        expect(posts.mock.calls.filter(([url]) => String(url).endsWith(RELAY_PATH))).toHaveLength(1);
      } finally {
        posts.mockRestore();
      }
      await until(() => events.length > 1);
      expect(events).toEqual([
        { kind: 'credit', source: 'OPERATOR', amount: 12.5 },
        { kind: 'credit', source: 'OPERATOR', amount: 3 },
      ]);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a relay without the right signature, telling nothing', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: RELAY_PATH,
      headers: { [RELAY_SIGNATURE_HEADER]: 'forged' },
      payload: { at: Date.now(), events: [{ memberId: 1, event: { kind: 'chat' } }] },
    });
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'invalid-token' }]);
  });
});
