import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrate, openDatabase, type Database } from '../src/db/database.js';
import { seed } from '../src/db/seed.js';
import { checkLedger } from '../src/ledger/invariants.js';
import { runCommand } from '../src/operator/commands.js';
import { textPackage, until } from './chat-helpers.js';
import {
  freePort,
  freshDatabase,
  http2Get,
  memberClient,
  nginxBinary,
  renderConf,
  selfSigned,
  startNginx,
  tempDir,
  type Answer,
  type Nginx,
} from './deploy-kit.js';
import { PG_URL, registration } from './helper.js';
import { startServer, type SpawnedServer } from './spawn-server.js';

const METRICS_TOKEN = 'deploy-test-metrics-token';
const GAME_SECRET_KEY = randomBytes(32).toString('hex');

/**
 * The README's production set-up, end to end: deploy/nginx.conf (as shipped, with this test's ports and
 * certificate) in Debian's nginx over HTTPS, in front of real server processes on one Postgres database
 * with TRUST_PROXY=1.
 */
describe('deploy kit: nginx with deploy/nginx.conf in front of server instances on one Postgres database', () => {
  const dir = tempDir('wallet-deploy-');
  const servers = new Map<number, SpawnedServer>();
  let database: { url: string; drop: () => Promise<void> };
  let db: Database;
  let nginx: Nginx | undefined;
  let cert: ReturnType<typeof selfSigned>;
  const ports = { http: 0, https: 0 };
  const env = () => loadConfig({ DATABASE_URL: database.url, GAME_SECRET_KEY, STATIC_DIR: '' });
  const operator = (args: string[], publicUrl?: string) => {
    const lines: string[] = [];
    const config = { ...env(), ...(publicUrl ? { publicUrl } : {}) };
    return runCommand({ database: db, config }, args, (line) => lines.push(line)).then(() => lines);
  };

  async function startInstance(port: number): Promise<SpawnedServer> {
    const server = await startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: path.join(dir, 'data'),
      TRUST_PROXY: '1',
      GAME_SECRET_KEY,
      METRICS_TOKEN,
    });
    // ready: the database answers and the migrations are current
    for (;;) {
      const ready = await fetch(`${server.url}/readyz`).catch(() => undefined);
      if (ready?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    servers.set(port, server);
    return server;
  }

  async function withInstances(count: number): Promise<number[]> {
    const wanted = await Promise.all(Array.from({ length: count }, () => freePort()));
    await nginx?.stop();
    for (const server of servers.values()) await server.stop();
    servers.clear();
    // the first start migrates and seeds; the others meet a current database
    await startInstance(wanted[0]!);
    await Promise.all(wanted.slice(1).map(startInstance));
    const conf = renderConf({ ...ports, cert: cert.cert, key: cert.key, logs: dir, instances: wanted });
    nginx = await startNginx(dir, conf, ports.https);
    return wanted;
  }

  beforeAll(async () => {
    nginxBinary(); // fails here, with what to install, when nginx is missing
    cert = selfSigned(dir);
    [ports.http, ports.https] = [await freePort(), await freePort()];
    database = await freshDatabase(PG_URL);
    db = await openDatabase({ dataDir: path.join(dir, 'operator'), databaseUrl: database.url });
    await migrate(db);
    await seed(db, { variant: 'th' });
    await operator(['settings', 'set', 'registerOTP', 'false']);
  });
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([...servers.values()].map((server) => server.stop()));
    await db?.close();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const base = () => `https://127.0.0.1:${ports.https}`;

  /** A new member registered through nginx, with money from the operator, signed in. */
  async function newMember(client: ReturnType<typeof memberClient>, baht: number) {
    const phone = `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const registered = await client.request('POST', '/api/account/', { body: registration(phone) });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    await operator(['deposit', phone, String(baht)]);
    const signedIn = await client.request('POST', '/api/login', { body: { username: phone, password: 'secret123' } });
    expect(signedIn.status).toBe(200);
    return { phone, token: signedIn.body.token as string };
  }

  it("two instances: a member journey over HTTPS, a message sent to the other instance and the operator's reply reach the socket", async () => {
    const instances = await withInstances(2);
    // plain HTTP only says where HTTPS is
    const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`http://127.0.0.1:${ports.http}/login`, resolve).on('error', reject),
    );
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('https://127.0.0.1/login');

    const client = memberClient(base(), cert.pem);
    const { phone, token } = await newMember(client, 500);
    // the address the server sees (its limits count it) is the one nginx saw, not nginx's own (127.0.0.1)
    // nor one the client wrote itself (TRUST_PROXY=1)
    const elsewhere = memberClient(base(), cert.pem, '127.0.0.2');
    const forged = await elsewhere.request('GET', '/api/lookup/active', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    elsewhere.agent.destroy();
    expect(forged.status).toBe(200);
    // the request log is written after the answer: waited for, not read at once
    const logs = () => [...servers.values()].map((server) => server.out.stdout).join('');
    await until(() => logs().includes('"remoteAddress":"127.0.0.2"'), 10_000);
    expect(logs()).toContain('"remoteAddress":"127.0.0.2"');
    expect(logs()).not.toContain('203.0.113.7');
    expect((await client.request('GET', '/api/wallet', { token })).body.wallet).toEqual({ amount: 500 });
    expect((await client.request('GET', '/api/wallet/activate/PG', { token })).status).toBe(200);
    const key = randomUUID();
    const transfer = { token, key, body: { from: 'WALLET', to: 'PG', amount: 120 } };
    const first = await client.request('POST', '/api/wallet/transfer', transfer);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // the same key again (a retry, whichever instance takes it): the same answer, no second transfer
    expect((await client.request('POST', '/api/wallet/transfer', transfer)).body).toEqual(first.body);
    expect((await client.request('GET', '/api/wallet', { token })).body.wallet).toEqual({ amount: 380 });
    const statement = await client.request('POST', '/api/statement/', { token, body: { page: 1, limit: 10 } });
    expect(statement.status).toBe(200);
    expect(JSON.stringify(statement.body)).toContain('120');

    // the member's socket through nginx: polling first, so nginx's sticky upstream must hold it on one instance
    // a browser speaks HTTP/2 to nginx: its socket.io handshake, from the site's origin, is taken too
    const handshake = await http2Get(base(), '/socket.io/?EIO=4&transport=polling', cert.pem, { origin: base() });
    expect(handshake.status, handshake.body).toBe(200);
    expect(handshake.body).toMatch(/^0\{"sid"/);

    // as a browser on the site sends it: the server takes the socket only from its own origin (Host with the port)
    const socket: Socket = io(base(), {
      path: '/socket.io',
      ca: cert.pem.toString(),
      extraHeaders: { origin: base() },
      reconnection: false,
      forceNew: true,
    });
    try {
      const texts: string[] = [];
      socket.on('messaging', (m: { message?: { payload?: { message?: string } } }) => texts.push(m.message?.payload?.message ?? ''));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(((await socket.timeout(10_000).emitWithAck('join', { token })) as { room?: string }).room).toBeDefined();
      expect((await client.request('POST', '/api/chat/send-message', { token, body: textPackage('anyone there?') })).status).toBe(200);
      // which instance holds the socket (its /metrics counts it); a message sent to the other reaches it
      const counts = await Promise.all(
        instances.map(async (port) => {
          const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
          return Number(/^wallet_socket_connections (\d+)/m.exec(await metrics.text())?.[1] ?? 0);
        }),
      );
      // the socket and the HTTP/2 handshake above, both from this address: on one instance (sticky), none on the other
      expect(counts.filter((count) => count > 0)).toHaveLength(1);
      const other = instances[counts.indexOf(0)]!;
      const direct = await fetch(`http://127.0.0.1:${other}/api/chat/send-message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wallet-client': 'member', authorization: `Bearer ${token}` },
        body: JSON.stringify(textPackage('sent to the other instance')),
      });
      expect(direct.status).toBe(200);
      await until(() => texts.includes('sent to the other instance'), 30_000);
      // the operator's reply goes through the database (chat_outbox and NOTIFY), whichever instance tells it
      const lines = await operator(['chat', 'reply', phone, 'Hello', 'from', 'support'], `http://127.0.0.1:9`);
      expect(lines.at(-1)).toMatch(/^sent text \d+ to member:\d+/);
      await until(() => texts.includes('Hello from support'), 30_000);
      expect(texts).toContain('Hello from support');
    } finally {
      socket.disconnect();
      client.agent.destroy();
    }
  }, 300_000);

  it('three instances restarted one at a time under sign-ins and transfers: no member request fails, the ledger balances', async () => {
    const instances = await withInstances(3);
    const client = memberClient(base(), cert.pem);
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember(client, 1000)));
    for (const { token } of members) expect((await client.request('GET', '/api/wallet/activate/PG', { token })).status).toBe(200);

    // every answer a member got, or the error in its place
    const answers: { call: string; status: number; message?: string }[] = [];
    const record = async (call: string, answer: Promise<Answer>) => {
      const got = await answer.catch((err: Error): Answer => ({ status: 0, body: { message: err.message }, headers: {} }));
      answers.push({ call, status: got.status, message: got.body.message });
      return got;
    };
    let restarting = true;
    const load = members.map(async ({ phone }) => {
      // each client keeps going until the restarts are over, then two more rounds
      for (let after = 0; after < 2; after += restarting ? 0 : 1) {
        const signedIn = await record(
          'sign-in',
          client.request('POST', '/api/login', { body: { username: phone, password: 'secret123' } }),
        );
        const token = signedIn.body.token as string | undefined;
        if (!token) continue;
        for (const [from, to] of [
          ['WALLET', 'PG'],
          ['PG', 'WALLET'],
        ]) {
          const body = { from, to, amount: 1 };
          await record(`transfer ${from}->${to}`, client.request('POST', '/api/wallet/transfer', { token, key: randomUUID(), body }));
        }
        await record('wallet', client.request('GET', '/api/wallet', { token }));
      }
    });

    // the rolling restart, as deploy/rolling-restart.sh does it: SIGTERM, the exit, a new start, /readyz
    const exits: (number | null)[] = [];
    for (const port of instances) {
      const before = answers.length;
      // 20 answers of the load before each restart (a load that stalls fails here, not at the test's timeout)
      await until(() => answers.length >= before + 20, 60_000);
      const server = servers.get(port)!;
      await server.stop('SIGTERM');
      exits.push(await server.exit);
      await startInstance(port);
    }
    restarting = false;
    await Promise.all(load);
    client.agent.destroy();

    // each instance drained and ended by itself (exit 0, not the 5 s limit's exit 1)
    // nginx's account of what it met at the instances (refused connections, closed ones), said when a request failed
    const upstream = fs
      .readFileSync(path.join(dir, 'wallet.error.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('upstream'));
    expect(exits).toEqual([0, 0, 0]);
    const failed = answers.filter(({ status }) => status !== 200);
    expect(failed, `${failed.length} of ${answers.length} member requests failed; nginx:\n${upstream.join('\n')}`).toEqual([]);
    expect(answers.length).toBeGreaterThan(60);
    expect(await checkLedger(db.db)).toEqual([]);
  }, 600_000);
});
