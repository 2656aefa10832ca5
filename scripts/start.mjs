// `npm start`: build the PWA when the sources are newer than the build, then run the one server
// process (site, /api, socket.io) in the foreground. Configuration: see README (PORT, DATA_DIR, ...).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt, newestMtime, SERVER_MAIN } from './build-server.mjs';
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
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
