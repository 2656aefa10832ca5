import type { Page } from '@playwright/test';
import fs from 'node:fs';
import { acceptAgreement, expect, freshPhone, operator, registerByApi, serviceWorkerReady, signIn, test, useEnglish } from './support';

const SCREENS = 'test-results/e2e-artifacts/screens';

/** The guest id this browser keeps in IndexedDB (key `guest-id` of the app's store). */
function guestIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('wallet');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('guest-id');
          get.onsuccess = () => resolve(get.result as string);
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Start a chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Support chat' });
  await expect(chat).toBeVisible();
  return chat;
}

/** What the server counts unread for the signed-in member, asked as the site asks. */
const unreadOnServer = (page: Page) =>
  page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
    const res = await fetch('/api/chat/unread', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wallet-client': 'member', authorization: `Bearer ${token}` },
      body: JSON.stringify({ userId: null, guestId: null }),
    });
    return ((await res.json()) as { unread: number }).unread;
  });

/** What the operator's `chat show` prints of the customer's messages, in order. */
const customerLines = (shown: string) => shown.split('\n').filter((l) => l.includes('\tcustomer\t'));

test('a guest chats on /contact: the greeter answers with every kind, the operator replies and it appears at once', async ({ page }) => {
  await useEnglish(page);
  await page.locator('.bottom-menu a[href="/contact"]').click();
  const chat = await openChat(page);
  await expect(chat.getByText('Write your question below. Our support team answers here.')).toBeVisible();

  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello, my deposit has not arrived');
  await box.press('Shift+Enter'); // a new line, not a send
  await box.pressSequentially('It was 100 baht');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(chat.getByText('It was 100 baht')).toBeVisible();

  // the greeter's answer to a new session: text, quick replies, buttons and a carousel
  await expect(chat.getByText('Hello, welcome to customer service. The team answers within 5 minutes.')).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Deposit' })).toBeVisible();
  await expect(chat.getByRole('link', { name: 'LINE' })).toHaveAttribute('href', 'https://line.me/R/ti/p/@walletdemo');
  await expect(chat.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', 'tel:+6620000000');
  await expect(chat.getByText('First deposit bonus 100%')).toBeVisible();

  // a quick reply is sent as the member's words
  await chat.getByRole('button', { name: 'Deposit' }).click();
  await expect(chat.getByRole('button', { name: 'Deposit' })).toHaveCount(0);

  // at 360 px the panel covers the page but for the chat button and the menu: Tab, either way round, stops
  // only at what the member can see, never at a link or button under the panel
  await box.focus();
  for (const key of [...Array<string>(14).fill('Tab'), ...Array<string>(14).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    const underPanel = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body || el.closest('.chat-panel')) return '';
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit && el.contains(hit) ? '' : `${el.tagName} ${el.textContent ?? ''} ${el.getAttribute('aria-label') ?? ''}`;
    });
    expect(underPanel, `after ${key}`).toBe('');
  }

  const guestId = await guestIdOf(page);
  expect(guestId).toMatch(/^guest-[0-9a-f-]{36}$/);
  expect(operator('chat', 'list')).toContain(guestId);
  expect(operator('chat', 'reply', guestId, 'We are checking your deposit now.')).toMatch(/sent text \d+ to guest:/);
  await expect(chat.getByText('We are checking your deposit now.')).toBeVisible();
  await expect(chat.getByText('Support').last()).toBeVisible();

  const shown = customerLines(operator('chat', 'show', guestId));
  expect(shown).toHaveLength(2);
  expect(shown[0]).toContain('It was 100 baht');
  expect(shown[1]).toContain('Deposit');

  // the operator ends the session: the next message starts a new one, after an End of conversation marker
  operator('chat', 'end', guestId, 'Thank you, this chat is now closed.');
  await expect(chat.getByText('Thank you, this chat is now closed.')).toBeVisible();
  await box.fill('One more question');
  await box.press('Enter');
  await expect(chat.getByText('End of conversation')).toBeVisible();

  // Escape closes the panel and gives the focus back to the chat button
  await box.press('Escape');
  await expect(chat).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat with support' })).toBeFocused();

  // a reply while the chat is closed marks the button; opening it reads the reply
  operator('chat', 'reply', guestId, 'Your deposit is credited.');
  const marked = page.getByRole('button', { name: /^Chat with support: \d+ new repl(y|ies)$/ });
  await expect(marked).toBeVisible();
  const read = page.waitForResponse((r) => r.url().endsWith('/api/chat/read-customer/') && r.ok());
  await marked.click();
  await expect(chat.getByText('Your deposit is credited.')).toBeVisible();
  await read; // §4: marked read a second after it shows
  await box.press('Escape');
  await expect(page.getByRole('button', { name: 'Chat with support', exact: true })).toBeVisible();
});

test('offline: two messages and an image wait through a reload and reach the server once each, in order, when back online', async ({
  page,
  context,
}) => {
  await useEnglish(page);
  await page.locator('.bottom-menu a[href="/contact"]').click();
  await serviceWorkerReady(page);
  let chat = await openChat(page);
  await expect(chat.getByText('Write your question below. Our support team answers here.')).toBeVisible();
  const guestId = await guestIdOf(page);

  await context.setOffline(true);
  await expect(chat.getByText('What you write is sent when you are back online.')).toBeVisible();
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('first, written offline');
  await box.press('Enter');
  await box.fill('second, written offline');
  await box.press('Enter');
  await chat.getByLabel('Photo or video to send').setInputFiles({
    name: 'slip-photo.png',
    mimeType: 'image/png',
    buffer: fs.readFileSync('public/icons/icon-192.png'),
  });
  await expect(chat.getByText('Sending…')).toHaveCount(3);

  // the page closes and comes back, still offline: the three still wait, in order
  await page.reload();
  chat = await openChat(page);
  await expect(chat.getByText('Offline', { exact: true })).toBeVisible();
  await expect(chat.getByText('Sending…')).toHaveCount(3);
  await expect(chat.getByText(/first, written offline|second, written offline/)).toHaveText([
    'first, written offline',
    'second, written offline',
  ]);
  // the server has nothing of it yet (not even a conversation)
  expect(() => operator('chat', 'show', guestId)).toThrow(/no conversation with/);

  await context.setOffline(false);
  await expect(chat.getByText('Sending…')).toHaveCount(0, { timeout: 30_000 });
  await expect(chat.getByRole('img', { name: 'slip-photo.png' })).toBeVisible();

  const shown = customerLines(operator('chat', 'show', guestId));
  expect(shown).toHaveLength(3);
  expect(shown[0]).toContain('first, written offline');
  expect(shown[1]).toContain('second, written offline');
  expect(shown[2]).toMatch(/image/);

  // the conversation, read offline again, shows what was saved and when
  await context.setOffline(true);
  await page.reload();
  chat = await openChat(page);
  await expect(chat.getByRole('status').filter({ hasText: /Offline Saved \d{2}\/\d{2}\/\d{4}/ })).toBeVisible();
  await expect(chat.getByText('second, written offline')).toBeVisible();
  await context.setOffline(false);
});

test('a member chats on /user/contact as themselves, and a reply written while they are elsewhere marks the menu', async ({ page }) => {
  const phone = freshPhone();
  await useEnglish(page);
  await registerByApi(page.request, {
    phone,
    name: 'Chat Member',
    password: 'secret12',
    bankCode: 'SCB',
    firstName: 'chat',
    lastName: 'member',
  });
  await signIn(page, phone, 'secret12');
  await expect(page).toHaveURL(/\/user\/home/);
  await page.goto('/user/contact');
  const chat = await openChat(page);
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('A question from a member');
  await box.press('Enter');
  await expect(chat.getByText('Hello, welcome to customer service. The team answers within 5 minutes.')).toBeVisible();
  expect(operator('chat', 'show', phone)).toContain('A question from a member');
  operator('chat', 'reply', phone, 'Hello Chat Member, how can we help?');
  await expect(chat.getByText('Hello Chat Member, how can we help?')).toBeVisible();
  // a second on screen, and what support wrote is read (§4)
  await expect.poll(() => unreadOnServer(page)).toBe(0);

  // away from the chat, the next reply marks the Contact link, and the chat button before it is opened
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Home' }).click();
  await expect(menu.getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
  operator('chat', 'reply', phone, 'Are you still there?');
  await page.reload(); // the menu asks again each minute, and on each start of the app
  // the terms open over the home 1.5 s after it loads until accepted once (§2): on a busy machine (CI75)
  // they came before the click on the Contact link and took it
  await acceptAgreement(page);
  const marked = menu.getByRole('link', { name: 'Contact 1 new reply from support' });
  await expect(marked).toContainText('1');
  await page.screenshot({ path: `${SCREENS}/chat-menu-badge.png` });
  await marked.click();
  await expect(page.getByRole('button', { name: 'Chat with support: 1 new reply' })).toBeVisible();
  const reopened = await openChat(page);
  await expect(reopened.getByText('Are you still there?')).toBeVisible();
  await expect.poll(() => unreadOnServer(page)).toBe(0);
  await menu.getByRole('link', { name: 'Home' }).click();
  await expect(menu.getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
});
