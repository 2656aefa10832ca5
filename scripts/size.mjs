// `npm run size`: the gzip size of the JavaScript a browser loads for /login (the entry, the public
// shell and login route chunks, the default language's catalog, and everything they import), and of
// its critical path (the entry and its static imports: what must arrive before the app starts; the
// lazily loaded chunks follow), each with a failure above its budget; the same for the staff console's
// sign-in page, which loads none of the console until someone is signed in. `npm run build` runs it, so an
// over-budget build fails.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { staffApart } from './staff-apart.mjs';

// 120 and 116 until the sign-in form worked before the app had started (src/lib/early-sign-in.ts, 2026-11-30):
// its 0.9 KB chunk and the app's reading of its answer bought about 0.3-0.9 s of the slow-phone cold sign-in
// (docs/measurements.md); 117 KB is issue 38's own bound for the critical path. 121 until the home's last
// picture (src/lib/home-picture.ts, 2026-12-01): the entry's import of it and the token's end forgetting it
// cost 0.15 KB here (nothing of it loads before a member's home) and bought 0.35-0.6 s of the warm start.
// 122 until each query's request went in a task of its own (src/lib/api.ts, 2026-12-01): 0.08 KB here, and
// /contact's blocking time in Lighthouse about halved (its score 95-97 against 99-100, the two builds in turn)
const BUDGET_KB = 123;
// the entry's own imports; the rest of the 123 KB is room for the route chunks and catalog loaded after
const CRITICAL_BUDGET_KB = 117;
const dist = path.resolve('dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('size: no dist/.vite/manifest.json; run "npm run build" first');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
// the stamp start.mjs writes: the variant, then a hash of the gift-link secret
const variant = fs.existsSync(path.join(dist, '.variant'))
  ? fs.readFileSync(path.join(dist, '.variant'), 'utf8').trim().split(' ')[0]
  : 'th';
const roots = [
  'index.html',
  'src/main.tsx',
  // imported by the app as it starts, in a task of its own (src/main.tsx): loaded on every page all the same
  'src/mount.tsx',
  'src/routes/_public.tsx?tsr-split=component',
  'src/routes/_public/login.tsx?tsr-split=component',
  `src/locales/${variant === 'la' ? 'la' : 'th'}/messages.po`,
];

/** The files `keys` load, following static imports only (dynamic imports load later, on demand). */
function staticClosure(keys) {
  const seen = new Set();
  function visit(key) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`size: ${key} is not in the build manifest (route or catalog renamed?)`);
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  }
  keys.forEach(visit);
  return seen;
}
const seen = staticClosure(roots);
// index.html's entry (src/boot.ts) imports the app (src/main.tsx) after the first paint: both are needed
// (src/mount.tsx is not: the app imports it as it starts, beside the language's words, and needs it only to
// render; it is in the route's total above)
const critical = staticClosure(['index.html', 'src/main.tsx']);

const rows = [...seen]
  .filter((f) => f.endsWith('.js'))
  .map((file) => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const kb = (n) => (n / 1024).toFixed(1);
const criticalRows = rows.filter((r) => critical.has(r.file));
const criticalTotal = criticalRows.reduce((sum, r) => sum + r.gzip, 0);
for (const r of rows) {
  console.log(`${kb(r.gzip).padStart(7)} KB gzip  ${kb(r.raw).padStart(7)} KB  ${critical.has(r.file) ? '*' : ' '} ${r.file}`);
}
console.log(
  `login critical path (* the entry, the app it starts and their static imports): ${kb(criticalTotal)} KB gzip (${criticalTotal} bytes of ${CRITICAL_BUDGET_KB * 1024}) in ${criticalRows.length} files (budget ${CRITICAL_BUDGET_KB} KB)`,
);
console.log(`login route JavaScript: ${kb(total)} KB gzip (${total} bytes) in ${rows.length} files (budget ${BUDGET_KB} KB)`);
let failed = false;
const criticalOver = criticalTotal - CRITICAL_BUDGET_KB * 1024;
if (criticalOver > 0) {
  console.error(`size: critical path over budget by ${kb(criticalOver)} KB (${criticalOver} bytes)`);
  failed = true;
}
if (total > BUDGET_KB * 1024) {
  console.error(`size: over budget by ${kb(total - BUDGET_KB * 1024)} KB`);
  failed = true;
}
// the staff console is another app of the same build: none of it on the member's pages or in its precache
const apart = staffApart({ dist, manifest, loginFiles: seen, root: path.resolve('.') });
for (const problem of apart) console.error(`size: ${problem}`);
if (apart.length === 0) console.log('staff console: none of its files, code or words in the member app or its precache');
else failed = true;

// the console's sign-in page (issue 39): its start, the sign-in and the sign-in's words in the larger of its two
// languages; none of the console's router, query cache, screens or socket, which load once someone is signed in
const STAFF_SIGN_IN_BUDGET_KB = 90;
const staffSignIn = staticClosure(['staff/index.html']);
const signInWords = ['th', 'en'].map((locale) => gzipOf(manifest[`src/locales/${locale}/staff-sign-in.po`]?.file));
const staffSignInTotal =
  [...staffSignIn].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipOf(f), 0) + Math.max(...signInWords);
const consoleChunk = manifest['src/staff/console.tsx'];
console.log(
  `staff sign-in page JavaScript: ${kb(staffSignInTotal)} KB gzip in ${staffSignIn.size + 1} files (budget ${STAFF_SIGN_IN_BUDGET_KB} KB)`,
);
if (staffSignInTotal > STAFF_SIGN_IN_BUDGET_KB * 1024) {
  console.error(`size: the staff sign-in page is over its budget by ${kb(staffSignInTotal - STAFF_SIGN_IN_BUDGET_KB * 1024)} KB`);
  failed = true;
}
if (!consoleChunk || staffSignIn.has(consoleChunk.file)) {
  console.error('size: the staff console (src/staff/console.tsx) is not a chunk of its own loaded after the sign-in');
  failed = true;
}
if (failed) process.exit(1);

/** A built file's gzip size; a catalog missing from the build is an error (lingui.config.ts renamed it?). */
function gzipOf(file) {
  if (!file) throw new Error('size: a staff sign-in catalog is not in the build manifest (lingui.config.ts renamed?)');
  return gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
}
