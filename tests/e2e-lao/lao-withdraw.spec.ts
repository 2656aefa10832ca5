import type { Page } from '@playwright/test';
import { LAO_DATA_DIR, LAO_LOG, LAO_PORT } from '../../playwright.lao.config';
import { type E2eServer, expect, operatorOn, otpFromLog, test } from '../e2e/support';

/** The Lao run's server (playwright.lao.config.ts): the operator and the OTP codes are read there. */
const LAO_SERVER: E2eServer = { dataDir: LAO_DATA_DIR, log: LAO_LOG, port: LAO_PORT, variant: 'la' };
const operator = (...args: string[]) => operatorOn(LAO_SERVER, ...args);

/** Thai script: none of it belongs in the Lao interface (issue 21). */
const THAI = /[\u0E00-\u0E7F]/;

/** What a whole kip figure looks like in Lao (grouped, no decimals), as the page's own Intl writes it. */
const kipInLao = (page: Page, value: number) =>
  page.evaluate((v) => new Intl.NumberFormat('lo-u-nu-latn', { maximumFractionDigits: 0 }).format(v), value);

/** Lao script: the interface's own text is in it, so a check that collected nothing cannot pass. */
const LAO = /[\u0E80-\u0EFF]/;

/** Baht on a kip member's screen: the sign (Thai script, but named here for the message), its code, its name in Lao or English. */
const BAHT = /฿|THB|ບາດ|\bbaht\b/i;

/**
 * The screen in Lao only, and every amount on it whole: no figure with two decimals after it ("100.000,00"),
 * and no baht (`bahtOffered`: a visitor choosing the wallet's currency is offered baht by name). Text marked
 * with a language of its own (the picker names ไทย in Thai, with lang="th") is not the interface's; the
 * document's own lang="lo" on <html> is every text's ancestor and does not count as such a mark. The text
 * read must hold Lao script, so a screen that showed nothing, or a walk that skipped everything, fails.
 */
async function laoAndWholeKip(page: Page, where: string, { bahtOffered = false } = {}): Promise<void> {
  const text = await page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el) continue;
      const tagged = el.closest('[lang]');
      if ((tagged && tagged !== document.documentElement) || el.closest('noscript, script, style')) continue;
      // what is on screen, and every choice of a select on screen
      const shown = el.tagName === 'OPTION' ? el.closest('select')?.checkVisibility() : el.checkVisibility();
      if (shown) parts.push(node.textContent ?? '');
    }
    return parts.join(' | ');
  });
  const around = (pattern: RegExp) => text.match(new RegExp(`.{0,20}(?:${pattern.source}).{0,20}`, pattern.flags))?.[0];
  expect(text, `Lao text read on ${where}`).toMatch(LAO);
  expect(around(THAI), `Thai script on ${where}`).toBeUndefined();
  // a figure and two digits after its separator: kip has no fraction (a thousands group has three digits)
  expect(around(/\d[.,]\d\d(?!\d)/), `decimals on ${where}`).toBeUndefined();
  if (!bahtOffered) expect(around(BAHT), `baht on ${where}`).toBeUndefined();
}

test('a Lao member at 360 px withdraws 200,000 kip and sees kip whole, in Lao only', async ({ page }) => {
  // the demo member of the Lao site holds kip and banks with BCEL
  operator('deposit', '0812345678', '300000');

  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await page.getByLabel('ເບີໂທລະສັບ').fill('0812345678');
  await page.getByLabel('ລະຫັດຜ່ານ').fill('demo1234');
  await page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();
  const terms = page.getByRole('dialog', { name: 'ຂໍ້ຕົກລົງການນຳໃຊ້' });
  await terms.getByRole('button', { name: 'ຍອມຮັບ' }).click();
  await expect(terms).toBeHidden();

  const before = await kipInLao(page, 300_000);
  await expect(page.getByText(before, { exact: false }).first()).toBeVisible();
  await laoAndWholeKip(page, 'home');

  // the deposit modal: the kip account, named in Lao; no Thai QR code offered to a kip wallet
  await page.getByRole('button', { name: 'ຝາກເງິນ' }).click();
  const deposit = page.getByRole('dialog', { name: 'ຝາກເງິນ' });
  // the account to transfer to (the member's own BCEL account is named above it, as the one to pay from)
  await expect(deposit.getByRole('region', { name: 'ໂອນເຂົ້າບັນຊີ' }).getByText('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ')).toBeVisible();
  await expect(deposit.getByRole('button', { name: /QR/ })).toHaveCount(0);
  await laoAndWholeKip(page, 'deposit');
  await deposit.getByRole('button', { name: 'ປິດ' }).first().click();
  await expect(deposit).toBeHidden();

  await page.getByRole('button', { name: 'ຖອນເງິນ' }).click();
  const withdraw = page.getByRole('dialog', { name: 'ຖອນເງິນ' });
  const amount = withdraw.getByLabel('ຈຳນວນເງິນ (ກີບ)');
  await expect(amount).toHaveAttribute('inputmode', 'numeric');
  // the member's account number on one line, after the bank's long Lao name (a line break after a dash read as two numbers)
  const accountNo = withdraw.getByText('123-456-7890', { exact: true });
  await expect(accountNo).toBeVisible();
  expect(await accountNo.evaluate((el) => el.getClientRects().length)).toBe(1);
  await expect(withdraw.getByText(/ຍອດເງິນໃນກະເປົາ: .*ກີບ$/)).toBeVisible();
  // a fraction of a kip is refused in Lao before anything is sent
  await amount.fill('200000.5');
  await withdraw.getByRole('button', { name: 'ຖອນເງິນ' }).click();
  await expect(withdraw.getByRole('alert')).toContainText('ກີບບໍ່ມີທົດສະນິຍົມ');
  await laoAndWholeKip(page, 'withdraw');
  await amount.fill('200000');
  await withdraw.getByRole('button', { name: 'ຖອນເງິນ' }).click();
  await expect(page.getByText('ແຈ້ງຖອນແລ້ວ ກະລຸນາລໍຖ້າການໂອນເຂົ້າບັນຊີທະນາຄານ')).toBeVisible();
  await expect(withdraw).toBeHidden();

  const after = await kipInLao(page, 100_000);
  await expect(page.getByText(after, { exact: false }).first()).toBeVisible();
  await laoAndWholeKip(page, 'home after the withdrawal');
  expect(operator('withdrawals', 'list')).toContain('200000');

  // the history lists it in whole kip
  await page.goto('/user/statement');
  const taken = await kipInLao(page, 200_000);
  await expect(page.getByText(taken, { exact: false }).first()).toBeVisible();
  await laoAndWholeKip(page, 'history');

  // finance rejects it: the open history says, in Lao, that the money is back and why (not the clerk's words)
  const id = operator('withdrawals', 'list')
    .split('\n')
    .find((line) => line.includes('0812345678') && line.includes('200000'))
    ?.split('\t')[0];
  expect(operator('withdrawal', 'reject', id!, '--reason', 'account closed at the bank', '--tell', 'account-unreachable')).toContain(
    'the member is told account-unreachable',
  );
  const rejected = page.locator('.statement-row').first();
  await expect(rejected.locator('.statement-reason')).toHaveText(
    'ບັນຊີທະນາຄານຂອງທ່ານຮັບເງິນໂອນບໍ່ໄດ້ (ປິດບັນຊີ, ຖືກອາຍັດ ຫຼື ເລກບັນຊີບໍ່ຖືກຕ້ອງ) ກະລຸນາຕິດຕໍ່ພະນັກງານ',
  );
  await expect(rejected).not.toContainText('account closed');
  await laoAndWholeKip(page, 'history after the rejection');
});

test('a Lao visitor at 360 px is told what is wrong with a phone number and registers a Lao bank, in Lao only', async ({ page }) => {
  await page.goto('/register');
  // the pre-rendered form takes input once the app runs
  await expect(page.getByRole('button', { name: 'ຕໍ່ໄປ' })).toBeEnabled();
  const phone = page.getByLabel('ເບີໂທລະສັບ');
  await phone.fill('2055512');
  await page.getByRole('button', { name: 'ຕໍ່ໄປ' }).click();
  await expect(page.getByRole('alert')).toHaveText('ເບີໂທລະສັບຕ້ອງມີ 8 ຫາ 13 ຕົວເລກ ເຊັ່ນ 02055512345');

  const number = await throughToBankStep(page);

  // the Lao banks, BCEL recommended; no Thai bank, nothing in Thai script
  const bank = page.getByLabel('ທະນາຄານ', { exact: true });
  await expect(bank.locator('option', { hasText: 'ທະນາຄານພັດທະນາລາວ' })).toHaveCount(1);
  const names = await bank.locator('option').allTextContents();
  expect(names).toContain('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ (ແນະນຳ)');
  expect(names.filter((n) => /ກະສິກອນໄທ|ກຸງໄທ|ໄທພານິດ/.test(n))).toEqual([]);
  // the wallet's currency is chosen on this step: "ບາດ (THB)" is one of the choices
  await laoAndWholeKip(page, 'the bank step', { bahtOffered: true });

  await finishRegistration(page, number, 'LDB');
});

/**
 * A visitor on /register with its form running: a new phone number (answered), its texted code, a name and a
 * password, up to the bank step.
 */
async function throughToBankStep(page: Page): Promise<string> {
  const number = `020${String(Date.now()).slice(-8)}`;
  await page.getByLabel('ເບີໂທລະສັບ').fill(number);
  await page.getByRole('button', { name: 'ຕໍ່ໄປ' }).click();
  await page.getByLabel('ລະຫັດ OTP').fill(await otpFromLog(number, { server: LAO_SERVER }));
  await page.getByRole('button', { name: 'ຢືນຢັນ' }).click();
  await page.getByLabel('ຊື່ ແລະ ນາມສະກຸນ').fill('ສົມໃຈ ດີ');
  await page.getByLabel('ລະຫັດຜ່ານ', { exact: true }).fill('secret123');
  await page.getByLabel('ຢືນຢັນລະຫັດຜ່ານ').fill('secret123');
  await page.getByRole('button', { name: 'ຕໍ່ໄປ' }).click();
  return number;
}

/** The bank step filled (`bank`'s code, an account number made from the phone's) and sent: the member is registered. */
async function finishRegistration(page: Page, number: string, bank: string): Promise<void> {
  await page.getByLabel('ທະນາຄານ', { exact: true }).selectOption(bank);
  await page.getByLabel('ເລກບັນຊີ').fill(`9${number.slice(1)}`);
  await page.getByLabel('ຊື່', { exact: true }).fill('ສົມໃຈ');
  await page.getByLabel('ນາມສະກຸນ').fill('ດີ');
  await page.getByRole('button', { name: 'ສະໝັກສະມາຊິກ' }).click();
  await expect(page.getByText('ສະໝັກສະມາຊິກສຳເລັດ ກະລຸນາເຂົ້າສູ່ລະບົບ')).toBeVisible();
}

test('a Lao visitor who chooses baht reads baht, to the satang, in Lao: the balance, withdrawing, the bonus terms', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'ຕໍ່ໄປ' })).toBeEnabled();
  const number = await throughToBankStep(page);
  await page.getByLabel('ສະກຸນເງິນ').selectOption({ label: 'ບາດ (THB)' });
  await finishRegistration(page, number, 'BCEL');

  operator('deposit', number, '3000');
  await page.getByLabel('ເບີໂທລະສັບ').fill(number);
  await page.getByLabel('ລະຫັດຜ່ານ').fill('secret123');
  await page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();
  const terms = page.getByRole('dialog', { name: 'ຂໍ້ຕົກລົງການນຳໃຊ້' });
  await terms.getByRole('button', { name: 'ຍອມຮັບ' }).click();
  await expect(terms).toBeHidden();
  await expect(page.getByText('ຍອດເງິນລວມ (ບາດ)')).toBeVisible();
  await expect(page.getByText('3,000.00', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'ຖອນເງິນ' }).click();
  const withdraw = page.getByRole('dialog', { name: 'ຖອນເງິນ' });
  await expect(withdraw.getByLabel('ຈຳນວນເງິນ (ບາດ)')).toBeVisible();
  await expect(withdraw.getByText('ຍອດເງິນໃນກະເປົາ: 3,000.00 ບາດ')).toBeVisible();
  await expect(withdraw.getByText('ຂັ້ນຕ່ຳ 100.00 ບາດ ສູງສຸດ 50,000.00 ບາດ ຕໍ່ຄັ້ງ')).toBeVisible();
  await expect(withdraw).not.toContainText('ກີບ');
  await withdraw.getByRole('button', { name: 'ປິດ' }).first().click();
  await expect(withdraw).toBeHidden();

  // the weekly bonus's terms, written by the operator in kip, are said in this member's baht (issue 38)
  await page.goto('/user/bonus');
  await page.getByRole('button', { name: /ໂບນັດປະຈຳອາທິດ/ }).click();
  const weekly = page.getByRole('dialog', { name: 'ໂບນັດປະຈຳອາທິດ' });
  await expect(weekly.getByText('ຝາກ 300 ບາດຂຶ້ນໄປ ຮັບ 100 ບາດ', { exact: false })).toBeVisible();
  await expect(weekly.getByText('ທ່ານຈະໄດ້ຮັບ 100.00 ບາດ')).toBeVisible();
  await expect(weekly).not.toContainText('ກີບ');
  expect(await weekly.innerText()).not.toMatch(THAI);
});
