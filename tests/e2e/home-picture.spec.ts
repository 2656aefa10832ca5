import { expect, memberOnHome, operator, test } from './support';

/**
 * Issue 38's warm start: the installed app reopened on the home shows a known balance with its time before
 * the app itself has started (src/lib/home-picture.ts), then the app's own home in its place; no picture is
 * left once the session ends on the device.
 */
test('the home reopened shows its last picture, the saved balance with its time, until the app’s home takes its place', async ({
  browser,
  baseURL,
}) => {
  // no service worker (it would serve the app's script from its cache): the script (src/main.tsx's chunk) is
  // held on its way while `held` is pending, as a slow phone has it
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // whether the app had drawn its own screen when the picture left (not its last-resort timer)
  await page.addInitScript(() => {
    const w = window as unknown as { pictureLeft?: boolean };
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n instanceof Element && n.id === 'home-picture') w.pictureLeft = !!document.querySelector('#root main .wallet-hero');
    }).observe(document, { childList: true, subtree: true });
  });
  let held = Promise.resolve();
  let release = () => undefined as void;
  let appAsked = 0;
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    appAsked++;
    await held;
    await route.continue();
  });
  const phone = await memberOnHome(page, { name: 'Picture Keeper', password: 'picture-pass1', deposit: 321 });
  const hero = page.locator('#root .wallet-hero');
  await expect(hero.locator('.balance')).toHaveText('321.00');
  const synced = (await hero.getByRole('status').innerText()).trim();
  expect(synced).toMatch(/^Updated \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
  // kept once the home has settled
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('home-picture')?.includes('321.00') ?? false), { timeout: 30_000 })
    .toBe(true);

  // the app closed; meanwhile a deposit: the server's balance is no longer the saved one
  await page.goto('about:blank');
  expect(operator('deposit', phone, '4')).toContain('deposited 4 BAHT');
  // reopened (the app's code held back): the picture is there, with the balance and the time it was synced
  held = new Promise<void>((resolve) => (release = resolve));
  const asked = appAsked;
  await page.goto('/user/home');
  const picture = page.locator('#home-picture');
  await expect(picture.locator('.balance')).toHaveText('321.00');
  await expect(picture.getByText(synced)).toBeVisible();
  await expect(picture).toHaveAttribute('aria-hidden', 'true');
  expect(appAsked).toBe(asked + 1);
  await expect(hero).toHaveCount(0);

  // the app starts: its home takes the picture's place, with the balance from the server
  release();
  await expect(picture).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pictureLeft?: boolean }).pictureLeft)).toBe(true);
  await expect(hero.locator('.balance')).toHaveText('325.00', { timeout: 30_000 });

  // signed out: nothing of the member's home is left on the device
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('home-picture'))).toBeNull();
  await context.close();
});
