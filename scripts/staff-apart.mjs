// Part of `npm run size`: proves the staff console (/staff/, scripts/staff-app.ts) stays out of the member
// PWA. None of its chunks is reached from the member's page, on /login or later; none of its files is
// in the member service worker's precache; and no member file carries its code (its API paths) or its
// words (the sentences only its catalog has).
import fs from 'node:fs';
import path from 'node:path';

const STAFF_HTML = 'staff/index.html';
const isStaffKey = (key) =>
  key === STAFF_HTML ||
  key.startsWith('src/staff/') ||
  key === 'contract/staff.ts' ||
  /^src\/locales\/[^/]+\/staff(-sign-in)?\.po$/.test(key);
/** The console's catalogs (lingui.config.ts): its sign-in's words and the rest. */
const STAFF_CATALOGS = ['staff.po', 'staff-sign-in.po'];

/** Every file `keys` load, now or later (static and dynamic imports, their CSS and assets). */
function fullClosure(manifest, keys) {
  const files = new Set();
  const seenKeys = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seenKeys.has(key)) return;
    seenKeys.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

/** The sentences only the console's catalogs have (plain ones: a placeholder or a quote is written otherwise in a bundle). */
function staffOnlyWords(root) {
  const locales = path.join(root, 'src', 'locales');
  const strings = (file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/^msg(?:id|str) "(.+)"$/gm)].map((m) => m[1]).filter((s) => !/[{}<>"\\]/.test(s));
  const memberText = fs
    .readdirSync(locales)
    .flatMap((locale) =>
      fs
        .readdirSync(path.join(locales, locale))
        .filter((f) => !STAFF_CATALOGS.includes(f))
        .map((f) => path.join(locales, locale, f)),
    )
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  return [
    ...new Set(
      ['th', 'en']
        .flatMap((locale) => STAFF_CATALOGS.flatMap((catalog) => strings(path.join(locales, locale, catalog))))
        .filter((s) => s.length >= 12 && !memberText.includes(s)),
    ),
  ];
}

/**
 * Problems found, as sentences (empty: the apps are apart). `loginFiles`: what /login loads.
 * `root`: the project (for the catalogs).
 */
export function staffApart({ dist, manifest, loginFiles, root }) {
  const problems = [];
  if (!manifest[STAFF_HTML]) return [`${STAFF_HTML} is not in the build manifest (vite.config.ts input?)`];
  const member = fullClosure(manifest, ['index.html']);
  const staffOwn = new Set(
    Object.entries(manifest)
      .filter(([key]) => isStaffKey(key))
      .flatMap(([, chunk]) => [chunk.file, ...(chunk.css ?? [])]),
  );
  const staffOnly = new Set([...fullClosure(manifest, [STAFF_HTML]), ...staffOwn].filter((f) => !member.has(f)));
  for (const file of staffOwn) {
    if (loginFiles.has(file)) problems.push(`the staff console's ${file} is loaded by /login`);
    else if (member.has(file)) problems.push(`the staff console's ${file} is reached from the member app`);
  }
  // installing from /staff/ must not install the member app (whose manifest vite-plugin-pwa adds to every page)
  if (/rel="manifest"/.test(fs.readFileSync(path.join(dist, STAFF_HTML), 'utf8')))
    problems.push(`${STAFF_HTML} links the member app's manifest`);
  const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const precached = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]));
  if (precached.size === 0) problems.push('no precache list found in sw.js (the check would prove nothing)');
  for (const file of [STAFF_HTML, ...staffOnly]) if (precached.has(file)) problems.push(`the member service worker precaches ${file}`);
  const words = staffOnlyWords(root);
  const markers = ['/api/staff', ...words];
  for (const file of new Set([...member, ...loginFiles, ...[...precached].filter((f) => f.endsWith('.js'))])) {
    if (!file.endsWith('.js') || !fs.existsSync(path.join(dist, file))) continue;
    const text = fs.readFileSync(path.join(dist, file), 'utf8');
    const found = markers.find((m) => text.includes(m));
    if (found) problems.push(`${file}, a file of the member app or its precache, carries the staff console's "${found}"`);
  }
  return problems;
}
