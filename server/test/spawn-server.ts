import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** The compiled server and CLI, built once for the run (global-setup.ts), as production runs them. */
const BUILD = inject('serverBuild');
const NODE_ARGS = ['--enable-source-maps'];
/** main.ts's last start-up line, once app.listen has answered: it carries the address the OS gave. */
const LISTENING = /"msg":"wallet site and API on (http:\/\/[^\s"]+)/;
/** A loaded machine (CI, several test files at once) can take long to start and migrate. */
const START_MS = 90_000;

/**
 * What a production server needs to start (NODE_ENV=production refuses demo parts): real secrets and real
 * outside systems' settings (none is called at start).
 */
export const PRODUCTION_ENV: ServerEnv = {
  NODE_ENV: 'production',
  QR_CALLBACK_SECRET: 'a-real-callback-secret-0123',
  GIFTLINK_SECRET: 'a-real-giftlink-secret-0123',
  GAME_SECRET_KEY: Buffer.alloc(32, 5).toString('hex'),
  // a key pair of the tests' own (public in this repository: never a production server's)
  VAPID_PUBLIC_KEY: 'BHZTPcJ1qZrseNwpXQoR2THVeGdKiA8oxGdVPYzz2AqTC4_t8T43_QqaAqJAB2ZV4LfjgG7MILYFB64AgEq7Wpo',
  VAPID_PRIVATE_KEY: 'Jkmv7wJxbRA4sTkkdwM2iQ1S4yFqJys2h62pLyfiY3M',
  VAPID_SUBJECT: 'mailto:operator@wallet.example',
  SMS_PROVIDER: 'thaibulksms',
  THAIBULKSMS_API_KEY: 'key',
  THAIBULKSMS_API_SECRET: 'secret',
  THAIBULKSMS_SENDER: 'WALLET',
  SLIP_VERIFIER: 'easyslip',
  EASYSLIP_API_KEY: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  PAYMENT_GATEWAY: 'opn',
  OPN_SECRET_KEY: 'skey_5z0productionlivekey',
  GAME_PROVIDER: 'http',
  GAME_PROVIDER_URL: 'https://bridge.example/wallet/v1',
  GAME_PROVIDER_SECRET: 'a-real-game-bridge-secret-0123',
};

/** Scratch folders (a server's DATA_DIR), each named `prefix…`, removed after the file's tests. */
export function scratchDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}

/** What the server's environment adds to or takes from the test's own: a value of undefined removes the variable. */
export type ServerEnv = Record<string, string | undefined>;

export interface SpawnedServer {
  child: ChildProcess;
  /** Everything the process wrote so far. */
  out: { stdout: string; stderr: string };
  /** Settles with the exit code once the process ended and its output is all in `out` (null when a signal ended it). */
  exit: Promise<number | null>;
  /** True once the server says it listens; false when it ended first (or said nothing within 90 s). */
  listening: Promise<boolean>;
  /** Where it listens (`http://127.0.0.1:<port>`), once `listening` is true. */
  url: string;
  /** Ends the process (SIGTERM unless told) and waits for it; nothing when it has ended. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<SpawnedServer>();
// a test that failed before stopping its server does not leave the process behind
afterAll(async () => {
  await Promise.all([...running].map((server) => server.stop('SIGKILL')));
});

/**
 * The real server (`server/src/main.ts`, compiled) in its own process, as an operator starts it: on a port the OS
 * picks (PORT=0, read back from its listening line), no built site, the embedded Postgres of DATA_DIR
 * unless DATABASE_URL is given, info logs (the listening line is one) collected in `out`.
 */
export function spawnServer(env: ServerEnv): SpawnedServer {
  const merged: ServerEnv = { ...process.env, PORT: '0', STATIC_DIR: '', DATABASE_URL: '', ...env, LOG_LEVEL: 'info' };
  const child = spawn(process.execPath, [...NODE_ARGS, path.join(BUILD, 'main.js')], {
    cwd: root,
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  // 'close', not 'exit': the output is complete by then
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const server: SpawnedServer = {
    child,
    out,
    exit,
    url: '',
    listening: new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), START_MS);
      const done = (listens: boolean) => {
        clearTimeout(timer);
        resolve(listens);
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        out.stdout += chunk.toString();
        const address = !server.url && LISTENING.exec(out.stdout)?.[1];
        if (address) {
          server.url = address;
          done(true);
        }
      });
      void exit.then(() => done(false));
    }),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exit;
      running.delete(server);
    },
  };
  child.stderr!.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
  running.add(server);
  return server;
}

/** spawnServer, then its listening line; a server that ends or stays silent instead fails the caller with what it wrote. */
export async function startServer(env: ServerEnv): Promise<SpawnedServer> {
  const server = spawnServer(env);
  if (await server.listening) return server;
  await server.stop('SIGKILL');
  throw new Error(`server did not start:\n${server.out.stderr}${server.out.stdout}`.slice(0, 4000));
}

/**
 * The operator's command in its own process, as typed (`server/src/operator/cli.ts`, compiled), on `env`'s database
 * (the embedded Postgres of its DATA_DIR unless DATABASE_URL is given): its exit code and everything it wrote.
 */
export async function runOperatorCli(env: ServerEnv, ...args: string[]): Promise<{ code: number; out: string }> {
  const merged: ServerEnv = { ...process.env, DATABASE_URL: '', ...env };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...NODE_ARGS, path.join(BUILD, 'cli.js'), ...args], {
      cwd: root,
      env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}
