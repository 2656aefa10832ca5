import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_RULES, type AlertSettings } from '../../../contract/staff-alerts';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const COUNTS = dashboardCounts();
const SETTINGS: AlertSettings = {
  channels: [
    { channel: 'line', enabled: false, tokenSet: false, target: '', lastSentAt: null, lastError: null, lastErrorAt: null },
    {
      channel: 'telegram',
      enabled: true,
      tokenSet: true,
      target: '-1001234567890',
      lastSentAt: '2026-11-28T10:00:00.000Z',
      lastError: 'rate_limited: Telegram answered 429 Too Many Requests: retry after 7',
      lastErrorAt: '2026-11-28T11:00:00.000Z',
    },
  ],
  rules: DEFAULT_ALERT_RULES,
  lang: 'th',
  open: [{ key: 'withdrawalWaiting', rule: 'withdrawalWaiting', firedAt: '2026-11-28T11:30:00.000Z' }],
};
const admin = (extra: Record<string, (body: unknown) => [number, unknown]> = {}) =>
  fakeServer({
    ...signedIn('admin'),
    'GET /api/staff/dashboard': () => [200, COUNTS],
    'GET /api/staff/alerts': () => [200, SETTINGS],
    ...extra,
  });

describe('alerts in the console', () => {
  it('shows the alerts open and each channel without its token; saves LINE with a token, a group and a reason', async () => {
    const user = userEvent.setup();
    let saved = SETTINGS;
    const calls = admin({
      'GET /api/staff/alerts': () => [200, saved],
      'PUT /api/staff/alerts/channels/line': () => {
        saved = {
          ...SETTINGS,
          channels: [{ ...SETTINGS.channels[0]!, enabled: true, tokenSet: true, target: 'C0123456789abcdef' }, SETTINGS.channels[1]!],
        };
        return [200, saved];
      },
    });
    await renderStaff('/staff/');
    await user.click(await screen.findByRole('link', { name: 'Alerts' }));
    expect(await screen.findByRole('heading', { name: 'Alerts', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Alerts now' })).toHaveTextContent('A withdrawal waits too long');

    const telegram = screen.getByRole('region', { name: 'Telegram' });
    expect(within(telegram).getByLabelText('Bot token')).toHaveValue('');
    expect(within(telegram).getByText('A token is set. Leave this empty to keep it.')).toBeInTheDocument();
    expect(telegram).toHaveTextContent('rate_limited: Telegram answered 429');

    const line = screen.getByRole('region', { name: 'LINE' });
    expect(within(line).getByRole('button', { name: 'Send a test message' })).toBeDisabled();
    await user.click(within(line).getByRole('checkbox', { name: 'Send alerts to LINE' }));
    await user.type(within(line).getByLabelText('Group ID'), 'C0123456789abcdef');
    await user.click(within(line).getByRole('button', { name: 'Save' }));
    expect(within(line).getByRole('alert')).toHaveTextContent('Enter the Channel access token.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    const token = within(line).getByLabelText('Channel access token');
    expect(token).toHaveAttribute('type', 'password');
    await user.type(token, 'line-token-0123456789');
    await user.type(within(line).getByLabelText('Reason'), 'on-call group');
    await user.click(within(line).getByRole('button', { name: 'Save' }));
    const saved1 = await screen.findByRole('region', { name: 'LINE' });
    expect(await within(saved1).findByText('A token is set. Leave this empty to keep it.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect([put?.url, put?.body, put?.headers['x-csrf-token']]).toEqual([
      '/api/staff/alerts/channels/line',
      { enabled: true, target: 'C0123456789abcdef', token: 'line-token-0123456789', reason: 'on-call group' },
      'csrf-1',
    ]);
  });

  it('sends a test message and says what the channel answered', async () => {
    const user = userEvent.setup();
    let answer: unknown = { sent: false, code: 'unauthorized' };
    const calls = admin({ 'POST /api/staff/alerts/channels/telegram/test': () => [200, answer] });
    await renderStaff('/staff/alerts');
    const telegram = await screen.findByRole('region', { name: 'Telegram' });
    await user.click(within(telegram).getByRole('button', { name: 'Send a test message' }));
    expect(await within(telegram).findByRole('alert')).toHaveTextContent(
      "The token was refused: copy it again from the provider's console.",
    );
    answer = { sent: true };
    await user.click(within(telegram).getByRole('button', { name: 'Send a test message' }));
    expect(await within(telegram).findByText('Test message sent: look in the group or chat.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.headers['x-csrf-token'])).toEqual(['csrf-1', 'csrf-1']);
  });

  it('changes a threshold, switches a rule off and picks Lao, with a reason', async () => {
    const user = userEvent.setup();
    const calls = admin({ 'PUT /api/staff/alerts/rules': (body) => [200, { ...SETTINGS, ...(body as object) }] });
    await renderStaff('/staff/alerts');
    const rules = await screen.findByRole('region', { name: 'Rules' });
    const withdrawals = within(rules).getByRole('group', { name: 'A withdrawal waits too long' });
    const minutes = within(withdrawals).getByRole('spinbutton', { name: 'Minutes a withdrawal may wait' });
    await user.clear(minutes);
    await user.type(minutes, '15');
    const slips = within(rules).getByRole('group', { name: 'Too many slips wait for review' });
    await user.click(within(slips).getByRole('checkbox'));
    expect(within(slips).getByRole('spinbutton')).toBeDisabled();
    await user.selectOptions(within(rules).getByLabelText('Language of the alerts'), 'la');
    await user.click(within(rules).getByRole('button', { name: 'Save the rules' }));
    expect(within(rules).getByRole('alert')).toHaveTextContent('Give a reason of 3 to 500 characters.');
    await user.type(within(rules).getByLabelText('Reason'), 'night shift');
    await user.click(within(rules).getByRole('button', { name: 'Save the rules' }));
    expect(await screen.findByText('Saved: the next alert pass uses these rules.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      rules: { ...DEFAULT_ALERT_RULES, withdrawalWaiting: { enabled: true, minutes: 15 }, slipQueue: { enabled: false, count: 10 } },
      lang: 'la',
      reason: 'night shift',
    });
  });

  it('tells a finance clerk the screen is not allowed, asking nothing, and keeps it out of the navigation', async () => {
    const calls = fakeServer({ ...signedIn('finance'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    await renderStaff('/staff/');
    await screen.findByRole('navigation', { name: 'Console' });
    expect(screen.queryByRole('link', { name: 'Alerts' })).not.toBeInTheDocument();
    await renderStaff('/staff/alerts');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/staff/alerts'))).toBe(false);
  });
});
