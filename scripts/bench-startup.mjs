// `npm run bench:startup [-- runs]`: how long the compiled server takes from `node` to a ready instance
// (/readyz 200) on a database that already exists, and how long an operator command takes from `node` to
// its exit, each run `runs` times (default 7) on a scratch DATA_DIR. Prints min, median and max, and the
// machine's load: on a machine shared with other work the figures grow with it. A benchmark, not a test.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, SERVER_MAIN } from './build-server.mjs';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const runs = Number(process.argv[2] ?? 7);
if (!Number.isInteger(runs) || runs < 1) throw new Error('usage: npm run bench:startup [-- runs]');

if (await ensureServerBuilt()) console.log('server compiled to build/');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };

/** A free port: listen on 0 and give it back. */
async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawning the server to its first /readyz 200; the server is then stopped. */
async function startOnce() {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ready) return performance.now() - started;
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before it was ready`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

/** Milliseconds of one operator command, as `npm run operator` runs it without npm: node scripts/operator.mjs. */
function operatorOnce() {
  const started = performance.now();
  const done = spawnSync(process.execPath, ['scripts/operator.mjs', 'settings', 'get', 'providerCache'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (done.status !== 0) throw new Error(`operator command failed: ${done.stderr}`);
  return performance.now() - started;
}

const summary = (name, times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(
    `${name.padEnd(18)} min ${ms(sorted[0])}, median ${ms(sorted[Math.floor(sorted.length / 2)])}, max ${ms(sorted.at(-1))} (${runs} runs)`,
  );
};

try {
  await startOnce(); // the first start creates and seeds the database: not what is measured
  const starts = [];
  for (let i = 0; i < runs; i++) starts.push(await startOnce());
  const commands = [];
  for (let i = 0; i < runs; i++) commands.push(operatorOnce());
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  summary('start to ready', starts);
  summary('operator command', commands);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
