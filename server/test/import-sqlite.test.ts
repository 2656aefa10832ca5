import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { inSnapshot } from '../src/db/transaction.js';
import { checkLedger } from '../src/ledger/invariants.js';
import { runOperatorCli as operator, startServer } from './spawn-server.js';

/**
 * A wallet the last release that ran on SQLite left (made by that release's own code: the demo member with
 * 1,000 baht deposited, 250 moved into PG and 50 back, a withdrawal of 100 pending, a slip uploaded, a
 * finance clerk added, a setting changed), moved into the embedded Postgres of a new DATA_DIR.
 */
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'sqlite-release');

describe('a SQLite wallet of an earlier release, imported into Postgres', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const temp = (name: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `wallet-${name}-`));
    dirs.push(d);
    return d;
  };

  it('keeps every account, entry and upload, and the member goes on where they were', { timeout: 120_000 }, async () => {
    const old = temp('sqlite');
    const file = path.join(old, 'wallet.db');
    fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'wallet.db.gz'))));
    const dataDir = path.join(temp('imported'), 'data');

    const imported = await operator({ DATA_DIR: dataDir }, 'import-sqlite', file, '--uploads', path.join(FIXTURE, 'uploads'));
    expect(imported.out).toContain('ledger check: every entry balances');
    expect(imported.out).toMatch(/7 accounts as in the file/);
    expect(imported.code).toBe(0);

    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const balances = Object.fromEntries(
        (await database.db.selectFrom('ledger_accounts').select(['code', 'balance']).execute()).map((a) => [a.code, Number(a.balance)]),
      );
      expect(balances).toMatchObject({ 'wallet:1': 70_000, 'game:1:PG': 20_000, 'house:pending_payouts:BAHT': 10_000 });
      expect(await inSnapshot(database, checkLedger)).toEqual([]);
      const slip = await database.db
        .selectFrom('stored_files')
        .select(['bytes', 'content_type'])
        .where('name', '=', 'fixtureslip0001')
        .executeTakeFirst();
      expect(slip && [Buffer.from(slip.bytes).toString(), slip.content_type]).toEqual([
        'a slip image from the SQLite release',
        'image/png',
      ]);
      const trail = await database.db.selectFrom('audit_log').select(['action', 'target']).orderBy('id').execute();
      expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(['staff.add', 'settings.set', 'import-sqlite']));
      // a new row after the copied ones gets an id of its own
      const next = await database.db
        .insertInto('settings')
        .values({ key: 'import-test', value: '1', updated_at: 0 })
        .returning('key')
        .executeTakeFirst();
      expect(next?.key).toBe('import-test');
      await database.db.deleteFrom('settings').where('key', '=', 'import-test').execute();
    } finally {
      await database.close();
    }

    // the server starts on it; the member signs in and sees the money and the pending withdrawal
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const headers = { 'x-wallet-client': 'member', 'content-type': 'application/json' };
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: '0812345678', password: 'demo1234' }),
      });
      const { token } = (await login.json()) as { token: string };
      const wallet = (await (
        await fetch(`${server.url}/api/wallet`, { headers: { ...headers, authorization: `Bearer ${token}` } })
      ).json()) as {
        wallet: { amount: number };
      };
      expect(wallet.wallet.amount).toBe(700);
      const moved = await fetch(`${server.url}/api/wallet/transfer`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': 'after-import-1' },
        body: JSON.stringify({ from: 'WALLET', to: 'PG', amount: 10 }),
      });
      expect(await moved.json()).toEqual({ message: 'SUCCESS' });
    } finally {
      await server.stop();
    }

    // never over a wallet
    const again = await operator({ DATA_DIR: dataDir }, 'import-sqlite', file);
    expect(again.out).toContain('the target already holds a wallet');
    expect(again.code).toBe(2);
  });

  it(
    'reads the rows a stopped server left in the WAL, writes nothing to the file, and says when another import holds it',
    { timeout: 60_000 },
    async () => {
      const old = temp('sqlite-wal');
      const file = path.join(old, 'wallet.db');
      fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'wallet.db.gz'))));
      // a commit left in wallet.db-wal, not yet in the file: what a server of that release killed after a write leaves
      execFileSync(process.execPath, [
        '-e',
        `const { Database } = require('node-sqlite3-wasm');
       const db = new Database(${JSON.stringify(file)});
       db.exec('PRAGMA locking_mode = EXCLUSIVE');
       db.run("insert into settings (key, value, updated_at) values ('leftInWal', '\\"yes\\"', 1)");
       process.exit(0);`,
      ]);
      fs.rmSync(`${file}.lock`, { recursive: true }); // that writer's own lock: SQLite's native build locks with fcntl instead
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
      const digest = (f: string) => createHash('sha256').update(fs.readFileSync(f)).digest('hex');
      const before = [digest(file), digest(`${file}-wal`)];

      // another import reading it (or one stopped midway) holds the lock: said, nothing done
      fs.mkdirSync(`${file}.lock`);
      const dataDir = path.join(temp('imported-wal'), 'data');
      const held = await operator({ DATA_DIR: dataDir }, 'import-sqlite', file);
      expect(held.out).toContain(`${file}.lock exists`);
      expect(held.code).toBe(2);
      expect(fs.existsSync(dataDir)).toBe(false);
      fs.rmdirSync(`${file}.lock`);

      const imported = await operator({ DATA_DIR: dataDir }, 'import-sqlite', file);
      expect(imported.out).toContain('ledger check: every entry balances');
      expect(imported.code).toBe(0);
      expect([digest(file), digest(`${file}-wal`)]).toEqual(before);
      expect(fs.existsSync(`${file}.lock`)).toBe(false);
      const database = await openDatabase({ dataDir, databaseUrl: undefined });
      try {
        const row = await database.db.selectFrom('settings').select('value').where('key', '=', 'leftInWal').executeTakeFirst();
        expect(row?.value).toBe('"yes"');
      } finally {
        await database.close();
      }
    },
  );

  it('refuses a file that is not a wallet, and changes nothing', { timeout: 60_000 }, async () => {
    const notWallet = path.join(temp('junk'), 'notes.db');
    fs.writeFileSync(notWallet, 'not a database at all');
    const dataDir = path.join(temp('target'), 'data');
    const refused = await operator({ DATA_DIR: dataDir }, 'import-sqlite', notWallet);
    expect(refused.out).toMatch(/is not a SQLite database|is not a wallet/);
    expect(refused.code).toBe(2);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
