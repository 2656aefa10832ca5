import fs from 'node:fs';
import { addStaff, expect, firstSignIn, memberOnHome, staffInEnglish, test } from './support';

/**
 * Issue 39's reports at a desktop's and a tablet's width, through the axe gate: a finance clerk opens today's
 * report, finds the member who registered and made a first deposit today, the deposits per deposit account and
 * the staff part, and downloads the same as a CSV file. One member and one clerk: the clerk reads the report
 * at 1280 px, then at 768 px on the same device (the gate checks each screen again at the new width).
 */
test("at 1280 and 768 px: today's report counts a new member's first deposit, and downloads as CSV", async ({ page, browser }) => {
  await memberOnHome(page, { name: 'Report Reader', password: 'report-pass1', deposit: 300, firstName: 'report', lastName: 'member' });
  const clerk = addStaff('finance');
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  try {
    await staffInEnglish(desk);
    await firstSignIn(desk, clerk.username, clerk.oneTime, 'a long reports passphrase');
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 768, height: 1024 },
    ]) {
      await desk.setViewportSize(viewport);
      await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
      await expect(desk.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
      await expect(desk.getByRole('heading', { name: 'Reports', level: 1 })).toBeFocused();
      await desk.getByLabel('Period').selectOption({ label: 'Today' });

      const members = desk.getByRole('region', { name: 'New members and first deposits' });
      await expect(members.getByRole('table')).toBeVisible();
      // at least this test's member: registered today, and a first deposit today
      const counts = (await members.getByRole('row').nth(1).getByRole('cell').allTextContents()).map((c) => Number(c.replace(/\D/g, '')));
      expect(counts.filter((n) => n >= 1).length).toBeGreaterThanOrEqual(2);
      await expect(desk.getByRole('region', { name: 'Deposits per deposit account' })).toBeVisible();
      await expect(desk.getByRole('heading', { name: 'Staff', level: 2 })).toBeVisible();
      await desk.screenshot({ path: `test-results/e2e-artifacts/screens/reports-${viewport.width}.png`, fullPage: true });

      const download = desk.waitForEvent('download');
      await desk.getByRole('link', { name: 'Download CSV' }).click();
      const file = await (await download).path();
      const csv = fs.readFileSync(file, 'utf8');
      expect(csv.split('\n').length).toBeGreaterThan(2);
      expect(csv).toContain('BAHT');
    }
  } finally {
    await desk.close();
  }
});
