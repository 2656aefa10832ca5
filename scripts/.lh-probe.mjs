import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSiteServer } from './site-server.mjs';
import { CHROMIUM_FLAGS, systemChromium } from './chromium.mjs';
const port = 8383;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lhp-'));
const site = await startSiteServer({ port, dataDir });
const pages = (process.env.PAGES ?? '/contact').split(',');
for (const p of pages) for (let i = 0; i < Number(process.env.RUNS ?? 3); i++) {
  const chrome = await chromeLauncher.launch({ chromePath: systemChromium, chromeFlags: CHROMIUM_FLAGS });
  const r = await lighthouse(`http://127.0.0.1:${port}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  await chrome.kill();
  const a = r.lhr.audits;
  console.log(p, i, 'score', r.lhr.categories.performance.score * 100, 'TBT', Math.round(a['total-blocking-time'].numericValue), 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), 'SI', Math.round(a['speed-index'].numericValue), 'TTI', Math.round(a['interactive'].numericValue));
  for (const t of a['long-tasks']?.details?.items ?? []) console.log('   long', Math.round(t.duration), Math.round(t.startTime), t.url);
  if (i === 0) {
    for (const b of a['bootup-time']?.details?.items ?? []) console.log('   boot', b.url, Math.round(b.total), Math.round(b.scripting));
    for (const b of a['mainthread-work-breakdown']?.details?.items ?? []) console.log('   main', b.groupLabel, Math.round(b.duration));
    fs.writeFileSync(`/tmp/lh/${p.replace(/\//g, '_')}.json`, r.report);
  }
}
await site.close?.();
process.exit(0);
