import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { DEMO_MEMBER } from '../src/db/seed.js';
import { resolveGameKey } from '../src/lib/game-secrets.js';
import { runCommand } from '../src/operator/commands.js';
import { appOn, call, login, PG_URL } from './helper.js';
import { runOperatorCli as operator } from './spawn-server.js';

const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `wallet-${name}-`));

/** A running wallet on `env`'s database, a member with money and a file uploaded, transfers going on. */
async function walletUnderLoad(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const config = { ...loadConfig({ ...env, STATIC_DIR: '' }), logLevel: 'silent' };
  const database = await openDatabase(config);
  // as main.ts: the game key in DATA_DIR unless GAME_SECRET_KEY is set (a backup must carry it)
  const gameKey = resolveGameKey(config, () => undefined);
  const { app, ctx, settings } = await appOn(database, config, { gameKey });
  await runCommand(ctx, ['deposit', DEMO_MEMBER.phone, '5000'], () => undefined);
  await ctx.storage.put('slips', 'backup-test-slip', { bytes: Buffer.from('a slip image'), contentType: 'image/png' });
  const token = await login(app);
  expect((await call(app, 'GET', '/api/wallet/activate/PG', undefined, { token })).statusCode).toBe(200);
  let moving = true;
  let moves = 0;
  const burst = (async () => {
    while (moving) {
      const [from, to] = moves % 2 ? ['PG', 'WALLET'] : ['WALLET', 'PG'];
      const key = `backup-${randomBytes(8).toString('hex')}`;
      const res = await call(app, 'POST', '/api/wallet/transfer', { from, to, amount: 7 }, { token, headers: { 'idempotency-key': key } });
      if (res.statusCode === 200) moves++;
    }
  })();
  return {
    moves: () => moves,
    async stop() {
      moving = false;
      await burst;
      await app.close();
      settings.stop();
      await database.close();
    },
  };
}

describe('backup and restore (the embedded Postgres of DATA_DIR)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const dir = (name: string) => {
    const d = temp(name);
    dirs.push(d);
    return d;
  };
  /** The slip uploaded by walletUnderLoad, as the restored database keeps it. */
  const slipIn = async (dataDir: string) => {
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const row = await database.db.selectFrom('stored_files').select('bytes').where('name', '=', 'backup-test-slip').executeTakeFirst();
      return row && Buffer.from(row.bytes).toString();
    } finally {
      await database.close();
    }
  };

  it('backs up while members transact; the copy restores into a new data directory and balances', { timeout: 120_000 }, async () => {
    const live = dir('live');
    const wallet = await walletUnderLoad({ DATA_DIR: live });
    const target = path.join(dir('backup'), 'set');
    const before = wallet.moves();
    const backedUp = await operator({ DATA_DIR: live }, 'backup', target);
    const during = wallet.moves() - before;
    await wallet.stop();
    expect(backedUp.out).toContain(`written to ${target}`);
    expect(backedUp.code).toBe(0);
    expect(during).toBeGreaterThan(0); // the copy was made while transfers went on
    // every member's data and the game key: for the operator's user alone
    const modes = (function walk(at: string): [string, number][] {
      const here: [string, number][] = [[path.relative(target, at) || '.', fs.statSync(at).mode & 0o777]];
      if (!fs.statSync(at).isDirectory()) return here;
      return [...here, ...fs.readdirSync(at).flatMap((name) => walk(path.join(at, name)))];
    })(target);
    expect(modes.filter(([, mode]) => mode & 0o077)).toEqual([]);
    expect(modes.find(([name]) => name === '.')![1]).toBe(0o700);
    expect(modes.find(([name]) => name === 'manifest.json')![1]).toBe(0o600);
    expect(modes.find(([name]) => name === 'wallet.pgdump')![1]).toBe(0o600);
    const manifest = JSON.parse(fs.readFileSync(path.join(target, 'manifest.json'), 'utf8')) as { files: { path: string }[] };
    expect(manifest.files.map((f) => f.path).sort()).toEqual(['data/game-secret.key', 'wallet.pgdump']);

    const fresh = path.join(dir('restored'), 'data');
    const restored = await operator({ DATA_DIR: fresh }, 'restore', target);
    expect(restored.out).toContain('ledger check: every entry balances');
    expect(restored.code).toBe(0);
    expect(await slipIn(fresh)).toBe('a slip image');
    expect(fs.readFileSync(path.join(fresh, 'game-secret.key'), 'utf8')).toBe(fs.readFileSync(path.join(live, 'game-secret.key'), 'utf8'));
    const members = await operator({ DATA_DIR: fresh }, 'members', 'list');
    expect(members.out).toContain(DEMO_MEMBER.phone);

    // never over a wallet, and never from a damaged copy
    const again = await operator({ DATA_DIR: fresh }, 'restore', target);
    expect(again.out).toContain('the target already holds a wallet');
    // the error and where the help is, not the whole help after it
    expect(again.out).toContain('(npm run operator -- restore --help shows how to use it)');
    expect(again.out).not.toContain('withdrawal pay');
    expect(again.code).toBe(2);
    fs.appendFileSync(path.join(target, 'wallet.pgdump'), 'x');
    const damaged = await operator({ DATA_DIR: path.join(dir('other'), 'data') }, 'restore', target);
    expect(damaged.out).toContain('backup damaged: wallet.pgdump is missing or changed');
    expect(damaged.code).toBe(2);
  });

  it(
    'refuses a data directory with no wallet (a mistyped DATA_DIR) unless told --init, and creates nothing',
    { timeout: 60_000 },
    async () => {
      const typo = path.join(dir('typo'), 'dta');
      const refused = await operator({ DATA_DIR: typo }, 'ledger', 'check');
      expect(refused.out).toContain(`no wallet in DATA_DIR ${typo}; check the setting, or add --init to create one there`);
      expect(refused.code).toBe(2);
      expect(fs.existsSync(typo)).toBe(false);
      const created = await operator({ DATA_DIR: typo }, 'ledger', 'check', '--init');
      expect(created.out).toContain('ledger check: every entry balances');
      expect(fs.existsSync(path.join(typo, 'postgres', 'PG_VERSION'))).toBe(true);
    },
  );
});

describe('backup and restore (DATABASE_URL, pg_dump)', () => {
  const admin = new pg.Client({ connectionString: PG_URL });
  const names = [`wallet_bk_${randomBytes(4).toString('hex')}`, `wallet_rs_${randomBytes(4).toString('hex')}`];
  const urlOf = (name: string) => {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return url.toString();
  };
  // a drop waits for a checkpoint, which on a busy machine (every stage of npm test at once) took over the
  // default 30 s once: the hook has its own limit
  afterAll(async () => {
    // every pool on them is closed by now: no other session to end (WITH (FORCE) would need rights over theirs)
    for (const name of names) await admin.query(`drop database if exists "${name}"`);
    await admin.end();
  }, 180_000);

  it('backs up while members transact and restores into an empty database that balances', { timeout: 120_000 }, async () => {
    await admin.connect();
    for (const name of names) await admin.query(`create database "${name}"`);
    const [source, target] = names.map(urlOf) as [string, string];
    const wallet = await walletUnderLoad({ DATA_DIR: temp('pg-live'), DATABASE_URL: source });
    const set = path.join(temp('pg-backup'), 'set');
    const backedUp = await operator({ DATABASE_URL: source, DATA_DIR: temp('pg-empty') }, 'backup', set);
    await wallet.stop();
    expect(backedUp.out).toContain(`written to ${set}`);
    expect(fs.existsSync(path.join(set, 'wallet.pgdump'))).toBe(true);

    const refused = await operator({ DATABASE_URL: target, DATA_DIR: temp('pg-x') }, 'ledger', 'check');
    expect(refused.out).toContain('no wallet in the database of DATABASE_URL');
    const restored = await operator({ DATABASE_URL: target, DATA_DIR: temp('pg-restored') }, 'restore', set);
    expect(restored.out).toContain('ledger check: every entry balances');
    expect(restored.code).toBe(0);
    const again = await operator({ DATABASE_URL: target, DATA_DIR: temp('pg-y') }, 'restore', set);
    expect(again.out).toContain('the target already holds a wallet');
  });
});
