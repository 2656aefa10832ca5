import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { walletFixture } from '../../../tests/wallet-fixture';
import { activateLocale, loadCatalogPart } from '../../lib/i18n';
import { InviteWidget } from './invite-widget';

const BANNERS: Record<string, string> = { en: '<p>Invite and earn</p>', th: '<p>ชวนเพื่อนรับโบนัส</p>', la: '<p>ຊວນໝູ່ຮັບໂບນັດ</p>' };

describe('the invite dialog when the member switches language while it is open', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('speaks the new language, its banners too', async () => {
    fakeServer({
      'GET /api/invite/banners': () => [200, { banners: [{ image: '/b.svg', html: BANNERS.en }] }],
      'GET /api/invite/banners?lang=th': () => [200, { banners: [{ image: '/b.svg', html: BANNERS.th }] }],
      'GET /api/invite/banners?lang=la': () => [200, { banners: [{ image: '/b.svg', html: BANNERS.la }] }],
      'GET /api/invite/banners?lang=en': () => [200, { banners: [{ image: '/b.svg', html: BANNERS.en }] }],
      'POST /api/invite': () => [200, { total: 0, invites: [] }],
    });
    renderScreen(<InviteWidget wallet={walletFixture({ profile: { _id: 7 } })} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite friends' }));
    expect(await screen.findByText('Invite and earn')).toBeVisible();
    // the banners, switched to Thai while they show
    await act(() => activateLocale('th', false));
    expect(await screen.findByText('ชวนเพื่อนรับโบนัส')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'ชวนเพื่อน' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'ปิด' }));
    // the invite dialog, switched to Lao while it is open
    expect(await screen.findByRole('button', { name: 'คัดลอกลิงก์' })).toBeVisible();
    await act(() => activateLocale('la', false));
    expect(await screen.findByRole('dialog', { name: 'ແນະນຳໝູ່' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'ສຳເນົາລິ້ງ' })).toBeVisible();
    expect(screen.getByRole('dialog').textContent).not.toMatch(/[\u0E00-\u0E7F]/);
  });
});
