import type { Page } from '@playwright/test';
import { acceptAgreement, expect, freshPhone, operator, registerByApi, savedKey, signIn, test, useEnglish } from './support';

const PASSWORD = 'spin-pass1';
const SCREENS = 'test-results/e2e-artifacts/screens';

/** A wheel that always lands on 25 baht: the other slices are shown but have weight 0 (never drawn). */
const WHEEL = {
  name: { th: 'วงล้อทดสอบ', la: 'ວົງລໍ້ທົດສອບ', en: 'Test wheel' },
  slices: [
    {
      code: 'E2E25',
      label: { th: '25 บาท', la: '25 ບາດ', en: '25 baht' },
      html: { th: '<p>เงินสด 25 บาทเข้ากระเป๋า</p>', la: '<p>ເງິນສົດ 25 ບາດເຂົ້າກະເປົາ</p>', en: '<p>25 baht cash to your wallet</p>' },
      bgColor: '#C62828',
      textColor: '#FFFFFF',
      weight: 1,
      prize: { type: 'cash', amount: 25 },
    },
    {
      code: 'TRY',
      label: { th: 'ลองใหม่', la: 'ລອງໃໝ່', en: 'Try again' },
      bgColor: '#37474F',
      textColor: '#FFFFFF',
      weight: 0,
      prize: { type: 'nothing' },
    },
    {
      code: 'E2E100',
      label: { th: '100 บาท', la: '100 ບາດ', en: '100 baht' },
      bgColor: '#F0B400',
      textColor: '#1D1500',
      weight: 0,
      prize: { type: 'cash', amount: 100 },
    },
    {
      code: 'TRY2',
      label: { th: 'ลองใหม่', la: 'ລອງໃໝ່', en: 'Try again' },
      bgColor: '#1565C0',
      textColor: '#FFFFFF',
      weight: 0,
      prize: { type: 'nothing' },
    },
  ],
};

async function openWheel(page: Page, coins: string) {
  await page
    .getByRole('navigation', { name: 'Wallet actions' })
    .getByRole('button', { name: `Spin wheel ${coins}` })
    .click();
}

test('spin the wheel from the home, win a coupon, claim it into the wallet, and see it on the statement', async ({ page }) => {
  // this spec's own wheel, whatever the others did to it
  operator('wheel', 'set', JSON.stringify(WHEEL));
  operator('wheel', 'on');
  const phone = freshPhone();
  await useEnglish(page);
  await registerByApi(page.request, {
    phone,
    name: 'Spin Player',
    password: PASSWORD,
    bankCode: 'SCB',
    firstName: 'spin',
    lastName: 'player',
  });
  operator('coins', 'grant', phone, '3');
  // a deposit's coin waits until the deposit is played (issue 19): shown apart, not counted or spent
  operator('deposit', phone, '100');
  await signIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page);
  await expect(page.locator('.balance')).toHaveText('100.00');

  // the widget shows the coins; the wheel opens with its slices
  await openWheel(page, '3 coins');
  const modal = page.getByRole('dialog', { name: 'Test wheel' });
  await expect(modal.getByRole('img', { name: 'Prize wheel with: 25 baht, Try again, 100 baht, Try again' })).toBeVisible();
  await expect(modal.getByText('You have 3 coins')).toBeVisible();
  await expect(
    modal.getByText('1 coin is waiting for play: bet 100.00 baht more to receive it. A withdrawal before then cancels it.'),
  ).toBeVisible();
  const box = await modal.locator('.wheel').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(0.85 * 360 + 1);
  await page.screenshot({ path: `${SCREENS}/spin-wheel.png` });

  await modal.getByRole('button', { name: 'Spin (1 coin)' }).click();
  await expect(modal.getByRole('button', { name: 'Spinning…' })).toBeDisabled();
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: `${SCREENS}/spin-turning.png` });
  const prize = page.getByRole('dialog', { name: 'Congratulations, you received a coupon' });
  // the wheel turns for up to 5 s first
  await expect(prize).toBeVisible({ timeout: 30_000 });
  await expect(prize).toContainText('25 baht');
  await expect(prize).toContainText('25 baht cash to your wallet');
  await expect(modal.getByRole('status').filter({ hasText: 'The wheel stopped on 25 baht: you won a coupon.' })).toBeAttached();
  await page.screenshot({ path: `${SCREENS}/spin-prize.png` });
  await prize.getByRole('button', { name: 'OK' }).click();
  await expect(prize).toBeHidden();
  // keyboard users go on from Spin (disabled, so not focused, while the wheel turned)
  await expect(modal.getByRole('button', { name: 'Spin (1 coin)' })).toBeFocused();
  await expect(modal.getByText('You have 2 coins')).toBeVisible();

  // the coupon, claimed after a confirmation
  const coupons = modal.getByRole('region', { name: 'Your coupons' });
  await coupons.getByRole('button', { name: 'Claim 25 baht' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/spin-coupons.png` });
  await coupons.getByRole('button', { name: 'Claim 25 baht' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Claim this prize?' });
  await expect(confirm).toContainText('25 baht: 25.00 baht goes to your wallet.');
  await confirm.getByRole('button', { name: 'Claim prize' }).click();
  const received = page.getByRole('alertdialog', { name: 'Prize received' });
  await expect(received).toContainText('25.00 baht is in your wallet.');
  await received.getByRole('button', { name: 'OK' }).click();
  await expect(coupons.getByText('Claimed')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(modal).toBeHidden();
  await expect(page.locator('.balance')).toHaveText('125.00');
  await expect(page.getByRole('button', { name: 'Spin wheel 2 coins' })).toBeVisible();

  // the statement's line for the prize
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/user\/statement$/);
  const line = page.locator('.statement-row').filter({ hasText: 'Spin wheel prize · Test wheel: 25 baht' });
  await expect(line).toContainText('+25.00');

  // Thai and Lao at 360 px
  for (const [locale, spin] of [
    ['th', 'หมุนวงล้อ 2 เหรียญ'],
    ['la', 'ໝຸນວົງລໍ້ 2 ຫຼຽນ'],
  ] as const) {
    await page.getByLabel(/Language|ภาษา|ພາສາ/).selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'la' ? 'lo' : 'th');
    await expect.poll(() => savedKey(page, 'locale')).toBe(locale); // the choice is in IndexedDB before the page loads again
    await page.goto('/user/home');
    await page.getByRole('button', { name: spin }).click();
    await expect(page.locator('.wheel')).toBeVisible();
    await expect(page.locator('.coupon-table')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/spin-wheel-${locale}.png` });
    await page.locator('.coupon-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/spin-coupons-${locale}.png` });
    await page.keyboard.press('Escape');
    await expect(page.locator('.wheel')).toBeHidden();
  }
});
