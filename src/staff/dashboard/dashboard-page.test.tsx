import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const COUNTS = dashboardCounts({ slipsInReview: 2, chatsWaiting: 1 });

describe('the dashboard', () => {
  it('shows an admin what the site still lacks before it goes live, each said plainly', async () => {
    fakeServer({
      ...signedIn('admin'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/go-live': () => [200, { missing: ['DEPOSIT_ACCOUNT', 'GAME_SANDBOX'] }],
    });
    await renderStaff('/staff/');
    const list = await screen.findByRole('region', { name: 'Before you go live' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'No deposit account is set: members are told deposits are closed. Add one in Settings (deposit).',
      "The games are the sandbox provider's: no real game provider is connected yet.",
    ]);
  });

  it('says so when nothing is missing', async () => {
    fakeServer({
      ...signedIn('admin'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/go-live': () => [200, { missing: [] }],
    });
    await renderStaff('/staff/');
    const list = await screen.findByRole('region', { name: 'Before you go live' });
    expect(await within(list).findByText(/Nothing is missing/)).toBeInTheDocument();
  });

  it('shows the list in Thai', async () => {
    fakeServer({
      ...signedIn('admin'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/go-live': () => [200, { missing: ['CONTACT'] }],
    });
    await renderStaff('/staff/', 'th');
    const list = await screen.findByRole('region', { name: 'ก่อนเปิดให้บริการจริง' });
    expect((await within(list).findAllByRole('listitem'))[0]).toHaveTextContent('ยังไม่ได้ตั้งช่องทางติดต่อ');
  });

  it('never shows the list to a finance clerk, nor asks for it', async () => {
    const calls = fakeServer({ ...signedIn('finance'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    await renderStaff('/staff/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Slips in review')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Before you go live' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/staff/go-live')).toBe(false);
  });

  it('sends an admin a test SMS through the site provider and shows its code, or why it was not sent', async () => {
    const sent: unknown[] = [];
    let answer: unknown = { sent: true, code: '482910' };
    fakeServer({
      ...signedIn('admin'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/go-live': () => [200, { missing: [] }],
      'POST /api/staff/go-live/test-sms': (body) => {
        sent.push(body);
        return [200, answer];
      },
    });
    await renderStaff('/staff/');
    const form = await screen.findByRole('form', { name: 'Send a test SMS' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Phone for a test SMS'), '0891234567');
    await user.click(within(form).getByRole('button', { name: 'Send a test SMS' }));
    expect(await within(form).findByText('Sent: the text should arrive with the code 482910.')).toBeInTheDocument();
    expect(sent).toEqual([{ phone: '0891234567' }]);
    answer = { sent: false, detail: 'ThaiBulkSMS answered 402 credit' };
    await user.click(within(form).getByRole('button', { name: 'Send a test SMS' }));
    expect(await within(form).findByText('Not sent: ThaiBulkSMS answered 402 credit')).toBeInTheDocument();
  });

  it('makes an admin a test QR code of the gateway and says where its payment will wait, or why there is none', async () => {
    let answer: unknown = { made: true, ref: 'QRTEST0A1B2C', amount: 20, qrcode: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' };
    fakeServer({
      ...signedIn('admin'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/go-live': () => [200, { missing: [] }],
      'POST /api/staff/go-live/test-qr': () => [200, answer],
    });
    await renderStaff('/staff/');
    const group = await screen.findByRole('group', { name: 'Make a test QR code' });
    const user = userEvent.setup();
    await user.click(within(group).getByRole('button', { name: 'Make a test QR code' }));
    expect(await within(group).findByRole('img', { name: 'Test QR code to pay 20.00 baht' })).toBeInTheDocument();
    expect(within(group).getByRole('status')).toHaveTextContent('the payment arrives in Unmatched payments as a test (QRTEST0A1B2C)');
    answer = { made: false, detail: 'Opn refused the charge: 401 authentication_failure' };
    await user.click(within(group).getByRole('button', { name: 'Make a test QR code' }));
    expect(
      await within(group).findByText('The payment gateway made no code: Opn refused the charge: 401 authentication_failure'),
    ).toBeInTheDocument();
  });
});
