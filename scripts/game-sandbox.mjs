// The sandbox game provider beside the demo's server: `npm start` runs it as a process of its own (the
// bridge of our game-provider protocol, docs/game-provider-protocol.md, build/server/game-sandbox.js) and
// points the server at it; `npm run operator` is pointed at the same bridge. Not when GAME_PROVIDER is set
// (a real bridge, or `sandbox` for the in-process one) nor in production, which runs no sandbox.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the demo's sandbox bridge is and the environment that points the server or the CLI at it
 * (GAME_PROVIDER=http, its URL and secret, GAME_PROVIDER_SANDBOX=1), or undefined when there is none. The
 * secret is made once per DATA_DIR (DATA_DIR/game-sandbox/bridge.json, readable by its user only).
 * Its port: GAME_SANDBOX_PORT, else the server's PORT + 1000 (8080: 9080).
 */
export function sandboxBridge(env = process.env) {
  if (env.GAME_PROVIDER || env.NODE_ENV === 'production') return undefined;
  const dir = path.join(path.resolve(env.DATA_DIR || 'data'), 'game-sandbox');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'bridge.json');
  if (!fs.existsSync(file))
    fs.writeFileSync(file, JSON.stringify({ secret: randomBytes(32).toString('hex') }), { mode: 0o600, flag: 'wx' });
  const { secret } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const port = Number(env.GAME_SANDBOX_PORT || Number(env.PORT || 8080) + 1000);
  const host = env.HOST || '127.0.0.1';
  // where the server (and start.mjs's readiness look) reach it: its host, this machine for all of them
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  // where members' browsers reach its game pages: the site's own address on the bridge's port
  const shown = new URL(env.PUBLIC_URL || `http://localhost:${env.PORT || 8080}`);
  shown.port = String(port);
  const books = path.join(dir, 'books.jsonl');
  return {
    url,
    books,
    bridgeEnv: {
      GAME_PROVIDER_SECRET: secret,
      GAME_SANDBOX_PORT: String(port),
      GAME_SANDBOX_HOST: host,
      GAME_SANDBOX_PUBLIC_URL: env.GAME_SANDBOX_PUBLIC_URL || shown.origin,
      GAME_SANDBOX_BOOKS: books,
    },
    serverEnv: {
      GAME_PROVIDER: 'http',
      GAME_PROVIDER_URL: `${url}/v1`,
      GAME_PROVIDER_SECRET: secret,
      GAME_PROVIDER_SANDBOX: '1',
    },
  };
}
