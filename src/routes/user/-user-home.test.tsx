import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { loadCatalogPart } from '../../lib/i18n';
import { walletFixture } from '../../../tests/wallet-fixture';
import { UserHome } from './-user-home';

const wallet = (coin: number) => walletFixture({ profile: { coin } });

function home(isActive: boolean, coin: number) {
  const calls = fakeServer({
    'GET /api/wallet': () => [200, wallet(coin)],
    'GET /api/wallet/refresh/slot': () => [200, { slots: [] }],
    'GET /api/spinwheel/active': () => [200, { isActive }],
  });
  renderScreen(<UserHome />);
  return calls;
}

describe('the home’s spin-wheel widget (§2: only while the wheel is active, with the coin count)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('takes the refresh-all widget’s place while the wheel is active, showing the member’s coins', async () => {
    const calls = home(true, 3);
    const widgets = await screen.findByRole('navigation', { name: 'Wallet actions' });
    const widget = await within(widgets).findByRole('button', { name: 'Spin wheel 3 coins' });
    expect(widget).toBeEnabled();
    expect(within(widgets).queryByRole('button', { name: 'Refresh all' })).toBeNull();
    // on entry: asked once, without opening anything
    expect(calls.filter((c) => c.url === '/api/spinwheel/active')).toHaveLength(1);
    expect(calls.some((c) => c.url.startsWith('/api/spinwheel/setup'))).toBe(false);
  });

  it('says "1 coin" for one', async () => {
    home(true, 1);
    expect(await screen.findByRole('button', { name: 'Spin wheel 1 coin' })).toBeVisible();
  });

  it('shows the refresh-all widget and no wheel while the wheel is off', async () => {
    home(false, 3);
    const widgets = await screen.findByRole('navigation', { name: 'Wallet actions' });
    expect(await within(widgets).findByRole('button', { name: 'Refresh all' })).toBeVisible();
    expect(within(widgets).queryByRole('button', { name: /Spin wheel/ })).toBeNull();
  });
});
