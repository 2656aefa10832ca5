import type { Browser, Page } from '@playwright/test';
import { acceptAgreement, addStaff, expect, firstSignIn, staffInEnglish, test } from './support';
import { postgresAnswers, twoInstances, type Instances } from './two-instances';

const SCREENS = 'test-results/e2e-artifacts/screens';
/** Two instances on one Postgres: the agents' consoles on the first, the customers' site on the second. */
const PORTS: [number, number] = [8191, 8192];
const AGENTS_AT = `http://127.0.0.1:${PORTS[0]}`;
const CUSTOMERS_AT = `http://127.0.0.1:${PORTS[1]}`;

// the accessibility gate checks the consoles' pages (this origin); the customers' widget is checked in chat.spec.ts
test.use({ baseURL: AGENTS_AT });

let instances: Instances | undefined;

test.beforeAll(async () => {
  if (!(await postgresAnswers())) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but no Postgres answers for the inbox across instances');
    return;
  }
  instances = await twoInstances(PORTS);
});
test.afterAll(async () => {
  await instances?.stop();
});

/** An agent added by the operator, named for the customers, signed in at 768 px with a password of their own, on the inbox. */
async function agentOnInbox(browser: Browser, username: string, displayName: string): Promise<Page> {
  const { oneTime } = addStaff('agent', instances!.operator, username);
  instances!.operator('staff', 'name', username, displayName);
  const context = await browser.newContext({
    viewport: { width: 768, height: 1024 },
    isMobile: false,
    hasTouch: false,
    baseURL: AGENTS_AT,
  });
  const page = await context.newPage();
  await staffInEnglish(page);
  await firstSignIn(page, username, oneTime, 'an agent with a long passphrase');
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: /^Inbox/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  return page;
}

/** A customer's phone-sized page on the second instance, in English. */
async function customerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    baseURL: CUSTOMERS_AT,
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('ภาษา').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  return page;
}

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Start a chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Support chat' });
  await expect(chat).toBeVisible();
  return chat;
}

async function write(chat: ReturnType<Page['getByRole']>, text: string) {
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(chat.getByText(text)).toBeVisible();
}

/** Sends an answer in the agent's open conversation; resolves when the server has stored it. */
async function answer(agent: Page, text: string) {
  const stored = agent.waitForResponse((r) => /\/api\/staff\/inbox\/[^/]+\/messages$/.test(r.url()) && r.request().method() === 'POST');
  const box = agent.getByLabel('Message', { exact: true });
  await box.fill(text);
  await box.press('Enter');
  expect((await stored).status()).toBe(200);
}

test('two agents answer a guest and a member across two instances: each conversation taken once, replies at once, offline caught up, ended with closing words', async ({
  browser,
}) => {
  test.skip(!instances, 'no Postgres here: the inbox across instances needs one (CI has it)');
  test.setTimeout(180_000);
  const nok = await agentOnInbox(browser, `nok${Date.now().toString(36)}`, 'Nok');
  const pim = await agentOnInbox(browser, `pim${Date.now().toString(36)}`, 'Pim');
  await expect(nok.getByText(/^Online: .*Nok.*Pim|^Online: .*Pim.*Nok/)).toBeVisible();

  // a guest on /contact and the demo member on /user/contact, on the other instance
  const guest = await customerPage(browser);
  await guest.goto('/contact');
  const guestChat = await openChat(guest);
  await write(guestChat, 'Hello, my deposit of 300 baht has not arrived');
  const member = await customerPage(browser);
  await member.getByLabel('Phone number').fill('0812345678');
  await member.getByLabel('Password').fill('demo1234');
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member).toHaveURL(/\/user\/home$/);
  await acceptAgreement(member);
  await member.goto('/user/contact');
  const memberChat = await openChat(member);
  await write(memberChat, 'When is my withdrawal paid?');
  // agents are online: the greeter answers without the "nobody is online" notice
  await expect(guestChat.getByText('Hello, welcome to customer service. The team answers within 5 minutes.')).toBeVisible();
  await expect(guestChat.getByText(/No agent is online/)).toHaveCount(0);

  // both conversations reach both consoles live, the guest's (waiting longer) first
  for (const agent of [nok, pim]) {
    const list = agent.getByRole('list', { name: 'Open conversations, waiting first' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('Hello, my deposit of 300 baht has not arrived');
    await expect(list.getByRole('listitem').nth(1)).toContainText('When is my withdrawal paid?');
  }

  // both take the next waiting at the same moment: each gets a different one, never the same
  await Promise.all([nok, pim].map((agent) => agent.getByRole('button', { name: 'Take the next waiting' }).click()));
  for (const agent of [nok, pim]) await expect(agent.getByText('You hold this conversation.')).toBeVisible();
  const nokHasGuest = (await nok.getByRole('heading', { level: 2 }).first().textContent())!.includes('Guest');
  const [forGuest, forMember] = nokHasGuest ? [nok, pim] : [pim, nok];
  const [guestAgent, memberAgent] = nokHasGuest ? ['Nok', 'Pim'] : ['Pim', 'Nok'];
  const list = forGuest.getByRole('list', { name: 'Open conversations, waiting first' });
  await expect(list.getByRole('listitem').first()).toContainText('Held by you');
  await expect(list.getByRole('listitem').nth(1)).toContainText(`Held by ${memberAgent}`);
  // the one who does not hold it cannot answer it unknowingly
  await forMember.getByRole('link', { name: /Hello, my deposit of 300 baht/ }).click();
  await expect(forMember.getByText(`${guestAgent} holds this conversation. Take it over to answer.`)).toBeVisible();
  await expect(forMember.getByRole('button', { name: 'Send' })).toBeDisabled();
  await forMember.getByRole('link', { name: /When is my withdrawal paid\?/ }).click();
  await expect(forMember.getByText('You hold this conversation.')).toBeVisible();

  // a reply on the first instance reaches the guest's open chat on the second, live (the chat does not poll)
  await expect(forGuest.getByRole('complementary', { name: 'About the guest' })).toContainText('/contact');
  await answer(forGuest, 'We are checking your deposit now.');
  await expect(guestChat.getByText('We are checking your deposit now.')).toBeVisible();
  await expect(guestChat.getByText(guestAgent, { exact: true }).last()).toBeVisible();
  await forGuest.screenshot({ path: `${SCREENS}/inbox-768.png`, fullPage: true });

  // the guest goes offline: the next reply waits for them and arrives when they are back
  await guest.context().setOffline(true);
  await answer(forGuest, 'It is credited now, while you were away.');
  await guest.waitForTimeout(1_500);
  await expect(guestChat.getByText('It is credited now, while you were away.')).toHaveCount(0);
  await guest.context().setOffline(false);
  await expect(guestChat.getByText('It is credited now, while you were away.')).toBeVisible({ timeout: 20_000 });

  // the member reads the reply; its agent sees it read; ending with closing words shows the end marker
  await answer(forMember, 'Your withdrawal is paid today.');
  await expect(memberChat.getByText('Your withdrawal is paid today.')).toBeVisible();
  const reply = forMember.getByRole('log').getByRole('listitem').filter({ hasText: 'Your withdrawal is paid today.' });
  await expect(reply).toContainText(/Read \d/, { timeout: 15_000 });
  await forMember.getByRole('button', { name: 'End the conversation' }).click();
  const end = forMember.getByRole('alertdialog', { name: 'End the conversation' });
  await end.getByLabel('Closing words (optional)').fill('Thank you for contacting us. Have a good day!');
  await end.getByRole('button', { name: 'End the conversation' }).click();
  await expect(memberChat.getByText('Thank you for contacting us. Have a good day!')).toBeVisible();
  await expect(memberChat.getByText('End of conversation')).toBeVisible();
  await expect(forMember.getByRole('list', { name: 'Open conversations, waiting first' }).getByRole('listitem')).toHaveCount(1);
  await member.screenshot({ path: `${SCREENS}/inbox-member-ended-360.png` });

  // the trail has each step, by name
  const trail = instances!.operator('audit', 'list', '--limit', '50');
  for (const action of ['chat.take', 'chat.reply', 'chat.end']) expect(trail).toContain(action);
});
