import { describe, expect, it } from 'vitest';
import { DEMO_SECRETS, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { demoDataProblems } from '../src/db/seed.js';
import { build, DEMO_MEMBER } from './helper.js';
import { PRODUCTION_ENV, scratchDirs, spawnServer, type ServerEnv } from './spawn-server.js';
import { signedIn, staffCall } from './staff-helpers.js';

/** A production server's environment but for NODE_ENV, which each test gives. */
const { NODE_ENV: _production, ...REAL } = PRODUCTION_ENV;

/** The real server in its own process, its output kept, without the test's own NODE_ENV and secrets. */
const serverWith = (dataDir: string, env: ServerEnv) =>
  spawnServer({
    NODE_ENV: undefined,
    QR_CALLBACK_SECRET: undefined,
    GIFTLINK_SECRET: undefined,
    GAME_SECRET_KEY: undefined,
    VAPID_PUBLIC_KEY: undefined,
    VAPID_PRIVATE_KEY: undefined,
    VAPID_SUBJECT: undefined,
    DATA_DIR: dataDir,
    ...env,
  });

async function memberPhones(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    return (await database.db.selectFrom('members').select('phone').execute()).map((m) => m.phone);
  } finally {
    await database.close();
  }
}

describe('production mode (NODE_ENV=production), the real server process', () => {
  const dataDir = scratchDirs('wallet-prod-');

  it('refuses to start on demo or missing secrets, one line naming each variable, exit code 2', async () => {
    const server = serverWith(dataDir(), { NODE_ENV: 'production', QR_CALLBACK_SECRET: DEMO_SECRETS.QR_CALLBACK_SECRET });
    expect(await server.exit).toBe(2);
    expect(server.out.stderr.trim().split('\n')).toEqual([
      'Configuration error: QR_CALLBACK_SECRET is the demo default: set a secret of at least 16 characters (openssl rand -hex 32)',
      'Configuration error: GIFTLINK_SECRET is not set (the demo default would be used): set a secret of at least 16 characters (openssl rand -hex 32)',
      'Configuration error: GAME_SECRET_KEY is not set: set the same 32-byte key on every instance (openssl rand -hex 32)',
      'Configuration error: SMS_PROVIDER is log (one-time codes would go to the log and never reach members): set thaibulksms or twilio',
      "Configuration error: SLIP_VERIFIER is sandbox (slips would be checked against the sandbox bank's books, which the operator's slip maker writes): set easyslip",
      "Configuration error: PAYMENT_GATEWAY is sandbox (its QR codes are paid by the operator's qr pay, not by a bank): set opn",
      "Configuration error: GAME_PROVIDER is sandbox (the games would be the sandbox provider's, its books in our database): set http, with GAME_PROVIDER_URL and GAME_PROVIDER_SECRET of the bridge",
      'Configuration error: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set (Web Push would be signed with a key pair of one machine): make a pair with npx web-push generate-vapid-keys and give every instance the same',
    ]);
  });

  it('starts with real secrets and seeds no demo member', async () => {
    const dir = dataDir();
    const server = serverWith(dir, { NODE_ENV: 'production', ...REAL });
    try {
      expect(await server.listening).toBe(true);
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'x-wallet-client': 'member', 'content-type': 'application/json' },
        body: JSON.stringify({ username: DEMO_MEMBER.phone, password: DEMO_MEMBER.password }),
      });
      expect(login.status).toBe(401);
      expect(await login.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    } finally {
      await server.stop();
    }
    expect(await memberPhones(dir)).toEqual([]);
    expect(server.out.stdout).not.toContain('DEMO SECRET');
    expect(server.out.stdout).not.toContain(DEMO_MEMBER.password);
  });

  it('refuses to start in production on a database a demo ran on, one line for each piece of demo data, exit code 2', async () => {
    const dir = dataDir();
    const demo = serverWith(dir, { NODE_ENV: 'development' });
    try {
      expect(await demo.listening).toBe(true);
    } finally {
      await demo.stop();
    }
    const server = serverWith(dir, { NODE_ENV: 'production', ...REAL });
    expect(await server.exit).toBe(2);
    const lines = server.out.stderr.trim().split('\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe(
      "Configuration error: the deposit account KBANK 0481234567 is the demo's: set your own (settings set deposit) (npm run operator -- ...; README, Running in production)",
    );
    expect(lines.every((l) => l.startsWith('Configuration error: '))).toBe(true);
  });

  it('outside production starts with the demo secrets, one loud warning each, and the demo member', async () => {
    const dir = dataDir();
    const server = serverWith(dir, { NODE_ENV: 'development' });
    try {
      expect(await server.listening).toBe(true);
    } finally {
      await server.stop();
    }
    const warnings = server.out.stdout.split('\n').filter((line) => line.includes('DEMO SECRET'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('"level":40');
    expect(warnings.join('\n')).toMatch(/QR_CALLBACK_SECRET[^\n]*\n[^\n]*GIFTLINK_SECRET/);
    expect(await memberPhones(dir)).toEqual([DEMO_MEMBER.phone]);
  });
});

describe('the production seed', () => {
  it('seeds no business data: no deposit account (deposits closed), contact, notice, bonus, promotion code or wheel; its address PUBLIC_URL', async () => {
    const server = await build({ production: true, publicUrl: 'https://wallet.example.co.th' });
    try {
      const { settings, database } = server.ctx;
      expect(settings.get('deposit')).toEqual({ banks: [], wallets: [], isManual: false });
      expect(settings.get('contact')).toMatchObject({ lineLink: '', lineName: '', lineQR: '' });
      expect(settings.get('info')).toEqual({ name: 'wallet.example.co.th', website: 'wallet.example.co.th' });
      expect([settings.get('invite').active, settings.get('refund').active, settings.get('spinwheel').active]).toEqual([
        false,
        false,
        false,
      ]);
      expect(await database.db.selectFrom('bonuses').select('code').execute()).toEqual([]);
      expect(await database.db.selectFrom('promotions').select('code').execute()).toEqual([]);
      const deposit = await server.app.inject({ method: 'GET', url: '/api/lookup/deposit', headers: { 'x-wallet-client': 'member' } });
      expect(deposit.json()).toMatchObject({ banks: [] });
      expect(await demoDataProblems(database)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("names each piece of demo data in a demo's database: its account, contact, address, bonuses, codes and member", async () => {
    const server = await build();
    try {
      expect(await demoDataProblems(server.ctx.database)).toEqual([
        "the deposit account KBANK 0481234567 is the demo's: set your own (settings set deposit)",
        'gift-link deposits are offered (deposit.wallets), and only the sandbox can redeem them: remove them (settings set deposit)',
        "the demo's wheel and its cash prizes are live: set your own wheel or turn it off (settings set spinwheel)",
        "the LINE contact is the demo's (@walletdemo): set your own (settings set contact)",
        "the site's address is the demo's (walletthai.example): set yours (settings set info)",
        "the demo's bonuses are live (DAILY10, FIRSTDEP100, WEEKLY100): disable them (bonus disable <code>)",
        "the demo's promotion codes are live (NEWYEAR20, WELCOME50): disable them (promotion disable <code>)",
        "the demo member 0812345678 signs in with the README's password: disable it (member disable 0812345678)",
      ]);
    } finally {
      await server.close();
    }
  });

  it('creates no demo member, and the demo sign-in is refused', async () => {
    const server = await build({ production: true });
    try {
      const members = await server.ctx.database.db.selectFrom('members').select('phone').execute();
      expect(members).toEqual([]);
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-wallet-client': 'member' },
        payload: { username: DEMO_MEMBER.phone, password: DEMO_MEMBER.password },
      });
      expect(login.statusCode).toBe(401);
      expect(login.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    } finally {
      await server.close();
    }
  });
});

describe('a staging site (NODE_ENV=staging)', () => {
  it('runs on the sandboxes and the demo secrets, and tells the site and the console it is a test site', async () => {
    const config = loadConfig({ NODE_ENV: 'staging' });
    expect([config.staging, config.production, config.smsProvider, config.paymentGateway]).toEqual([true, false, 'log', 'sandbox']);
    const server = await build({ staging: true });
    try {
      const info = await server.app.inject({ method: 'GET', url: '/api/lookup/info', headers: { 'x-wallet-client': 'member' } });
      expect(info.json()).toMatchObject({ testSite: true });
      const { browser } = await signedIn(server, 'ada', 'admin');
      expect((await staffCall(server, browser, 'GET', '/me')).json()).toMatchObject({ username: 'ada', testSite: true });
    } finally {
      await server.close();
    }
    const real = await build();
    try {
      const info = await real.app.inject({ method: 'GET', url: '/api/lookup/info', headers: { 'x-wallet-client': 'member' } });
      expect(info.json()).not.toHaveProperty('testSite');
    } finally {
      await real.close();
    }
  });
});
