import type { Locator, Page } from '@playwright/test';
import { expect, savedQueries, serviceWorkerReady, test, useEnglish } from './support';

const TITLE = 'How to check your balance';

/** The current position of the open dialog's player, in seconds. */
const position = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** Opens the entry's player and plays it from the keyboard (the player has focus; Space plays). */
async function play(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^${TITLE}`) }).click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  const video = dialog.locator('video');
  await expect(video).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(() => position(video), { timeout: 15_000 }).toBeGreaterThan(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
  return video;
}

test('a how-to video plays, is saved whole, and plays and seeks again with the network off', async ({ page, context }) => {
  await useEnglish(page);
  await serviceWorkerReady(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'How to use' }).click();
  await expect(page.getByRole('heading', { name: 'How to use' })).toBeVisible();
  const entries = page.getByRole('list').getByRole('button');
  await expect(entries).toHaveCount(5);
  const entry = page.getByRole('button', { name: new RegExp(`^${TITLE}`) });
  await expect(entry).not.toContainText('Available offline');

  const video = await play(page);
  // the first play streams from the server; the service worker saves the whole file meanwhile
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(entry).toBeFocused();
  await expect(entry).toContainText('Available offline', { timeout: 15_000 });
  expect(await video.count()).toBe(0); // closing removed the player, and with it the playback
  await expect.poll(() => savedQueries(page)).toContain('"howto"'); // the list is saved in IndexedDB

  await context.setOffline(true);
  try {
    const navigation = await page.reload();
    expect(navigation?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'How to use' })).toBeVisible();
    await expect(entries).toHaveCount(5);
    await expect(entry).toContainText('Available offline');

    const fromCache: boolean[] = [];
    page.on('response', (r) => r.url().endsWith('/howto/balance.mp4') && fromCache.push(r.fromServiceWorker()));
    const again = await play(page);
    // a seek is a new range request, answered from the saved file
    await again.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          v.addEventListener('seeked', () => resolve(), { once: true });
          v.currentTime = 8;
        }),
    );
    await expect.poll(() => position(again), { timeout: 10_000 }).toBeGreaterThan(8.5);
    expect(await again.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
    expect(fromCache.length).toBeGreaterThan(0);
    expect(fromCache.every(Boolean)).toBe(true);
  } finally {
    await context.setOffline(false);
  }
});

test('offline, a video never watched says it is not saved, and the page does not spin', async ({ page, context }) => {
  await useEnglish(page);
  await serviceWorkerReady(page);
  await page.goto('/howto');
  await expect(page.getByRole('list').getByRole('button')).toHaveCount(5);
  await expect.poll(() => savedQueries(page)).toContain('"howto"');
  await context.setOffline(true);
  try {
    await page.reload();
    await page.getByRole('button', { name: /^How to end a bonus/ }).click();
    await expect(page.getByRole('dialog', { name: 'How to end a bonus' }).getByRole('alert')).toContainText(
      'You are offline and this video is not saved on this device.',
    );
    await expect(page.getByText('Loading…')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});
