// Builds the site into a new release directory and switches to it at once, so a running server never
// serves a half-written build: `vite build` and the compressed copies go to releases/<id>/, then the
// `dist` link is pointed at it by renaming a new link over the old one (rename is atomic: every request
// finds either the old release or the new one, whole). The last KEEP_RELEASES releases stay on disk:
// the server answers an older release's hashed /assets/* when the current one lacks them, so a tab
// opened before the switch still loads its chunks (server/src/modules/system/static-site.ts).
// Run by `npm run build` and by `npm start` when the sources are newer than the current release.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** What the server, the tests and the scripts read: a link to the current release. */
export const DIST = path.join(root, 'dist');
export const RELEASES = path.join(root, 'releases');
/** The current release and the ones before it whose assets open tabs may still ask for. */
export const KEEP_RELEASES = 3;

/** The variant and a hash of the gift-link secret the bundle carries (start.mjs rebuilds when either changes). */
export function siteStamp(variant, env = process.env) {
  const giftlink = createHash('sha256')
    .update(env.GIFTLINK_SECRET || env.VITE_GIFTLINK_SECRET || '')
    .digest('hex')
    .slice(0, 16);
  return `${variant} ${giftlink}`;
}

/** The demo gift-link passphrase (server/src/config.ts DEMO_SECRETS): production refuses it. */
const DEMO_GIFTLINK_SECRET = 'wallet-demo-giftlink-secret';

/**
 * Why a production build (NODE_ENV=production) must not go out: the bundle carries the gift-link
 * passphrase, so a site built without the server's GIFTLINK_SECRET (the demo one) fails every gift-link
 * deposit on a production server. One line per problem; none outside production.
 */
export function buildProblems(env = process.env) {
  if (env.NODE_ENV !== 'production') return [];
  const secret = env.GIFTLINK_SECRET || env.VITE_GIFTLINK_SECRET || '';
  const fix = "build with the server's environment (set -a; . /etc/wallet/wallet.env; set +a; npm run build)";
  if (!secret) return [`GIFTLINK_SECRET is not set, so the site would carry the demo gift-link passphrase: ${fix}`];
  if (secret === DEMO_GIFTLINK_SECRET) return [`GIFTLINK_SECRET is the demo default, which production refuses: ${fix}`];
  if (secret.length < 16) return [`GIFTLINK_SECRET is shorter than 16 characters, which production refuses: ${fix}`];
  return [];
}

/** A new release's name: sortable by time, unique across builds started in the same millisecond. */
export const releaseId = () => `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${randomBytes(3).toString('hex')}`;

/**
 * Points `dist` at `releaseDir` in one rename. A `dist` that is still a directory (a build from before
 * releases) becomes a release itself first, so its assets stay served too.
 */
export function activate(releaseDir, dist = DIST) {
  const stat = fs.lstatSync(dist, { throwIfNoEntry: false });
  if (stat?.isDirectory()) fs.renameSync(dist, path.join(path.dirname(releaseDir), `0-previous-${releaseId()}`));
  const next = `${dist}.next-${process.pid}`;
  fs.rmSync(next, { force: true });
  fs.symlinkSync(path.relative(path.dirname(dist), releaseDir), next);
  fs.renameSync(next, dist);
}

/** Removes all but the newest `keep` releases; never the one `dist` points at. */
export function pruneReleases(keep = KEEP_RELEASES, releases = RELEASES, dist = DIST) {
  const current = fs.existsSync(dist) ? fs.realpathSync(dist) : '';
  const names = fs.readdirSync(releases).sort().reverse();
  for (const name of names.slice(keep)) {
    const dir = path.join(releases, name);
    if (dir !== current) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** vite build, compressed copies and the stamp into a new release, then the switch; the release's path. */
export function buildSite({ variant, env = process.env, logLevel } = {}) {
  const dir = path.join(RELEASES, releaseId());
  const run = (args, extraEnv = {}) => {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
    if (result.status !== 0) process.exit(result.status ?? 1);
  };
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  run([vite, 'build', '--outDir', dir, ...(logLevel ? ['--logLevel', logLevel] : [])], variant ? { VITE_VARIANT: variant } : {});
  run([path.join(root, 'scripts', 'compress.mjs'), dir]);
  // the variant vite.config.ts built (it reads VITE_VARIANT)
  const built = (variant ?? env.VITE_VARIANT) === 'la' ? 'la' : 'th';
  fs.writeFileSync(path.join(dir, '.variant'), siteStamp(built, env));
  activate(dir);
  pruneReleases();
  return dir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = buildProblems();
  if (problems.length) {
    for (const line of problems) console.error(`Build error: ${line}`);
    process.exit(2);
  }
  const dir = buildSite();
  console.log(`site release ${path.relative(root, dir)} is current (dist -> it); the last ${KEEP_RELEASES} are kept`);
}
