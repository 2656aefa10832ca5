import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken } from './auth-token';
import { keepHomePicture as keepFor } from './home-picture-keep';
import { PICTURE_KEY, PICTURE_MAX_AGE_MS, PICTURE_SHOWN_MAX_MS } from './home-picture';
import { pictureToShow, showHomePicture } from './home-picture-show';

/** The home as the app draws it: the hero with a balance and its time, a dialog and an alert open, the operator's text. */
function drawnHome(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = `<div class="shell member"><main class="page"><section class="hero wallet-hero">
    <select aria-label="Language"><option value="th">ไทย</option><option value="en">English</option></select>
    <p class="balance" style="color: red">1,250.00</p><span role="status">Updated 01/12/2026 01:20:00</span></section>
    <div class="rich"><p>operator's news</p></div><p role="alert">Something failed</p>
    <div role="dialog" aria-label="Deposit">the deposit modal</div></main></div>`;
  document.body.append(root);
  return root;
}

const cover = () => document.getElementById(PICTURE_KEY);
/** Kept by the home drawn under the session held now. */
const keepHomePicture = (root: HTMLElement) => keepFor(root, getToken());

describe("the home's last picture", () => {
  beforeEach(() => {
    window.history.replaceState({}, '', '/user/home');
    localStorage.setItem('locale', 'th');
    setToken('member-token', true, '0812345678');
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.setAttribute('href', '/assets/home-abc.css');
    document.head.append(sheet);
  });
  afterEach(() => {
    vi.useRealTimers();
    clearToken();
    localStorage.clear();
    document.body.replaceChildren();
    document.head.replaceChildren();
    window.history.replaceState({}, '', '/');
  });

  it('is kept from the home with its balance, time and chosen language, without dialogs, alerts or the operator’s HTML', () => {
    const root = drawnHome();
    root.querySelector('select')!.value = 'en';
    keepHomePicture(root);
    const kept = pictureToShow();
    expect(kept).toMatchObject({ member: '0812345678', locale: 'th', css: ['/assets/home-abc.css'] });
    expect(kept?.html).toContain('1,250.00');
    expect(kept?.html).toContain('Updated 01/12/2026 01:20:00');
    for (const left of ['the deposit modal', 'Something failed', "operator's news"]) expect(kept?.html).not.toContain(left);
    const shown = document.createElement('div');
    shown.innerHTML = kept?.html ?? '';
    expect(shown.querySelector('select')?.value).toBe('en');
  });

  it('is not kept off the home, without a balance, or for a session that ends with the tab', () => {
    window.history.replaceState({}, '', '/user/statement');
    keepHomePicture(drawnHome());
    expect(localStorage.getItem(PICTURE_KEY)).toBeNull();

    window.history.replaceState({}, '', '/user/home');
    const root = drawnHome();
    root.querySelector('.balance')?.remove();
    keepHomePicture(root);
    expect(localStorage.getItem(PICTURE_KEY)).toBeNull();

    setToken('tab-token', false, '0812345678');
    keepHomePicture(drawnHome());
    expect(localStorage.getItem(PICTURE_KEY)).toBeNull();
  });

  it('is shown over the page once its stylesheets apply, and goes when the app’s home has its balance', () => {
    keepHomePicture(drawnHome());
    document.body.replaceChildren();
    document.head.replaceChildren();
    const root = document.createElement('div');
    document.body.append(root);

    expect(showHomePicture(root)).toBe(true);
    expect(cover()).toHaveAttribute('aria-hidden', 'true');
    // it takes a tap itself (not inert: a tap would go through to the app beneath); what it shows is inert
    expect(cover()).not.toHaveAttribute('inert');
    expect(cover()?.firstElementChild).toHaveAttribute('inert');
    expect(cover()?.textContent).toContain('1,250.00');
    // its inline styles set by script (the page's CSP refuses style attributes in markup)
    expect(cover()?.querySelector<HTMLElement>('.balance')?.style.color).toBe('red');
    expect(pictureToShow()?.html).not.toMatch(/\sstyle=/);
    // hidden until the home's stylesheet (from the service worker's cache) has loaded
    const sheet = document.head.querySelector<HTMLLinkElement>('link[href="/assets/home-abc.css"]');
    expect(cover()?.hidden).toBe(true);
    sheet?.dispatchEvent(new Event('load'));
    expect(cover()?.hidden).toBe(false);

    // the app's shell first (its screen's code still on its way): the picture stays; its home: it goes
    root.innerHTML = '<div class="shell member"><header class="top-bar"></header></div>';
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(cover()).not.toBeNull();
        root.innerHTML = '<main class="page"><section class="wallet-hero"><p class="balance">1,251.00</p></section></main>';
        setTimeout(() => {
          expect(cover()).toBeNull();
          resolve();
        });
      }),
    );
  });

  it('makes way for a screen other than the home, and at last whatever happens', () => {
    keepHomePicture(drawnHome());
    const root = document.createElement('div');
    document.body.append(root);
    vi.useFakeTimers();
    expect(showHomePicture(root)).toBe(true);
    vi.advanceTimersByTime(PICTURE_SHOWN_MAX_MS);
    expect(cover()).toBeNull();
    vi.useRealTimers();

    // the app's error screen (or any other it draws): the picture is not left over it
    expect(showHomePicture(root)).toBe(true);
    root.innerHTML = '<main class="page narrow center"><h1>Something went wrong</h1></main>';
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(cover()).toBeNull();
        resolve();
      }),
    );
  });

  it('is kept for no other member: a home drawn under a session another tab has since replaced is not kept', () => {
    const root = drawnHome();
    const drawnFor = getToken();
    // another member signs in from another tab while this home is still on the screen
    setToken('other-token', true, '0899999999');
    keepFor(root, drawnFor);
    expect(localStorage.getItem(PICTURE_KEY)).toBeNull();
  });

  it('is shown to no other member, in no other build or language, never stale, and is gone with the session', () => {
    const root = document.createElement('div');
    keepHomePicture(drawnHome());
    // a picture that says it is another member's (however it came to be there) is not shown, and is forgotten
    const kept = JSON.parse(localStorage.getItem(PICTURE_KEY)!) as Record<string, unknown>;
    localStorage.setItem(PICTURE_KEY, JSON.stringify({ ...kept, member: '0899999999' }));
    expect(showHomePicture(root)).toBe(false);
    expect(localStorage.getItem(PICTURE_KEY)).toBeNull();

    setToken('member-token', true, '0812345678');
    keepHomePicture(drawnHome());
    localStorage.setItem('locale', 'la');
    expect(showHomePicture(root)).toBe(false);

    localStorage.setItem('locale', 'th');
    keepHomePicture(drawnHome());
    expect(pictureToShow(Date.now() + PICTURE_MAX_AGE_MS)).toBeUndefined();

    keepHomePicture(drawnHome());
    localStorage.setItem(PICTURE_KEY, JSON.stringify({ ...pictureToShow(), build: 'an-older-build' }));
    expect(pictureToShow()).toBeUndefined();

    keepHomePicture(drawnHome());
    expect(localStorage.getItem(PICTURE_KEY)).not.toBeNull();
    clearToken();
    expect(localStorage.getItem(PICTURE_KEY)).toBeNull();
    expect(showHomePicture(root)).toBe(false);
  });
});
