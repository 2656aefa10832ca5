import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { infoQuery } from '../lib/lookups';
import { fakeServer, renderScreen, setLocale } from '../../tests/render';
import { TestSiteNote } from './test-site-note';

/** The site's name once the same lookup has answered: what the test waits for before it looks for the note. */
function SiteName() {
  return <span>{useQuery(infoQuery()).data?.website}</span>;
}

describe('the test-site note', () => {
  it("says on every page of a staging site that nothing is real money, in the member's language", async () => {
    await setLocale('th');
    fakeServer({ 'GET /api/lookup/info': () => [200, { name: 'Wallet', website: 'staging.example', testSite: true }] });
    renderScreen(<TestSiteNote />);
    expect(await screen.findByRole('note')).toHaveTextContent('เว็บไซต์ทดสอบ');
    await setLocale('en');
  });

  it('says nothing on a real site', async () => {
    await setLocale('en');
    fakeServer({ 'GET /api/lookup/info': () => [200, { name: 'Wallet', website: 'wallet.example' }] });
    renderScreen(
      <>
        <TestSiteNote />
        <SiteName />
      </>,
    );
    expect(await screen.findByText('wallet.example')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
