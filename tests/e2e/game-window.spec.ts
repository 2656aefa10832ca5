import { expect, memberOnHome, test } from './support';

test('the game opens with a way back', async ({ page, context }) => {
  // the installed app (display-mode standalone), which Playwright cannot emulate: matchMedia says so
  await context.addInitScript(() => {
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query.replace(/\s/g, '') === '(display-mode:standalone)'
        ? ({ ...matchMedia(query), matches: true, media: query } as MediaQueryList)
        : matchMedia(query);
  });
  await memberOnHome(page, { name: 'Window Player', password: 'window-pass1', deposit: 300 });

  await page.getByRole('button', { name: 'PG Soft: open an account' }).click();
  const slot = page.getByRole('dialog', { name: 'PG Soft' });
  await slot.getByRole('button', { name: 'Open an account' }).click();
  await expect(slot.getByRole('textbox', { name: 'Username' })).toHaveValue(/^pg\d{6}$/);

  // the game opens in a window of its own; the app stays where it was
  const opened = context.waitForEvent('page');
  await slot.getByRole('button', { name: 'Play on the web' }).click();
  const game = await opened;
  await expect(game).toHaveURL(/\/play\/PG\?u=/);
  await expect(game.locator('#balance')).toHaveText('0.00');
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(slot.getByRole('status')).toHaveText('PG Soft is open in its own window. When you finish playing, come back to this app.');
  await expect(slot.getByRole('link', { name: 'Open the game again' })).toHaveAttribute('href', game.url());

  // done playing: the member closes the game's window and the modal takes them back to the wallet
  await game.close();
  await slot.getByRole('button', { name: 'Back to my wallet' }).click();
  await expect(slot).toBeHidden();
  await expect(page.getByRole('button', { name: 'PG Soft: balance 0.00' })).toBeVisible();
  await expect(page.locator('.balance')).toHaveText('300.00');
});
