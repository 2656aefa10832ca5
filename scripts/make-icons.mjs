// Renders public/icons/favicon.svg's design into the PNG icons the manifest lists, with Chromium.
// Run once after changing the design: node scripts/make-icons.mjs (needs /usr/bin/chromium or CHROME_PATH).
import { chromium } from '@playwright/test';

const wallet = (pad) => `
  <rect x="${12 + pad}" y="${18 + pad}" width="${40 - 2 * pad}" height="${30 - 2 * pad * 0.75}" rx="6" fill="#f0b400"/>
  <rect x="${36 - pad}" y="${27 + pad * 0.25}" width="${16 - pad}" height="12" rx="4" fill="#101828"/>
  <circle cx="${42 - pad}" cy="${33 + pad * 0.25}" r="2.5" fill="#f0b400"/>`;
const svg = (size, maskable) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" ${maskable ? '' : 'rx="14"'} fill="#101828"/>${wallet(maskable ? 4 : 0)}</svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<body style="margin:0;background:transparent">${svg(size, maskable)}</body>`);
  await page.locator('svg').screenshot({ path: `public/icons/${name}`, omitBackground: true });
}
await browser.close();
