import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n';
import { ApiError } from '../lib/api';
import { DataStatus } from './data-status';

const SAVED_AT = new Date(2026, 10, 22, 8, 30, 5).getTime();
const query = (over: Partial<Parameters<typeof DataStatus>[0]['query']>) => ({
  data: undefined,
  error: null,
  dataUpdatedAt: 0,
  isFetching: false,
  refetch: vi.fn(),
  ...over,
});
const show = (q: ReturnType<typeof query>) =>
  render(
    <I18nProvider i18n={i18n}>
      <DataStatus query={q} />
    </I18nProvider>,
  );
const offline = (value: boolean) => Object.defineProperty(navigator, 'onLine', { value: !value, configurable: true });

beforeAll(() => activateLocale('en', false));
afterEach(() => offline(false));

describe('what a screen says about its data', () => {
  it('offline with a saved copy: the mark and when it was saved', () => {
    offline(true);
    show(query({ data: {}, dataUpdatedAt: SAVED_AT }));
    expect(screen.getByRole('status')).toHaveTextContent('Offline Saved 22/11/2026 08:30:05');
  });

  it('offline with nothing saved: a sentence, never a spinner', () => {
    offline(true);
    show(query({}));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline and this page has not been saved on this device yet.');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('a failed refresh keeps the saved copy and says why, in one sentence', () => {
    show(query({ data: {}, dataUpdatedAt: SAVED_AT, error: new ApiError('NETWORK_ERROR', 0) }));
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Could not refresh: [^.]+\. [^.]+[^.]\. Showing what was saved 22\/11\/2026 08:30:05\./,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('a failed first load says why and offers to try again', () => {
    show(query({ error: new ApiError('INTERNAL_SERVER_ERROR', 500) }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again shortly.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
