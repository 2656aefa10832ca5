import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n, initI18n } from './i18n';
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
