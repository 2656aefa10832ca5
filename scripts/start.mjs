// `npm start`: build the PWA when the sources are newer than the build, then run the one server
// process (site, /api, socket.io) in the foreground, and beside it, for the demo, the sandbox game
// provider's bridge (scripts/game-sandbox.mjs). Configuration: see README (PORT, DATA_DIR, ...).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt, GAME_SANDBOX, newestMtime, OPERATOR_CLI, SERVER_MAIN } from './build-server.mjs';
import { sandboxBridge } from './game-sandbox.mjs';
import { buildSite, siteStamp } from './build-site.mjs';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const built = path.join(root, 'dist', 'index.html');
const inputs = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json', 'scripts/prerender.ts'];

const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const variantStamp = path.join(root, 'dist', '.variant');
const variant = process.env.VARIANT === 'la' ? 'la' : 'th';
// the bundle carries the gift-link secret (vite.config.ts takes GIFTLINK_SECRET): a new one needs a new build
const stamp = siteStamp(variant);
const builtVariant = fs.existsSync(variantStamp) ? fs.readFileSync(variantStamp, 'utf8') : '';
const serverOnly = process.argv.includes('--server-only');
if (!serverOnly && (!builtAt || builtVariant !== stamp || newestMtime(inputs.map((i) => path.join(root, i))) > builtAt)) {
  console.log(`building the site (variant ${variant})...`);
  // a new release, switched to at once (scripts/build-site.mjs)
  buildSite({ variant, logLevel: 'warn' });
}

// the server runs as JavaScript (build/, scripts/build-server.mjs), compiled again when a source changed
if (await ensureServerBuilt()) console.log('server compiled to build/');

// the demo's game provider: the sandbox bridge, a process of its own with its own books (scripts/game-sandbox.mjs)
const bridge = sandboxBridge();
let games;
let stopping = false;
if (bridge) {
  if (!fs.existsSync(bridge.books)) {
    // the books of a release before the bridge (tables of the wallet's database) carried over, once
    const fresh = process.env.DATABASE_URL
      ? !(await holdsSandboxBooks(process.env.DATABASE_URL))
      : !fs.existsSync(path.join(path.resolve(process.env.DATA_DIR || 'data'), 'postgres'));
    if (fresh) fs.writeFileSync(bridge.books, '', { mode: 0o600 });
    else {
      const exported = spawnSync(process.execPath, [OPERATOR_CLI, 'games', 'export-sandbox', bridge.books], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, GAME_PROVIDER: 'sandbox' },
      });
      if (exported.status !== 0) process.exit(exported.status ?? 1);
    }
  }
  const startGames = () => {
    games = spawn(process.execPath, ['--enable-source-maps', GAME_SANDBOX], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...bridge.bridgeEnv },
    });
    const startedAt = Date.now();
    // a crash of the provider is a provider down: the server copes, and it is started again; one that
    // cannot start at all (its port taken, exit code 2) is said once and left down
    games.on('exit', (code) => {
      if (stopping) return;
      if (code === 2 && Date.now() - startedAt < 10_000) {
        console.error('game sandbox could not start (above): the games answer as a provider that is down');
        return;
      }
      console.error(`game sandbox exited (${code}); starting it again in 1 s`);
      setTimeout(() => stopping || startGames(), 1000);
    });
  };
  startGames();
  // answering before the server starts: a member's first game is never the bridge's start-up (one that
  // could not start is not waited for)
  for (let i = 0; i < 100 && games.exitCode === null; i += 1) {
    const up = await fetch(`${bridge.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether the Postgres of DATABASE_URL has the in-process sandbox's tables of a release before the bridge. */
async function holdsSandboxBooks(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const found = await client.query(`select to_regclass('sandbox_game_accounts') is not null as here`);
    return found.rows[0]?.here === true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...bridge?.serverEnv },
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
    games?.kill(signal);
  });
server.on('exit', (code, signal) => {
  stopping = true;
  games?.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
