import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/database.js';
import type { SettingsCache } from '../src/settings/store.js';
import { appOn, call, message } from './helper.js';
import { runOperatorCli, spawnServer } from './spawn-server.js';

/** The real command, as an operator types it, in its own process, on the given data directory. */
async function operator(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  return operatorWith({}, dataDir, ...args);
}

function operatorWith(env: Record<string, string>, dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  return runOperatorCli({ DATA_DIR: dataDir, ...env }, ...args);
}

describe('operator commands against a running server (the embedded Postgres of its DATA_DIR)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-operator-'));
  let database: Database;
  let settings: SettingsCache;
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = { ...loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '' }), logLevel: 'silent' };
    database = await openDatabase(config);
    ({ app, settings } = await appOn(database, config));
    settings.start(100, () => undefined);
  });
  afterAll(async () => {
    settings.stop();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  }

  it('prints its help', async () => {
    const { code, out } = await operator(dataDir, '--help');
    expect(code).toBe(0);
    for (const command of [
      'site terminate',
      'site activate',
      'members list',
      'member disable <phone>',
      'member enable <phone>',
      'settings get <key>',
      'settings set <key> <value>',
    ]) {
      expect(out).toContain(command);
    }
  });

  it('terminates and reactivates the site, seen by the running server within seconds', async () => {
    const terminated = await operator(dataDir, 'site', 'terminate');
    expect(terminated.code).toBe(0);
    expect(terminated.out).toContain('site terminated');
    expect(await eventually(async () => message(await call(app, 'GET', '/api/lookup/active')) === 'gone')).toBe(true);
    // except how to reach support, which /terminated shows
    const contact = await call(app, 'GET', '/api/lookup/contact?lang=en');
    expect([contact.statusCode, typeof contact.json().lineName]).toEqual([200, 'string']);
    expect(message(await call(app, 'GET', '/api/lookup/contactx'))).toBe('gone');

    expect((await operator(dataDir, 'site', 'activate')).out).toContain('site activated');
    expect(await eventually(async () => (await call(app, 'GET', '/api/lookup/active')).statusCode === 200)).toBe(true);
  });

  it('gets and sets settings, refusing a value of the wrong shape', async () => {
    expect((await operator(dataDir, 'settings', 'get', 'registerOTP')).out).toContain('true');
    const bad = await operator(dataDir, 'settings', 'set', 'registerOTP', 'maybe');
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('invalid value for registerOTP');
    const set = await operator(dataDir, 'settings', 'set', 'registerOTP', 'false');
    expect(set.out).toContain('registerOTP set to false');
    expect(await eventually(async () => (await call(app, 'GET', '/api/lookup/registerOTP')).json().registerOTP === false)).toBe(true);
    const info = await operator(dataDir, 'settings', 'set', 'info', '{"name":"Lucky Wallet","website":"lucky.example"}');
    expect(info.code).toBe(0);
    expect(await eventually(async () => (await call(app, 'GET', '/api/lookup/info')).json().name === 'Lucky Wallet')).toBe(true);
    expect((await operator(dataDir, 'settings', 'set', 'nope', '1')).code).toBe(2);
  });

  it('lists, disables and enables members', async () => {
    const list = await operator(dataDir, 'members', 'list');
    expect(list.out).toMatch(/1 member\(s\)\n1\t0812345678\tactive/);
    expect((await operator(dataDir, 'member', 'disable', '0812345678')).out).toContain('member 0812345678 (SOMCHAI JAIDEE) disabled');
    expect(message(await call(app, 'POST', '/api/login', { username: '0812345678', password: 'demo1234' }))).toBe('INACTIVE_USER');
    expect((await operator(dataDir, 'member', 'enable', '0812345678')).out).toContain('enabled');
    expect((await call(app, 'POST', '/api/login', { username: '0812345678', password: 'demo1234' })).statusCode).toBe(200);
    const unknown = await operator(dataDir, 'member', 'disable', '0999999999');
    expect([unknown.code, unknown.out.includes('no member with phone 0999999999')]).toEqual([2, true]);
  });

  it('qr pay: the sandbox gateway pays a code and the signed callback reaches the running server over HTTP', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { token } = (await call(app, 'POST', '/api/login', { username: '0812345678', password: 'demo1234' })).json();
    const code = (await call(app, 'POST', '/api/qrcode/KBANK', { amount: 42 }, { token })).json();
    expect(code.hasQrcode).toBe(true);
    const paid = await operatorWith({ PUBLIC_URL: address }, dataDir, 'qr', 'pay', code.qrcodeId);
    expect(paid.code).toBe(0);
    expect(paid.out).toContain(`callback sent to ${address}/api/callbacks/qr/KBANK`);
    expect(paid.out).toContain('callback answer: 200 {"message":"SUCCESS","status":"CREDITED"}');
    const { statements } = (await call(app, 'POST', '/api/statement', { page: 1, limit: 10 }, { token })).json();
    expect(statements[0]).toMatchObject({ from: 'QR_KBANK', status: 'SUCCESS', amount: 42 });
    const listed = await operator(dataDir, 'qr', 'list');
    expect(listed.out).toMatch(new RegExp(`${code.qrcodeId}\t0812345678\tKBANK\t42 BAHT\tPAID`));
  });

  it('giftlink make prints the link last; settings set deposit refuses a value of the wrong shape', async () => {
    const made = await operator(dataDir, 'giftlink', 'make', '25');
    expect(made.out.trim().split('\n').at(-1)).toMatch(/^https:\/\/gift\.truemoney\.com\/campaign\/\?v=[0-9A-Za-z]{35}$/);
    const bad = await operator(dataDir, 'settings', 'set', 'deposit', '{"banks":[],"wallets":[],"isManual":"yes"}');
    expect([bad.code, bad.out.includes('invalid value for deposit')]).toEqual([2, true]);
    const good = await operator(dataDir, 'settings', 'set', 'deposit', '{"banks":[],"wallets":[],"isManual":true}');
    expect(good.code).toBe(0);
  });

  it('settings set howto changes the how-to page the running server lists', async () => {
    const videos = [
      { id: 'deposit', title: { th: 'วิธีฝากเงิน', en: 'How to deposit' }, video: '/howto/deposit.mp4', poster: '/howto/deposit.webp' },
    ];
    const set = await operator(dataDir, 'settings', 'set', 'howto', JSON.stringify({ videos }));
    expect(set.code).toBe(0);
    const titles = async () => (await call(app, 'GET', '/api/lookup/howto?lang=en')).json().videos.map((v: { title: string }) => v.title);
    expect(await eventually(async () => (await titles()).join() === 'How to deposit')).toBe(true);
    const bad = await operator(
      dataDir,
      'settings',
      'set',
      'howto',
      '{"videos":[{"id":"x","title":"x","video":"https://cdn.example/x.mp4","poster":"/x.webp"}]}',
    );
    expect([bad.code, bad.out.includes('invalid value for howto: /videos/0/video')]).toEqual([2, true]);
    // only videos under /howto/ are kept for offline play by the service worker: another path of the site is refused
    const elsewhere = await operator(
      dataDir,
      'settings',
      'set',
      'howto',
      JSON.stringify({ videos: [{ ...videos[0], video: '/files/chat/x.mp4' }] }),
    );
    expect([elsewhere.code, elsewhere.out.includes('invalid value for howto: /videos/0/video')]).toEqual([2, true]);
  });

  it('refuses to start the server with a wrong setting, saying which', async () => {
    const server = spawnServer({ PORT: 'eighty' });
    expect(await server.exit).toBe(2);
    expect(server.out.stderr).toContain('Configuration error: PORT must be a whole number, got "eighty"');
  });

  it('in production refuses, as the server does, a missing or demo secret: one line each, exit code 2', async () => {
    const demo = { NODE_ENV: 'production', QR_CALLBACK_SECRET: '', GIFTLINK_SECRET: 'wallet-demo-giftlink-secret', GAME_SECRET_KEY: '' };
    const res = await operatorWith(demo, dataDir, 'members', 'list');
    expect(res.code).toBe(2);
    expect(res.out.trim().split('\n')).toEqual([
      expect.stringMatching(/^Configuration error: QR_CALLBACK_SECRET is not set/),
      expect.stringMatching(/^Configuration error: GIFTLINK_SECRET is the demo default/),
      expect.stringMatching(/^Configuration error: GAME_SECRET_KEY is not set/),
      expect.stringMatching(/^Configuration error: SMS_PROVIDER is log/),
      expect.stringMatching(/^Configuration error: SLIP_VERIFIER is sandbox/),
      expect.stringMatching(/^Configuration error: PAYMENT_GATEWAY is sandbox/),
      expect.stringMatching(/^Configuration error: GAME_PROVIDER is sandbox/),
      expect.stringMatching(/^Configuration error: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set/),
    ]);
  });
});
