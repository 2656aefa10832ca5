import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/http';
import { activateStaffLocale, i18n, loadConsoleWords, projectLang } from './i18n';
import { staffErrorMessage } from './staff-errors';
import { staffDateFormat } from './date-format';

describe('the console’s words in two parts', () => {
  it('ends in the language chosen last, with the console’s words, when it is switched while they load', async () => {
    await activateStaffLocale('en', false);
    // the sign-in page: only its own words (a console sentence is the English source)
    expect(staffErrorMessage(i18n, new ApiError('SLIP_DUPLICATE', 409))).toMatch(/^This bank transfer was already credited/);
    // the staff member picks Thai while the console's words are still loading in English
    const switched = activateStaffLocale('th', false);
    const loading = loadConsoleWords();
    await Promise.all([switched, loading]);
    expect(i18n.locale).toBe('th');
    expect(document.documentElement.lang).toBe('th');
    // the console's sentences in Thai, the sign-in's too
    expect(staffErrorMessage(i18n, new ApiError('SLIP_DUPLICATE', 409))).toMatch(/[\u0E00-\u0E7F]/);
    expect(staffErrorMessage(i18n, new ApiError('STAFF_SIGNIN_FAIL', 401))).toMatch(/[\u0E00-\u0E7F]/);
    // a later switch loads both parts in that language
    await activateStaffLocale('en', false);
    expect(i18n.locale).toBe('en');
  });

  it("speaks Lao as lo: the Lao words, and dates, numbers and the page's language as Lao's", async () => {
    await activateStaffLocale('lo', false);
    await loadConsoleWords();
    expect(i18n.locale).toBe('lo');
    expect(document.documentElement.lang).toBe('lo');
    expect(staffErrorMessage(i18n, new ApiError('SLIP_DUPLICATE', 409))).toMatch(/[\u0E80-\u0EFF]/);
    expect(staffErrorMessage(i18n, new ApiError('STAFF_SIGNIN_FAIL', 401))).toMatch(/[\u0E80-\u0EFF]/);
    // what the console formats with i18n.locale: Lao month names where the browser has Lao's data (Node has;
    // Chrome has none, and the console writes DD/MM/YYYY there: date-format.ts)
    expect(staffDateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-12-01T12:00:00Z'))).toMatch(
      /[\u0E80-\u0EFF]/,
    );
    expect(projectLang(i18n.locale)).toBe('la');
    await activateStaffLocale('en', false);
  });
});
