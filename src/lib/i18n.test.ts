import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n, initI18n, loadCatalogPart, type PartLoaders } from './i18n';
import { deleteKey, readKey, writeKey } from './storage';

describe("the member's language as the app starts", () => {
  afterEach(async () => {
    localStorage.clear();
    await deleteKey('locale');
  });

  it('is kept where it is read at once, and in IndexedDB', async () => {
    await activateLocale('en');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(await readKey('locale')).toBe('en');
    await activateLocale('th', false);
    await initI18n();
    expect(i18n.locale).toBe('en');
  });

  it("an earlier build's choice, kept in IndexedDB only, is read and kept for the next start", async () => {
    await writeKey('locale', 'la');
    await initI18n(['member']);
    expect(i18n.locale).toBe('la');
    expect(document.documentElement.lang).toBe('lo');
    expect(localStorage.getItem('locale')).toBe('la');
  });

  it('none kept: the build’s default language, kept from then on', async () => {
    await initI18n();
    expect(i18n.locale).toBe('th');
    expect(localStorage.getItem('locale')).toBe('th');
  });
});

describe("a part of the words a screen needs (the member's, the chat's)", () => {
  it('is in Lingui before any caller goes on: a second caller (the route, after the sign-in began the load) waits for it too', async () => {
    await activateLocale('en', false);
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const words = { messages: { partTestWord: 'the words of the part' } };
    const loaders: PartLoaders = {
      th: () => arrived.then(() => words),
      la: () => arrived.then(() => words),
      en: () => arrived.then(() => words),
    };
    const first = loadCatalogPart(loaders);
    let secondDone = false;
    const second = loadCatalogPart(loaders).then(() => (secondDone = true));
    await Promise.resolve();
    expect(secondDone).toBe(false);
    arrive();
    await Promise.all([first, second]);
    expect(i18n._('partTestWord')).toBe('the words of the part');
  });

  it('is asked again after it failed to arrive (offline)', async () => {
    let fail = true;
    const words = { messages: { partTestAgain: 'here now' } };
    const load = () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(words));
    const loaders: PartLoaders = { th: load, la: load, en: load };
    await expect(loadCatalogPart(loaders)).rejects.toThrow('offline');
    fail = false;
    await loadCatalogPart(loaders);
    expect(i18n._('partTestAgain')).toBe('here now');
  });
});
