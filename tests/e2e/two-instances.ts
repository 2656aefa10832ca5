import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Two instances of the compiled server (build/server/main.js) on one new Postgres database, each on its
 * own port, serving the built site: what a support inbox across instances is tested on. The database is
 * made in the test's Postgres (TEST_DATABASE_URL, as .ci/run starts it) and dropped after. Both share one
 * GAME_SECRET_KEY, as the deploy kit asks of every instance.
 */
export interface Instances {
  urls: [string, string];
  databaseUrl: string;
  logs: string[];
  /** An operator command on this database (`node scripts/operator.mjs`). */
  operator(...args: string[]): string;
  stop(): Promise<void>;
}

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://wallet:wallet@127.0.0.1:5432/wallet_test';

/** Whether a Postgres answers (CI requires one: REQUIRE_POSTGRES=1 makes a missing one fail, not skip). */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const LISTENING = /"msg":"wallet site and API on (http:\/\/[^\s"]+)/;

function start(env: Record<string, string>, log: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'build/server/main.js'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`an instance did not start in 60 s:\n${out}`)), 60_000);
    const take = (chunk: Buffer) => {
      out += chunk.toString();
      fs.appendFileSync(log, chunk);
      const url = LISTENING.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`an instance ended (${code}) before it listened:\n${out}`));
    });
  });
}

export async function twoInstances(ports: [number, number]): Promise<Instances> {
  const name = `wallet_inbox_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join('test-results', 'inbox-'));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    GAME_SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'info',
    VARIANT: 'th',
    SETTINGS_REFRESH_MS: '200',
    HOST: '127.0.0.1',
  };
  const logs = ports.map((port) => path.join(dataDir, `instance-${port}.log`));
  // the first starts alone: it migrates and seeds (the demo member), the second finds it done
  const first = await start({ ...env, PORT: String(ports[0]) }, logs[0]!);
  const second = await start({ ...env, PORT: String(ports[1]) }, logs[1]!);
  const children = [first.child, second.child];
  return {
    urls: [first.url, second.url],
    databaseUrl,
    logs,
    operator: (...args: string[]) =>
      execFileSync(process.execPath, ['scripts/operator.mjs', ...args], { env: { ...process.env, ...env }, encoding: 'utf8' }),
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      const drop = new pg.Client({ connectionString: PG_URL });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
