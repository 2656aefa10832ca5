import { expect, test } from '@playwright/test';
import { registerUncheckedEngine, watchContext } from './a11y-fixture';

/**
 * The gate itself (a11y-fixture.ts), on a page of the site's origin that the test serves: a dialog with an
 * unnamed button, closed by the test's next click, long before the page is quiet for the settled check.
 * The gate checks it before that click all the same (its locator handler), and reports the button; and
 * again when the page, resized to a tablet's width, shows it once more.
 * Playwright's own `test`: the gate here is the one under test, not the one every other spec has.
 */
const PROBE = `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Gate probe</title></head><body><main><h1>Gate probe</h1>
<button type="button" id="open">Open</button></main><script>
document.getElementById('open').onclick = () => {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-label', 'Probe');
  dialog.innerHTML = '<button type="button" id="unnamed"><svg aria-hidden="true"></svg></button><button type="button" id="close">Close</button>';
  document.body.append(dialog);
  dialog.querySelector('#close').onclick = () => dialog.remove();
};
</script></body></html>`;

test('the gate checks a dialog the test answers at once, before it closes, and reports its finding', async ({
  playwright,
  browser,
  baseURL,
}) => {
  await registerUncheckedEngine(playwright);
  const origin = new URL(baseURL!).origin;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.route(`${origin}/gate-probe`, (route) => route.fulfill({ contentType: 'text/html', body: PROBE }));
    const gate = watchContext(context, origin);
    await gate.ready;
    const page = await context.newPage();
    await page.goto(`${origin}/gate-probe`);
    const openAndClose = async () => {
      await page.getByRole('button', { name: 'Open' }).click();
      await page.getByRole('dialog', { name: 'Probe' }).getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };
    await openAndClose();
    // the same dialog at a tablet's width is another screen: checked again
    await page.setViewportSize({ width: 768, height: 1024 });
    await openAndClose();
    const { findings, errors } = await gate.finish();
    expect(errors).toEqual([]);
    const found = findings.map((f) => [f.screen, f.rule, f.target]);
    expect(found).toContainEqual(['/gate-probe + dialog "Probe" at 1280 px', 'button-name', '#unnamed']);
    expect(found).toContainEqual(['/gate-probe + dialog "Probe" at 768 px', 'button-name', '#unnamed']);
  } finally {
    await context.close();
  }
});
