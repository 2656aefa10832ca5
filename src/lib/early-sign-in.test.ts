import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../tests/render';
import { api } from './api';
import { deviceId } from './device-id';
import { earlySignIn, listenForEarlySignIn, releaseHeldSignIn, takeOverSignIn } from './early-sign-in';

/** The sign-in form as the pre-rendered /login has it: the button disabled until a script handles the submit. */
function preRendered(remember = true) {
  document.body.innerHTML = `
    <div id="root" data-prerendered="1">
      <form method="post" data-early-sign-in="">
        <input name="phone" type="tel" />
        <input name="password" type="password" />
        <input name="remember" type="checkbox" ${remember ? 'checked' : ''} />
        <button type="submit" disabled>Sign in</button>
      </form>
    </div>`;
  const root = document.getElementById('root')!;
  const form = root.querySelector('form')!;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const button = form.querySelector('button')!;
  const press = () => form.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
  return { root, field, button, press };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve));
};

describe('the sign-in sent before the app has started', () => {
  afterEach(() => {
    takeOverSignIn();
    releaseHeldSignIn();
    document.body.innerHTML = '';
  });

  it('sends what the app would send, once, asks the wallet with the token, and leaves the button waiting for the app', async () => {
    // what the app's own form sends (src/features/auth/mutations.ts)
    const asked = fakeServer({ 'POST /api/login': () => [200, { token: 't' }], 'GET /api/wallet': () => [200, { wallet: {} }] });
    await api('/api/login', { body: { username: '0812345678', password: 'pw' }, headers: { 'X-Device-Id': deviceId() } });

    const page = preRendered(false);
    listenForEarlySignIn(page.root);
    expect(page.button.disabled).toBe(false);
    page.field('phone').value = ' 0812345678 ';
    page.field('password').value = 'pw';
    page.press();
    page.press(); // pressed twice while the first is on its way: one sign-in
    expect(page.button.disabled).toBe(true);
    await until(() => earlySignIn()?.settled === true);
    const wallet = await earlySignIn()?.wallet;
    expect(asked.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/login', 'POST /api/login', 'GET /api/wallet']);
    expect(asked[1]).toEqual(asked[0]);
    expect(asked[2]?.headers).toEqual({ 'X-Wallet-Client': 'member', Accept: 'application/json', Authorization: 'Bearer t' });
    expect(await wallet?.json()).toEqual({ wallet: {} });
    expect(earlySignIn()).toMatchObject({ username: '0812345678', remember: false, target: '/user/home' });
    expect(page.button.disabled).toBe(true);
  });

  it('sends nothing while a field is empty, and can be pressed again once refused', async () => {
    const asked = fakeServer({ 'POST /api/login': () => [401, { message: 'WRONG_CREDENTIAL' }] });
    const page = preRendered();
    listenForEarlySignIn(page.root);
    page.field('phone').value = '0812345678';
    page.press();
    expect(asked).toHaveLength(0);
    page.field('password').value = 'wrong';
    page.press();
    await until(() => earlySignIn()?.settled === true);
    expect(page.button.disabled).toBe(false);
    page.press();
    await until(() => asked.length === 2 && earlySignIn()?.settled === true);
    // refused: no token, no wallet asked
    expect(await earlySignIn()?.wallet).toBeUndefined();
    expect(asked).toHaveLength(2);
    expect(takeOverSignIn()?.remember).toBe(true);
  });

  it('leads to the page the sign-in page was asked to lead to, when it is a signed-in page', async () => {
    fakeServer({ 'POST /api/login': () => [200, { token: 't' }] });
    for (const [search, target] of [
      ['?redirect=%2Fuser%2Fprofile', '/user/profile'],
      ['?redirect=https%3A%2F%2Fevil.example%2Fuser', '/user/home'],
      ['?redirect=%2Flogin', '/user/home'],
    ] as const) {
      window.history.replaceState(null, '', `/login${search}`);
      const page = preRendered();
      listenForEarlySignIn(page.root);
      page.field('phone').value = '0812345678';
      page.field('password').value = 'pw';
      page.press();
      expect(takeOverSignIn()?.target).toBe(target);
    }
    window.history.replaceState(null, '', '/');
  });

  it("hands the form to the app: a press while the app starts is held (neither sent here, nor the browser's, nor lost) and made again once it has", () => {
    const asked = fakeServer({ 'POST /api/login': () => [200, { token: 't' }] });
    const page = preRendered();
    listenForEarlySignIn(page.root);
    // what React's listener on the page's root hears of the form's submits
    const heard: Event[] = [];
    page.root.addEventListener('submit', (e) => heard.push(e));
    expect(takeOverSignIn()).toBeUndefined();
    // not disabled: a press on a disabled button is dropped in silence
    expect(page.button.disabled).toBe(false);
    page.field('phone').value = '0812345678';
    page.field('password').value = 'pw';
    const press = new Event('submit', { cancelable: true, bubbles: true });
    page.root.querySelector('form')!.dispatchEvent(press);
    expect([press.defaultPrevented, heard.length, asked.length]).toEqual([true, 0, 0]);
    page.press(); // pressed twice: made again once
    releaseHeldSignIn();
    expect(heard).toHaveLength(1);
    expect(asked).toHaveLength(0);
    // from here on the form is the app's alone
    page.press();
    expect(heard).toHaveLength(2);
    releaseHeldSignIn();
    expect(heard).toHaveLength(2);
  });

  it('makes nothing again when the form was not pressed while the app started, or is no longer on the page', () => {
    const page = preRendered();
    listenForEarlySignIn(page.root);
    const heard: Event[] = [];
    page.root.addEventListener('submit', (e) => heard.push(e));
    takeOverSignIn();
    releaseHeldSignIn();
    expect(heard).toHaveLength(0);

    const again = preRendered();
    listenForEarlySignIn(again.root);
    takeOverSignIn();
    again.press();
    const form = again.root.querySelector('form')!;
    const submitted = vi.fn();
    form.addEventListener('submit', submitted);
    form.remove(); // the app drew another page in its place
    releaseHeldSignIn();
    expect(submitted).not.toHaveBeenCalled();
  });
});
