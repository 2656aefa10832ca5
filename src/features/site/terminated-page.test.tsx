import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { TerminatedPage } from './terminated-page';

describe('the closed-site page (§2 /terminated)', () => {
  beforeEach(() => setLocale('en'));

  it('names the channels to reach support', async () => {
    fakeServer({
      'GET /api/lookup/contact': () => [
        200,
        { contactText: '', lineName: '@luckywallet', lineLink: 'https://line.me/R/ti/p/@luckywallet', lineQR: '' },
      ],
    });
    renderScreen(<TerminatedPage onCheckAgain={async () => false} />);
    const channels = await screen.findByRole('region', { name: 'Contact support' });
    expect(screen.getByRole('link', { name: 'Chat on LINE: @luckywallet' })).toHaveAttribute('href', 'https://line.me/R/ti/p/@luckywallet');
    expect(channels).toBeVisible();
  });

  it('names the tab after itself, not the page the member was on, in their language', async () => {
    fakeServer({ 'GET /api/lookup/contact': () => [200, { contactText: '', lineName: '', lineLink: '', lineQR: '' }] });
    document.title = 'Home · Lucky Wallet';
    const { unmount } = renderScreen(<TerminatedPage onCheckAgain={async () => false} />);
    await screen.findByRole('heading', { name: 'This site is closed' });
    expect(document.title).toBe('This site is closed');
    unmount();
    await setLocale('th');
    renderScreen(<TerminatedPage onCheckAgain={async () => false} />);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe(heading.textContent);
    expect(document.title).not.toBe('This site is closed');
  });
});
