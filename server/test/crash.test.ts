import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrate, openDatabase } from '../src/db/database.js';
import { checkLedger } from '../src/ledger/invariants.js';
import { runCommand } from '../src/operator/commands.js';
import { seed } from '../src/db/seed.js';

const root = path.resolve(import.meta.dirname, '../..');

/** The real server in its own process on a data directory, optionally told to die at a step. */
async function startServer(dataDir: string, port: number, crash?: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      STATIC_DIR: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PROVIDER_TIMEOUT_MS: '200',
      WALLET_TEST_CRASH: crash ?? '',
    },
    stdio: 'ignore',
  });
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/docs/json`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function api(
  port: number,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ token?: string; wallet?: { amount: number } }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'x-wallet-client': 'member', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { token?: string; wallet?: { amount: number } };
}

describe('a server killed in the middle of a transfer (SQLite file)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-crash-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function balances() {
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const rows = await database.db.selectFrom('ledger_accounts').select(['code', 'balance']).execute();
      const intents = await database.db.selectFrom('transfer_intents').select(['id', 'status']).orderBy('id').execute();
      const problems = await checkLedger(database.db);
      return { of: (code: string) => Number(rows.find((r) => r.code === code)?.balance ?? 0), intents, problems };
    } finally {
      await database.close();
    }
  }

  it('finishes or reverses the open transfer at the next start, nothing lost or doubled', async () => {
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    await migrate(database);
    await seed(database, { variant: 'th' });
    await runCommand({ database, config: loadConfig({ DATA_DIR: dataDir }) }, ['deposit', '0812345678', '500'], () => undefined);
    await database.close();

    // 1. killed after the debit, before the provider heard of it: the money goes back to the wallet
    let server = await startServer(dataDir, port, 'after-debit');
    let token = (await api(port, 'POST', '/api/login', undefined, { username: '0812345678', password: 'demo1234' })).token as string;
    await api(port, 'GET', '/api/wallet/activate/PG', token);
    await expect(api(port, 'POST', '/api/wallet/transfer', token, { from: 'WALLET', to: 'PG', amount: 100 })).rejects.toThrow();
    await exited(server);
    let after = await balances();
    expect(after.intents).toEqual([{ id: 1, status: 'open' }]);
    expect(after.of('wallet:1')).toBe(40_000);

    server = await startServer(dataDir, port, 'after-provider');
    after = await balances();
    expect(after.intents).toEqual([{ id: 1, status: 'compensated' }]);
    expect([after.of('wallet:1'), after.of('game:1:PG')]).toEqual([50_000, 0]);
    expect(after.problems).toEqual([]);

    // 2. killed after the provider took the money, before we settled: the game keeps it
    token = (await api(port, 'POST', '/api/login', undefined, { username: '0812345678', password: 'demo1234' })).token as string;
    await expect(api(port, 'POST', '/api/wallet/transfer', token, { from: 'WALLET', to: 'PG', amount: 100 })).rejects.toThrow();
    await exited(server);
    expect((await balances()).intents.at(-1)).toEqual({ id: 2, status: 'open' });

    server = await startServer(dataDir, port);
    after = await balances();
    expect(after.intents.at(-1)).toEqual({ id: 2, status: 'settled' });
    expect([after.of('wallet:1'), after.of('game:1:PG')]).toEqual([40_000, 10_000]);
    expect(after.problems).toEqual([]);
    const wallet = await api(port, 'GET', '/api/wallet', token);
    expect(wallet.wallet?.amount).toBe(400);
    server.kill('SIGTERM');
    await exited(server);
  }, 90_000);
});
