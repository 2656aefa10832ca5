import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { E2E_STATIC_DIR } from '../../playwright.config';
import { expect, serviceWorkerReady, test, useEnglish } from './support';

test('a new version waits for the member, then the page reloads once', async ({ page }) => {
  await useEnglish(page);
  await serviceWorkerReady(page);
  await expect(page.getByText('A new version is ready.')).toBeHidden();

  // a new build lands on the server: its service worker differs, with its compressed copies (restored
  // afterwards for the other tests; in this run's copy of the site, never dist/, which other runs serve)
  const swFile = path.resolve(E2E_STATIC_DIR, 'sw.js');
  const current = fs.readFileSync(swFile, 'utf8');
  const land = (text: string) => {
    fs.writeFileSync(swFile, text);
    fs.writeFileSync(`${swFile}.br`, brotliCompressSync(text));
    fs.writeFileSync(`${swFile}.gz`, gzipSync(text));
  };
  land(`${current}\n// next build ${Date.now()}\n`);
  try {
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(page.getByText('A new version is ready.')).toBeVisible();

    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => loads).toBe(1);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // no loop: the new worker is in charge and the page stays put
    await page.waitForTimeout(2_000);
    expect(loads).toBe(1);
    await expect(page.getByText('A new version is ready.')).toBeHidden();
  } finally {
    land(current);
  }
});
