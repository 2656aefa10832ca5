// The real server on its own port and a scratch database, serving the built site: what the Lighthouse gate
// and `npm run bench:home` measure. The compiled server (build/, compiled first when a source is newer).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureServerBuilt, SERVER_MAIN } from './build-server.mjs';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

/**
 * Starts it on `port` with `dataDir` (an embedded Postgres made there) and `env` on top; answers the
 * process, its address, the environment it runs with (for the operator's commands on the same database),
 * `up()` (resolves once it answers, fails if it exits or takes over `upWithinMs`) and `stop()`.
 */
export async function startSiteServer({ port, dataDir, env = {}, upWithinMs = 60_000 }) {
  if (await ensureServerBuilt()) console.log('server compiled to build/');
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STATIC_DIR: 'dist',
    ...env,
  };
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    cwd: root,
    env: { ...serverEnv, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  async function up() {
    const until = Date.now() + upWithinMs;
    while (Date.now() < until) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const answered = await fetch(`${base}/api/docs/json`).then(
        (res) => res.ok,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server did not answer on ${base} within ${upWithinMs / 1000} s`);
  }
  async function stop() {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  }
  return { server, base, env: serverEnv, up, stop };
}
