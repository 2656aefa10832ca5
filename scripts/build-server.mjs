// Compiles the server and the operator CLI (server/src, contract/) to plain JavaScript under build/server/
// (esbuild: our code and a few pure-JavaScript packages in one file per entry, so the slip reader's code
// finds its worker file beside it), so `npm start` and `npm run operator` run node on JavaScript, not TypeScript
// compiled at every start (tsx stays for `npm run dev` and the tests). Types are checked by
// `npm run typecheck`, not here: esbuild only strips them (type-only imports are marked, verbatimModuleSyntax).
// Run alone (`node scripts/build-server.mjs`) or through `npm run build`; `ensureServerBuilt` rebuilds
// only when a source is newer than the last build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const BUILD_DIR = path.join(root, 'build');
const SOURCES = ['server/src', 'contract'];
const STAMP = path.join(BUILD_DIR, '.built');
/** The entry points, each one file of build/server/ (the slip reader finds its worker beside itself). */
const ENTRIES = { main: 'server/src/main.ts', cli: 'server/src/operator/cli.ts', 'slip-worker': 'server/src/adapters/slip/slip-worker.ts' };
export const SERVER_MAIN = path.join(BUILD_DIR, 'server', 'main.js');
export const OPERATOR_CLI = path.join(BUILD_DIR, 'server', 'cli.js');
/**
 * Pure-JavaScript ESM packages of hundreds of small files each: read as part of our one file instead of
 * one by one at every start. Every other package stays in node_modules as it is (native addons, worker
 * files, packages that find their own files at run time).
 */
const INLINED = ['kysely', 'typebox'];

function sourceFiles() {
  return SOURCES.flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
      .map((f) => path.join(root, dir, f)),
  );
}

function newestSource() {
  const also = [path.join(root, 'package-lock.json'), fileURLToPath(import.meta.url)];
  return Math.max(...[...sourceFiles(), ...also].map((f) => fs.statSync(f).mtimeMs));
}

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

export async function buildServer() {
  // loaded only to build: a start or an operator command with a current build does not pay for it
  const esbuild = await import('esbuild');
  fs.rmSync(BUILD_DIR, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: path.join(BUILD_DIR, 'server'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
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
