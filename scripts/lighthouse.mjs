// `npm run lighthouse`: Lighthouse 11 (mobile defaults: emulated phone, simulated slow 4G and CPU)
// against the built site, served by the real server on its own port (LIGHTHOUSE_PORT, default 8282)
// with a fresh database in a temporary directory. Compiles the server when a source is newer than its
// build (as `npm start` does); the site it does not build: run `npm run build` first.
// Prints every category and the paint timings of /login, /register, /forgot-password, /contact and /howto.
// It fails when a page is below 100 in Accessibility, Best Practices, SEO or PWA, or when what a page sends fails one
// of the byte-based audits (text compression, minified scripts and styles, long cache lifetimes):
// these depend on the build and the server's headers, not on the machine. Performance 95 and LCP 1.5 s are
// timings: they are printed against those targets and fail the run only with LIGHTHOUSE_TIMINGS=gate
// (on a quiet machine). The same commit's /contact went from 98 to 79-85 between two days on machines
// of this kind, with nothing of the site changed (docs/measurements.md): a timing judges the machine.
// Each page runs LIGHTHOUSE_RUNS times (default 1: what is gated does not move with the machine's load);
// a run Lighthouse itself found invalid (a page that did not load, a trace it could not read) is run
// again, up to five more times. Every run has a browser of its own (about 1 s each): a browser that
// had lost a trace's navigation start (NO_NAVSTART) lost it on every later run in CI67, three of
// /howto's in a row, and locally beside two busy cores 2 of 22 /howto runs in one browser lost it
// against 0 of 28 each in a new browser. New browsers are not immune (CI71 lost two /howto runs in a
// row). In a lost run's trace the page's new renderer process has its events only from responseEnd
// on: its navigationStart and fetchStart, written before it joined the trace, are missing (Chromium's
// race, not the page's). `npm run bench:lighthouse` runs each page 7 times and prints the medians, as
// Lighthouse advises for timings: one run's timings move with whatever else the machine is doing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSiteServer } from './site-server.mjs';
import { CHROMIUM_FLAGS, systemChromium } from './chromium.mjs';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';

// the public pages; LIGHTHOUSE_PAGES=/howto,/contact measures only those
const PAGES = process.env.LIGHTHOUSE_PAGES
  ? process.env.LIGHTHOUSE_PAGES.split(',')
  : ['/login', '/register', '/forgot-password', '/contact', '/howto'];
const MIN_SCORE = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, pwa: 100 };
const MAX_LCP_MS = 1500;
/** The scores that are timings: reported against MIN_SCORE and MAX_LCP_MS, judged only when asked. */
const TIMINGS = new Set(['performance']);
const JUDGE_TIMINGS = process.env.LIGHTHOUSE_TIMINGS === 'gate';
/** Performance audits decided by the bytes a page sends, not by how fast the machine runs it: each must pass. */
// (the image audits are not among them: they weigh an image against the size it was drawn at when
// measured, and /howto's poster failed uses-responsive-images in one CI run of seven)
const SENT_AUDITS = ['uses-text-compression', 'unminified-javascript', 'unminified-css', 'uses-long-cache-ttl'];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
/** Runs Lighthouse found invalid are run again, up to this many more per page. */
const RETRIES = 5;

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('lighthouse: no build in dist/; run "npm run build" first');
  process.exit(1);
}
const port = Number(process.env.LIGHTHOUSE_PORT ?? 8282);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-lighthouse-'));

const site = await startSiteServer({ port, dataDir });

const ms = (audit) => (audit?.numericValue === undefined ? '-' : `${Math.round(audit.numericValue)} ms`);

/**
 * A run that has not answered in this long is given up (LIGHTHOUSE_RUN_LIMIT_MS): its browser is killed
 * and the run counts as invalid, so it is run again like one Lighthouse found invalid. A run takes
 * 10-30 s; CI130 (2026-12-01) had one wait 20 minutes on a browser still at about:blank, no page
 * loaded, and Lighthouse's own limits (45 s for a page's load) never fired.
 */
const RUN_LIMIT_MS = Number(process.env.LIGHTHOUSE_RUN_LIMIT_MS) || 180_000;

/** One Lighthouse run in a browser of its own, closed after it whatever happened. */
async function measure(url) {
  const chrome = await chromeLauncher.launch({ chromePath: systemChromium, chromeFlags: CHROMIUM_FLAGS });
  let timer;
  const run = lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(MIN_SCORE) });
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve(gaveUp(`no answer in ${Math.round(RUN_LIMIT_MS / 1000)} s`)), RUN_LIMIT_MS);
  });
  try {
    // a run given up on still ends (its browser killed below): its answer is not wanted, its failure not an error
    run.catch(() => {});
    return await Promise.race([run, timedOut]);
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

/** A run with no result, in the shape the rest reads: no audits, so never valid. */
function gaveUp(message) {
  return { lhr: { runtimeError: { code: 'RUN_TIMED_OUT', message }, audits: {}, categories: {} }, report: '' };
}

async function main() {
  await site.up();
  const failures = [];
  for (const page of PAGES) {
    const results = [];
    for (let run = 0, retries = 0; run < RUNS; run++) {
      const result = await measure(`${base}${page}`);
      results.push(result);
      if (filterToValidRuns([result.lhr]).length > 0) continue;
      if (retries < RETRIES) {
        retries++;
        run--;
        console.log(`${page.padEnd(10)} a run was not valid (${result.lhr.runtimeError?.code ?? 'invalid'}): run again`);
      }
    }
    for (const r of results) if (r.lhr.runtimeError) console.log(`${page.padEnd(10)} a run failed: ${r.lhr.runtimeError.code}`);
    const valid = filterToValidRuns(results.map((r) => r.lhr));
    if (!valid.length) {
      failures.push(`${page}: no run of ${results.length} measured the page`);
      continue;
    }
    const median = computeMedianRun(valid);
    const result = results.find((r) => r.lhr === median) ?? results[0];
    const each = (id) => results.map((r) => ms(r.lhr.audits[id])).join(' / ');
    if (results.length > 1)
      console.log(
        `${page.padEnd(10)} runs: FCP ${each('first-contentful-paint')}; LCP ${each('largest-contentful-paint')}; ` +
          `TBT ${each('total-blocking-time')}; benchmark index ${results.map((r) => r.lhr.environment?.benchmarkIndex ?? '-').join(' / ')}`,
      );
    const { categories, audits } = result.lhr;
    // LIGHTHOUSE_REPORT_DIR=dir keeps each page's full report (JSON) for a closer look
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.slice(1) || 'root'}.json`), result.report);
    }
    if (result.lhr.runtimeError) failures.push(`${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    // each threshold is held against the median of the valid runs, one number at a time
    const mid = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const scores = Object.fromEntries(
      Object.keys(MIN_SCORE).map((id) => [id, mid(valid.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)))]),
    );
    console.log(
      `${page.padEnd(10)} ${valid.length > 1 ? `(median of ${valid.length}) ` : ''}${Object.entries(scores)
        .map(([id, s]) => `${id} ${s}`)
        .join(', ')}`,
    );
    console.log(
      `${''.padEnd(10)} FCP ${ms(audits['first-contentful-paint'])}, LCP ${ms(audits['largest-contentful-paint'])}, ` +
        `Speed Index ${ms(audits['speed-index'])}, TBT ${ms(audits['total-blocking-time'])}, ` +
        `CLS ${audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '-'}, TTI ${ms(audits.interactive)}`,
    );
    const below = (text) => {
      if (JUDGE_TIMINGS) failures.push(text);
      else console.log(`${''.padEnd(10)} timing below its target (reported, not judged): ${text}`);
    };
    for (const [id, min] of Object.entries(MIN_SCORE)) {
      if (scores[id] >= min) continue;
      const lost = categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${audits[ref.id].displayValue ?? audits[ref.id].score})`);
      const text = `${page}: ${id} ${scores[id]} < ${min}: ${lost.join(', ')}`;
      if (TIMINGS.has(id)) below(text);
      else failures.push(text);
    }
    const lcp = mid(valid.map((lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity));
    if (lcp > MAX_LCP_MS) below(`${page}: LCP ${Math.round(lcp)} ms > ${MAX_LCP_MS} ms`);
    // each run sends the same bytes: every run must pass these
    for (const id of SENT_AUDITS) {
      const failed = valid.filter((lhr) => lhr.audits[id] && lhr.audits[id].score !== null && lhr.audits[id].score < 1);
      if (failed.length) failures.push(`${page}: ${id} fails (${failed[0].audits[id].displayValue ?? failed[0].audits[id].score})`);
      if (valid.every((lhr) => !lhr.audits[id])) failures.push(`${page}: Lighthouse ran no ${id} audit`);
    }
  }
  if (failures.length) {
    console.error(`lighthouse: below the thresholds:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (err) {
  console.error('lighthouse:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await site.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  // a run given up on may leave a socket to its killed browser open for a while: it does not hold the exit
  setTimeout(() => process.exit(), 10_000).unref();
}
