// The sandbox game provider as a process of its own (`node build/server/game-sandbox.js`): the reference
// bridge of the game-provider protocol (docs/game-provider-protocol.md), with books of its own in a
// journal file. Never production's provider: it refuses NODE_ENV=production.
//
//   GAME_PROVIDER_SECRET     the secret shared with the wallet (at least 16 characters)
//   GAME_SANDBOX_PORT        where it listens (8091), on GAME_SANDBOX_HOST (127.0.0.1)
//   GAME_SANDBOX_PUBLIC_URL  where members' browsers reach its game pages (http://localhost:{port})
//   GAME_SANDBOX_BOOKS       its journal file (DATA_DIR/game-sandbox/books.jsonl; DATA_DIR defaults to ./data)
//   SANDBOX_LATENCY_MS       each protocol call waits this long first (another system's latency)
import path from 'node:path';
import { serveBridge } from './bridge.js';
import { FileBooks } from './file-books.js';

function fail(line: string): never {
  console.error(`game sandbox: ${line}`);
  process.exit(2);
}

const env = process.env;
if (env.NODE_ENV === 'production')
  fail("NODE_ENV=production: the sandbox provider is never a production site's games (GAME_PROVIDER_URL names a real bridge)");
const secret = env.GAME_PROVIDER_SECRET ?? '';
if (secret.length < 16) fail("GAME_PROVIDER_SECRET must be set, at least 16 characters (the same as the wallet's)");
const port = Number(env.GAME_SANDBOX_PORT || 8091);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`GAME_SANDBOX_PORT must be a port, got "${env.GAME_SANDBOX_PORT}"`);
const latencyMs = Number(env.SANDBOX_LATENCY_MS || 0);
if (!Number.isFinite(latencyMs) || latencyMs < 0)
  fail(`SANDBOX_LATENCY_MS must be a number of milliseconds, got "${env.SANDBOX_LATENCY_MS}"`);
const host = env.GAME_SANDBOX_HOST || '127.0.0.1';
const file = path.resolve(env.GAME_SANDBOX_BOOKS || path.join(env.DATA_DIR || 'data', 'game-sandbox', 'books.jsonl'));

const books = await FileBooks.open(file);
const bridge = await serveBridge({
  secret,
  books,
  port,
  host,
  publicUrl: (env.GAME_SANDBOX_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
  latencyMs,
  log: (line) => console.warn(line),
}).catch((err: NodeJS.ErrnoException) =>
  fail(
    err.code === 'EADDRINUSE'
      ? `port ${port} of ${host} is taken: set GAME_SANDBOX_PORT`
      : `cannot listen on ${host}:${port}: ${err.message}`,
  ),
);
console.log(`game sandbox: the protocol at ${bridge.url}/v1, its books in ${file}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void bridge.close().then(() => {
      books.close();
      process.exit(0);
    });
  });
