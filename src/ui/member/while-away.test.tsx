import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { until } from '../../../tests/until';
import { setToken } from '../../lib/auth-token';
import { loadCatalogPart } from '../../lib/i18n';
import { MEMBER_EVENT_DOM } from '../../lib/member/live-cache';
import WhileAway from './while-away';

const notices = [
  {
    id: 11,
    createdAt: '2026-11-29T03:00:00.000Z',
    event: { kind: 'withdraw', status: 'FAILED', amount: 700, reason: 'WITHDRAW_TURNOVER' },
  },
  { id: 10, createdAt: '2026-11-29T02:30:00.000Z', event: { kind: 'withdraw', status: 'SUCCESS', amount: 1500 } },
  { id: 9, createdAt: '2026-11-29T02:00:00.000Z', event: { kind: 'chat', from: 'agent' } },
  { id: 8, createdAt: '2026-11-29T01:30:00.000Z', event: { kind: 'withdraw', status: 'FAILED' } },
  { id: 7, createdAt: '2026-11-29T01:00:00.000Z', event: { kind: 'slip', reference: 'SL1', status: 'SUCCESS', note: null, amount: 250 } },
  { id: 6, createdAt: '2026-11-29T00:30:00.000Z', event: { kind: 'transfer', status: 'SETTLED' } },
];

describe('while you were away', () => {
  beforeEach(() => setToken('member-token', true, '0812345678'));

  it('lists what happened since the app was last open, in the language, until the member says OK', async () => {
    await setLocale('en');
    const calls = fakeServer({
      'GET /api/push/notices': () => [200, { notices }],
      'POST /api/push/notices/seen': () => [200, { message: 'SUCCESS' }],
    });
    renderScreen(<WhileAway />);
    const card = await screen.findByRole('region', { name: 'While you were away' });
    expect(card).toHaveTextContent('Support replied in the chat.');
    // told before withdrawals carried their amount, and since
    expect(card).toHaveTextContent('Your withdrawal was rejected: the money is back in your wallet.');
    // and since rejections said why
    expect(card).toHaveTextContent(
      'Your withdrawal of 700.00 baht was rejected: the money is back in your wallet. You have not reached your bonus turnover yet: play it through, then withdraw again.',
    );
    expect(card).toHaveTextContent('Your withdrawal of 1,500.00 baht was paid: the money is on its way to your bank account.');
    expect(card).toHaveTextContent('Deposit credited: 250.00 baht is in your wallet.');
    expect(card).toHaveTextContent('A transfer that was waiting for the game provider went through.');

    await act(async () => {
      await setLocale('th');
      await loadCatalogPart('member');
    });
    expect(await screen.findByRole('region', { name: 'ระหว่างที่คุณไม่อยู่' })).toHaveTextContent('เติมเงินเข้าแล้ว: 250.00 บาท อยู่ในกระเป๋าของคุณแล้ว');

    fireEvent.click(screen.getByRole('button', { name: 'ตกลง' }));
    await until(() => screen.queryByRole('region') === null);
    expect(calls.find((c) => c.url === '/api/push/notices/seen')?.body).toEqual({ upTo: 11 });
  });

  it('marks seen with the card what happened while the member looked at the app with it up', async () => {
    await setLocale('en');
    let listed: unknown[] = notices;
    const calls = fakeServer({
      'GET /api/push/notices': () => [200, { notices: listed }],
      'POST /api/push/notices/seen': () => [200, { message: 'SUCCESS' }],
    });
    renderScreen(<WhileAway />);
    await screen.findByRole('region', { name: 'While you were away' });
    // a slip credited while the member watches it in the deposit dialog, the card still up
    listed = [{ id: 12, createdAt: '2026-11-29T04:00:00.000Z', event: notices[4]!.event }, ...notices];
    window.dispatchEvent(new CustomEvent(MEMBER_EVENT_DOM, { detail: notices[4]!.event }));
    expect(screen.getAllByRole('listitem')).toHaveLength(notices.length); // the card stays as it was
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await until(() => calls.some((c) => c.url === '/api/push/notices/seen'));
    // what the card showed at once, then the one heard meanwhile
    await until(() => calls.filter((c) => c.url === '/api/push/notices/seen').length === 2);
    expect(calls.filter((c) => c.url === '/api/push/notices/seen').map((c) => c.body)).toEqual([{ upTo: 11 }, { upTo: 12 }]);
  });

  it("does not mark the card's own notices seen for one heard before they arrived", async () => {
    await setLocale('en');
    let answer = () => undefined as void;
    const asked = new Promise<void>((resolve) => (answer = resolve));
    const calls = fakeServer({
      'GET /api/push/notices': async () => (await asked, [200, { notices }]),
      'POST /api/push/notices/seen': () => [200, { message: 'SUCCESS' }],
    });
    renderScreen(<WhileAway />);
    await until(() => calls.some((c) => c.url === '/api/push/notices'));
    window.dispatchEvent(new CustomEvent(MEMBER_EVENT_DOM, { detail: { kind: 'withdraw', status: 'SUCCESS' } }));
    answer();
    expect(await screen.findByRole('region', { name: 'While you were away' })).toHaveTextContent('Support replied in the chat.');
    await until(() => calls.filter((c) => c.url === '/api/push/notices').length === 2); // the card was up: the newest is read
    expect(calls.filter((c) => c.url === '/api/push/notices/seen')).toEqual([]);
  });

  it('says nothing when nothing happened, and marks as seen what happens while the member is looking', async () => {
    await setLocale('en');
    const calls = fakeServer({
      'GET /api/push/notices': () => [200, { notices: [] }],
      'POST /api/push/notices/seen': () => [200, { message: 'SUCCESS' }],
    });
    const { container } = renderScreen(<WhileAway />);
    await until(() => calls.some((c) => c.url === '/api/push/notices'));
    expect(container.querySelector('.while-away')).toBeNull();
    // a live event of a notice while the app is in front: seen as it happens
    window.dispatchEvent(new CustomEvent(MEMBER_EVENT_DOM, { detail: { kind: 'withdraw', status: 'SUCCESS' } }));
    await until(() => calls.some((c) => c.url === '/api/push/notices/seen'));
    // a hint that is no notice marks nothing more
    const before = calls.length;
    window.dispatchEvent(new CustomEvent(MEMBER_EVENT_DOM, { detail: { kind: 'adjustment', amount: 5 } }));
    expect(calls.length).toBe(before);
  });
});
