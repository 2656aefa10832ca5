// Compiles the server and the operator CLI (server/src, contract/) to plain JavaScript under build/server/
// (esbuild: our code and a few pure-JavaScript packages in one file per entry, so the slip reader's code
// finds its worker file beside it), so `npm start` and `npm run operator` run node on JavaScript, not TypeScript
// compiled at every start (tsx stays for `npm run dev` and the tests). Types are checked by
// `npm run typecheck`, not here: esbuild only strips them (type-only imports are marked, verbatimModuleSyntax).
// Run alone (`node scripts/build-server.mjs`) or through `npm run build`; `ensureServerBuilt` rebuilds
// only when a source is newer than the last build.
// Each build goes to a new directory build/releases/<id>/ and build/server is then pointed at it in one
// rename (build-site.mjs's activate), so a build on a live box (an `npm run operator` after a pull) never
// takes main.js or a worker's file from under running instances: each keeps its own release (Node runs
// main.js by its real path, and a worker pool finds its worker's file beside that) until it is restarted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { activate, KEEP_RELEASES, pruneReleases, releaseId } from './build-site.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BUILD_DIR = path.join(root, 'build');
const SOURCES = ['server/src', 'contract', 'server/migrations'];
/** The frozen migrations (server/src/db/migrations.ts): each release carries the ones it was built with. */
const MIGRATIONS = path.join(root, 'server', 'migrations');
const STAMP = path.join(BUILD_DIR, '.built');
/** The current server build: a link to one of SERVER_RELEASES. */
const SERVER_LINK = path.join(BUILD_DIR, 'server');
const SERVER_RELEASES = path.join(BUILD_DIR, 'releases');
/** The entry points, each one file of build/server/ (a worker pool finds its worker's file beside itself: server/src/lib/worker-pool.ts). */
const ENTRIES = {
  main: 'server/src/main.ts',
  cli: 'server/src/operator/cli.ts',
  'slip-worker': 'server/src/adapters/slip/slip-worker.ts',
  'statement-worker': 'server/src/modules/bank-statement/statement-worker.ts',
  // the sandbox game provider, a process of its own (docs/game-provider-protocol.md)
  'game-sandbox': 'server/src/game-sandbox/main.ts',
};
export const GAME_SANDBOX = path.join(SERVER_LINK, 'game-sandbox.js');
export const SERVER_MAIN = path.join(SERVER_LINK, 'main.js');
export const OPERATOR_CLI = path.join(SERVER_LINK, 'cli.js');
/**
 * Pure-JavaScript ESM packages of hundreds of small files each: read as part of our one file instead of
 * one by one at every start. Every other package stays in node_modules as it is (native addons, worker
 * files, packages that find their own files at run time).
 */
const INLINED = ['kysely', 'typebox'];

/**
 * The newest modification time (ms; 0 for none) of these paths: a file's own, a directory's that of the
 * newest file under it that `only` keeps. What start.mjs and ensureServerBuilt compare a build's time with.
 */
export function newestMtime(paths, only = () => true) {
  let newest = 0;
  for (const p of paths) {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) continue;
    const files = stat.isDirectory()
      ? fs
          .readdirSync(p, { recursive: true })
          .map((f) => path.join(p, String(f)))
          .filter(only)
      : [p];
    for (const f of files) {
      // a file removed meanwhile counts for nothing, and a directory only through its files
      const fileStat = fs.statSync(f, { throwIfNoEntry: false });
      if (fileStat?.isFile()) newest = Math.max(newest, fileStat.mtimeMs);
    }
  }
  return newest;
}

const newestSource = () =>
  newestMtime(
    [...SOURCES.map((dir) => path.join(root, dir)), path.join(root, 'package-lock.json'), fileURLToPath(import.meta.url)],
    (f) => (f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts')) || f.startsWith(MIGRATIONS),
  );

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The release's version (package.json) and git commit (`WALLET_COMMIT`, else the checkout's HEAD, else unknown). */
function buildInfo() {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  let commit = process.env.WALLET_COMMIT || '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      commit = 'unknown'; // an install without git (a tarball)
    }
  }
  return { version, commit };
}

async function buildServer() {
  // loaded only to build: a start or an operator command with a current build does not pay for it
  const esbuild = await import('esbuild');
  const dir = path.join(SERVER_RELEASES, releaseId());
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: dir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // the map is read (JSON-parsed) at every start under --enable-source-maps: mappings only, no sources inside
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            INLINED.includes(packageOf(args.path)) ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.cpSync(MIGRATIONS, path.join(dir, 'migrations'), { recursive: true });
  // what /metrics answers as wallet_build_info{version,commit} (server/src/modules/system/build-info.ts)
  fs.writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify(buildInfo()));
  // a build/server directory of an older build becomes a release itself, and is pruned in its turn
  activate(dir, SERVER_LINK);
  pruneReleases(KEEP_RELEASES, SERVER_RELEASES, SERVER_LINK);
  fs.writeFileSync(STAMP, new Date().toISOString());
}

/** Builds when build/ is missing or older than a source; answers whether it built. */
export async function ensureServerBuilt() {
  const builtAt =
    fs.existsSync(SERVER_MAIN) && fs.existsSync(OPERATOR_CLI) ? (fs.statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0) : 0;
  if (builtAt && builtAt >= newestSource()) return false;
  await buildServer();
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = Date.now();
  await buildServer();
  console.log(`server compiled to build/ in ${Date.now() - started} ms`);
}
