// `npm run bench:lighthouse-ab -- <url> <url> …`: Lighthouse 11's performance (mobile defaults) of pages already
// served, measured in turn, one run each per round (LIGHTHOUSE_RUNS rounds, default 7), each run in a browser of
// its own; prints each page's median total blocking time, score and FCP with every run's. For comparing two
// builds or two settings of one build served side by side (two servers, two ports): taken in turn, both meet the
// same moments of the machine, which moves one page's blocking time from 44 to 488 ms between runs
// (docs/measurements.md). `SOURCEMAP=1 npm run build` builds the site with source maps, for reading traces.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, systemChromium } from './chromium.mjs';

const urls = process.argv.slice(2);
if (!urls.length) {
  console.error('bench:lighthouse-ab: name the pages to measure, e.g. http://127.0.0.1:8383/contact http://127.0.0.1:8384/contact');
  process.exit(2);
}
const rounds = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 7));
const results = new Map(urls.map((url) => [url, { tbt: [], score: [], fcp: [], invalid: 0 }]));

for (let round = 0; round < rounds; round++)
  for (const url of urls) {
    const chrome = await chromeLauncher.launch({ chromePath: systemChromium, chromeFlags: CHROMIUM_FLAGS });
    const r = results.get(url);
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (lhr.runtimeError) r.invalid++;
      else {
        r.tbt.push(lhr.audits['total-blocking-time'].numericValue);
        r.score.push(Math.round(lhr.categories.performance.score * 100));
        r.fcp.push(lhr.audits['first-contentful-paint'].numericValue);
      }
    } finally {
      chrome.kill();
    }
  }

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [url, r] of results) {
  if (!r.tbt.length) {
    console.log(`${url}: no valid run (${r.invalid} invalid)`);
    continue;
  }
  const each = (values) => values.map((v) => Math.round(v)).join(' ');
  console.log(
    `${url}: performance ${median(r.score)} [${each(r.score)}], TBT ${Math.round(median(r.tbt))} ms [${each(r.tbt)}], ` +
      `FCP ${Math.round(median(r.fcp))} ms${r.invalid ? `; ${r.invalid} invalid runs` : ''}`,
  );
}
// a killed browser's socket may hold the process for a while
setTimeout(() => process.exit(), 1000).unref();
