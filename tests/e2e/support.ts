import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { normaliseAccountName } from '../../contract/account-rules';
import type { OtpSendResponse } from '../../contract/otp';
import { MEMBER_EVENT, type MemberEvent } from '../../contract/member-events';
import { E2E_DATA_DIR, E2E_LOG, E2E_PORT } from '../../playwright.config';

/** One e2e server: its database folder, its log (the SMS sandbox writes the OTP codes there), its port, its variant. */
export interface E2eServer {
  dataDir: string;
  log: string;
  port: number;
  variant: 'th' | 'la';
}

/** The Thai run's server (playwright.config.ts): every helper's target unless told another. */
export const THAI_SERVER: E2eServer = { dataDir: E2E_DATA_DIR, log: E2E_LOG, port: E2E_PORT, variant: 'th' };

/**
 * Runs an operator command, as the operator would (`npm run operator`: scripts/operator.mjs compiles the
 * server again first when a source changed), on that server's database.
 */
export function operatorOn(server: E2eServer, ...args: string[]): string {
  return execFileSync(process.execPath, ['scripts/operator.mjs', ...args], {
    // the operator reaches the running server through the database only (its chat replies: chat_outbox)
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', PORT: String(server.port), VARIANT: server.variant },
    encoding: 'utf8',
  });
}

/** Runs an operator command on the Thai run's database. */
export function operator(...args: string[]): string {
  return operatorOn(THAI_SERVER, ...args);
}

/** Every code the SMS sandbox logged for this phone so far (`OTP <phone> <code>`), oldest first. */
export function codesSentTo(phone: string, server: E2eServer = THAI_SERVER): string[] {
  return [...fs.readFileSync(server.log, 'utf8').matchAll(new RegExp(`OTP ${phone} (\\d{6})`, 'g'))].map((m) => m[1]!);
}

/**
 * The last code the SMS sandbox logged for this phone, waiting until more than `after` codes were sent to
 * it (0: any), so a test that asks again reads the new code, not the one before.
 */
export async function otpFromLog(
  phone: string,
  { server = THAI_SERVER, after = 0 }: { server?: E2eServer; after?: number } = {},
): Promise<string> {
  await expect.poll(() => codesSentTo(phone, server).length).toBeGreaterThan(after);
  return codesSentTo(phone, server).at(-1)!;
}

/**
 * A phone number no other test of this run has used. Test members' bank accounts are 7 + the phone's digits
 * after the first, and a bank shows a slip's sending account masked (SCB: xxx-x-x1234-x, the phone's digits 5 to
 * 8): those digits are this run's count of phones, so two test members of one name (SLIP PAYER) never show a
 * slip the same account, which the sandbox bank's slip would match to both (CI111 met it with digits from the
 * clock). The others come from the clock. The count is kept beside the run's server log, for every spec file.
 */
export function freshPhone(): string {
  const file = `${E2E_LOG}.phones`;
  const made = (Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '0') + 1) % 10_000;
  fs.writeFileSync(file, String(made));
  const clock = String(Date.now()).slice(-4);
  return `09${clock.slice(0, 3)}${String(made).padStart(4, '0')}${clock.slice(3)}`;
}

export async function signIn(page: Page, phone: string, password: string): Promise<void> {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Starts in English so the tests read the same words whatever the build's default language is. */
export async function useEnglish(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('ภาษา').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

/** Waits until the service worker controls the page and has finished precaching. */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller || registration.active?.state !== 'activated') return false;
    const names = await caches.keys();
    return names.some((n) => n.startsWith('workbox-precache'));
  });
}

/** The agreement modal opens 1.5 s after the wallet home loads until it is accepted once (§2). */
export async function acceptAgreement(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'I accept' }).click();
  await expect(dialog).toBeHidden();
}

export interface NewMember {
  phone: string;
  name: string;
  password: string;
  bankCode: string;
  firstName: string;
  lastName: string;
}

/** Registers through the four steps, the OTP read from the SMS sandbox's log, and waits for /login. */
export async function register(page: Page, m: NewMember): Promise<void> {
  await page.goto('/register');
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByLabel('Phone number').fill(m.phone);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm with OTP' })).toBeVisible();
  await page.getByLabel('OTP code').fill(await otpFromLog(m.phone));
  await page.getByRole('button', { name: 'Verify' }).click();

  await page.getByLabel('Full name').fill(m.name);
  await page.getByLabel('Password', { exact: true }).fill(m.password);
  await page.getByLabel('Confirm password').fill(m.password);
  await page.getByLabel('How did you hear about us?').selectOption('LINE');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Bank', { exact: true }).selectOption(m.bankCode);
  await page.getByLabel('Account number').fill(`7${m.phone.slice(1)}`);
  await page.getByLabel('First name').fill(m.firstName);
  await page.getByLabel('Last name').fill(m.lastName);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').getByText('Registration complete. Please sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Registers through the API, with the calls the register page makes (the OTP sent, read from the SMS
 * sandbox's log and verified, then the account): for the specs that need a member but do not test
 * registration, which member-journey.spec.ts and invite.spec.ts test through the four steps.
 */
export async function registerByApi(request: APIRequestContext, m: NewMember): Promise<void> {
  const headers = { 'x-wallet-client': 'member' };
  const sent = await request.post('/api/otp/send', { headers, data: { phoneNumber: m.phone } });
  expect(sent.status(), await sent.text()).toBe(200);
  const { otpToken } = (await sent.json()) as OtpSendResponse;
  const verified = await request.post('/api/otp/verify', { headers, data: { otpToken, otpCode: await otpFromLog(m.phone) } });
  expect(verified.status(), await verified.text()).toBe(200);
  const created = await request.post('/api/account', {
    headers,
    data: {
      name: m.name,
      username: m.phone,
      password: m.password,
      sourceCode: 'LINE',
      bankCode: m.bankCode,
      bankAccountName: normaliseAccountName(`${m.firstName} ${m.lastName}`),
      bankAccountNo: `7${m.phone.slice(1)}`,
      otpToken,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/**
 * A new member of the Thai run, signed in on the wallet home in English with the terms accepted: registered
 * through the API (SCB unless told; the four steps are tested in member-journey.spec.ts), given `deposit`
 * baht by the operator's manual deposit first if asked. Answers the member's phone.
 */
export async function memberOnHome(
  page: Page,
  m: { name: string; password: string; deposit?: number; bankCode?: string; firstName?: string; lastName?: string },
): Promise<string> {
  const phone = freshPhone();
  const [first, ...rest] = m.name.toLowerCase().split(' ');
  await registerByApi(page.request, {
    phone,
    name: m.name,
    password: m.password,
    bankCode: m.bankCode ?? 'SCB',
    firstName: m.firstName ?? first!,
    lastName: m.lastName ?? (rest.join(' ') || 'member'),
  });
  if (m.deposit !== undefined) expect(operator('deposit', phone, String(m.deposit))).toContain(`deposited ${m.deposit} BAHT to ${phone}`);
  await useEnglish(page);
  await signIn(page, phone, m.password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page);
  return phone;
}

/** The operator's `slip make`: the sandbox bank's transfer of `amount` from the member's account (`options`: slip make's, as `--minutes-ago 65`), and its slip image. */
export function slipFile(phone: string, amount: string, ...options: string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-slip-')), 'slip.png');
  expect(operator('slip', 'make', phone, amount, file, ...options)).toContain('transaction reference');
  return file;
}

/** A §7 lookup as the site asks it (`path` after /api/lookup/, with its query), outside the page and its service worker. */
export const lookup = (page: Page, path: string) => page.request.get(`/api/lookup/${path}`, { headers: { 'x-wallet-client': 'member' } });

/** What the server answers a member's lookup now: 410 while the site is closed (it re-reads its settings on an interval). */
export async function siteAnswer(page: Page): Promise<number> {
  return (await lookup(page, 'active')).status();
}

/** The balance as the member brings it up to date with the header's check button (a slip is checked after its upload). */
export async function expectBalance(page: Page, text: string): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: /^Check balance/ }).click();
    await expect(page.locator('.balance')).toHaveText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** What the app keeps in IndexedDB under `key` (src/lib/storage.ts), as a string ('' before it is first written). */
export function savedKey(page: Page, key: string): Promise<string> {
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('wallet');
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get(name);
          get.onsuccess = () => resolve(String(get.result ?? ''));
          get.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
    key,
  );
}

/**
 * The query cache the app saved in IndexedDB, as the JSON string the persister wrote ('' before the first
 * save): a test waits for what it needs to be in it (`expect.poll(() => savedQueries(page)).toContain(…)`)
 * before it goes offline, never for a clock.
 */
export const savedQueries = (page: Page): Promise<string> => savedKey(page, 'queries');

/** Every spec's `test`: Playwright's, with the axe-core gate on each screen it visits (a11y-fixture.ts). */
/**
 * The member events (contract/member-events.ts) the page's sockets receive from now on, as they arrive:
 * a test waits for the event itself rather than for a clock. Call it before the page opens its socket.
 */
export function memberEventsOf(page: Page): MemberEvent[] {
  const events: MemberEvent[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      // socket.io over engine.io: 42["member",{...}]
      if (typeof payload !== 'string' || !payload.startsWith(`42["${MEMBER_EVENT}",`)) return;
      const [, event] = JSON.parse(payload.slice(2)) as [string, MemberEvent];
      events.push(event);
    }),
  );
  return events;
}

/**
 * A staff member added by the operator (`operate`: the server's CLI; `username`: a name of the test's, else
 * a fresh one): the one-time password is the last line it prints.
 */
export function addStaff(
  role: 'agent' | 'finance' | 'admin',
  operate: (...args: string[]) => string = operator,
  username = `${role}${Date.now().toString(36)}`,
): { username: string; oneTime: string } {
  const printed = operate('staff', 'add', username, role).trim().split('\n');
  return { username, oneTime: printed.at(-1)!.trim() };
}

/**
 * Sets the `deposit` setting where a change adds an account or alters where money goes (issue 39): two admins
 * made for it, one proposing with the CLI's `--as` and a reason, the other approving.
 */
export function setDepositByTwoAdmins(value: unknown, reason: string, operate: (...args: string[]) => string = operator): void {
  const [first, second] = [addStaff('admin', operate), addStaff('admin', operate, `admin2${Date.now().toString(36)}`)];
  const proposed = operate('--as', first.username, 'settings', 'set', 'deposit', JSON.stringify(value), '--reason', reason);
  const id = /proposal (\d+)/.exec(proposed)?.[1];
  // a change that adds nothing (the value as it was) is written at once
  if (!id) return expect(proposed).toContain('deposit set to');
  expect(operate('settings', 'approve', id, '--as', second.username)).toContain(`proposal ${id} approved`);
}

/** The staff sign-in page, in English. */
export async function staffInEnglish(page: Page) {
  await page.goto('/staff/');
  await page.getByLabel(/ภาษา|ພາສາ|Language/).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
}

/**
 * The first sign-in from the sign-in page: the one-time password, a password of one's own, and TOTP
 * enrolment (every role, issue 36), up to the dashboard. Answers the authenticator (the test is the app,
 * reading the key shown for typing by hand) and the code that confirmed the enrolment.
 */
export async function firstSignIn(
  page: Page,
  username: string,
  oneTime: string,
  password: string,
  /** The heading of the screen the sign-in opens: the dashboard, or the screen a link asked for. */
  lands = 'Dashboard',
): Promise<{ totp: TOTP; spent: string }> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(oneTime);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  // the QR an authenticator app scans, and the same key to type by hand
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('.staff-secret').textContent())!.replace(/\s/g, '');
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  const spent = totp.generate();
  await page.getByLabel('6-digit code').fill(spent);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: lands })).toBeVisible();
  return { totp, spent };
}

export { expect, test } from './a11y-fixture';
