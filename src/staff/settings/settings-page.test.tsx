import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../../contract/staff';
import type { SettingEntry } from '../../../contract/staff-settings';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const COUNTS = dashboardCounts();
const LOCALIZED = {
  anyOf: [
    { type: 'string' },
    {
      type: 'object',
      properties: { th: { type: 'string' }, la: { type: 'string' }, en: { type: 'string' } },
      required: ['th'],
      additionalProperties: false,
    },
  ],
};
const SETTINGS: SettingEntry[] = [
  {
    key: 'registerOTP',
    value: true,
    schema: { type: 'boolean' },
    description: 'registration asks for an SMS code',
    twoAdmins: false,
    pending: null,
  },
  {
    key: 'retention',
    value: { guestChatQuietMinutes: 60 },
    schema: { type: 'object', properties: { guestChatQuietMinutes: { type: 'integer', minimum: 5, maximum: 43200 } } },
    description: 'when a quiet guest conversation is ended',
    twoAdmins: false,
    pending: null,
  },
  {
    key: 'notice',
    value: { th: 'ประกาศ <b>สำคัญ</b><script>window.pwned = 1</script>', la: 'ແຈ້ງການ', en: 'Notice <img src=x onerror="window.pwned=1">' },
    schema: LOCALIZED,
    description: "the notice on the member's home screen",
    twoAdmins: false,
    pending: null,
  },
];
const THRESHOLD = { approvalAboveBaht: 5000, approvalAboveKip: 1_000_000 };
const ADJUSTMENTS: SettingEntry = {
  key: 'adjustments',
  value: THRESHOLD,
  schema: {
    type: 'object',
    properties: { approvalAboveBaht: { type: 'number', minimum: 0 }, approvalAboveKip: { type: 'integer', minimum: 0 } },
    required: ['approvalAboveBaht', 'approvalAboveKip'],
  },
  description: 'above these amounts a second finance clerk or admin must approve',
  twoAdmins: true,
  pending: null,
};
const PROPOSAL = {
  id: 4,
  value: { approvalAboveBaht: 9000, approvalAboveKip: 1_000_000 },
  reason: 'busier evenings',
  proposedBy: 'staff:malee',
  proposedAt: '2026-11-20T08:30:00.000Z',
};
const HISTORY: AuditRow[] = [
  {
    id: 7,
    at: '2026-11-20T08:30:00.000Z',
    actor: { kind: 'cli', username: 'system' },
    action: 'settings.set',
    target: 'setting:registerOTP',
    member: null,
    money: null,
    before: false,
    after: true,
    reason: null,
    ip: null,
  },
];
const admin = (extra: Record<string, (body: unknown) => [number, unknown]> = {}) =>
  fakeServer({
    ...signedIn('admin'),
    'GET /api/staff/dashboard': () => [200, COUNTS],
    'GET /api/staff/settings': () => [200, { settings: SETTINGS }],
    'GET /api/staff/settings/registerOTP/history': () => [200, { rows: HISTORY, more: false }],
    'GET /api/staff/settings/retention/history': () => [200, { rows: [], more: false }],
    'GET /api/staff/settings/notice/history': () => [200, { rows: [], more: false }],
    ...extra,
  });

describe('settings in the console', () => {
  it('saves a boolean setting with a reason and the CSRF header, and shows its history', async () => {
    const user = userEvent.setup();
    const calls = admin({
      'PUT /api/staff/settings/registerOTP': (body) => [200, { ...SETTINGS[0], value: (body as { value: unknown }).value }],
    });
    await renderStaff('/staff/');
    await user.click(await screen.findByRole('link', { name: 'Settings' }));
    await user.click(await screen.findByRole('button', { name: 'Edit registerOTP' }));
    expect(await screen.findByText('system (command line)')).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: 'registerOTP' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give a reason of 3 to 500 characters.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText('Reason'), 'OTP provider down');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Members see the change now.')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.url, c.body, c.headers['x-csrf-token']])).toEqual([
      ['/api/staff/settings/registerOTP', { value: false, reason: 'OTP provider down' }, 'csrf-1'],
    ]);
  });

  it("shows the server's detail when it refuses the value", async () => {
    const user = userEvent.setup();
    const detail = 'invalid value for retention: /guestChatQuietMinutes must be >= 5';
    const calls = admin({ 'PUT /api/staff/settings/retention': () => [400, { message: 'SETTING_INVALID', detail }] });
    await renderStaff('/staff/settings');
    await user.click(await screen.findByRole('button', { name: 'Edit retention' }));
    const minutes = screen.getByRole('spinbutton', { name: 'guestChatQuietMinutes' });
    expect(minutes).toHaveAttribute('min', '5');
    await user.clear(minutes);
    await user.type(minutes, '1');
    await user.type(screen.getByLabelText('Reason'), 'shorter chats');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.getByRole('alert')).toHaveTextContent('The value does not match what this setting takes; nothing was saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ value: { guestChatQuietMinutes: 1 }, reason: 'shorter chats' });
  });

  it('previews the notice in Thai, Lao and English sanitised as members see it: no script, no handler', async () => {
    const user = userEvent.setup();
    admin();
    const { container } = await renderStaff('/staff/settings');
    await user.click(await screen.findByRole('button', { name: 'Edit notice' }));
    const thai = screen.getByRole('region', { name: 'Thai' });
    expect(within(thai).getByText('สำคัญ').tagName).toBe('B');
    expect(within(screen.getByRole('region', { name: 'Lao' })).getByText('ແຈ້ງການ')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'English' })).getByText(/Notice/)).toBeInTheDocument();
    const preview = container.querySelector('.staff-setting-preview')!;
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('[onerror]')).toBeNull();
    expect(preview.innerHTML).not.toContain('pwned');

    // the preview follows the form: Lao left empty shows the Thai, as members reading Lao get it
    await user.clear(screen.getByRole('textbox', { name: 'Lao' }));
    expect(within(screen.getByRole('region', { name: 'Lao' })).getByText('สำคัญ')).toBeInTheDocument();
  });

  it('a change of the money policy is a proposal: the proposer is told it waits, and cannot decide it', async () => {
    const user = userEvent.setup();
    const mine = { ...PROPOSAL, proposedBy: 'staff:somchai' };
    let proposed = false;
    const calls = admin({
      'GET /api/staff/settings': () => [200, { settings: [{ ...ADJUSTMENTS, pending: proposed ? mine : null }] }],
      'GET /api/staff/settings/adjustments/history': () => [200, { rows: [], more: false }],
      'PUT /api/staff/settings/adjustments': () => {
        proposed = true;
        return [200, { ...ADJUSTMENTS, pending: mine }];
      },
    });
    await renderStaff('/staff/settings');
    await user.click(await screen.findByRole('button', { name: 'Edit adjustments' }));
    expect(screen.getByText('This setting is the money policy: a change waits until a second admin approves it.')).toBeInTheDocument();
    const baht = screen.getByRole('spinbutton', { name: 'approvalAboveBaht' });
    await user.clear(baht);
    await user.type(baht, '9000');
    await user.type(screen.getByLabelText('Reason'), 'busier evenings');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Proposed: it applies when a second admin approves it.')).toBeInTheDocument();
    // the list asked again shows the proposal to its proposer, with no way to decide it
    const waiting = await screen.findByRole('region', { name: 'A change waits for a second admin' });
    expect(waiting).toHaveTextContent('You proposed it: another admin approves or rejects it.');
    expect(within(waiting).queryByRole('button', { name: 'Approve the change' })).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      value: { ...THRESHOLD, approvalAboveBaht: 9000 },
      reason: 'busier evenings',
    });
  });

  it('says before saving which changes of the deposit accounts and the QR payee wait for a second admin', async () => {
    const user = userEvent.setup();
    const entry = (key: string): SettingEntry => ({
      key,
      value: {},
      schema: { type: 'object' },
      description: key,
      twoAdmins: false,
      pending: null,
    });
    admin({
      'GET /api/staff/settings': () => [200, { settings: [entry('deposit'), entry('qrcode'), SETTINGS[0]] }],
      'GET /api/staff/settings/deposit/history': () => [200, { rows: [], more: false }],
      'GET /api/staff/settings/qrcode/history': () => [200, { rows: [], more: false }],
      'GET /api/staff/settings/registerOTP/history': () => [200, { rows: [], more: false }],
    });
    await renderStaff('/staff/settings');
    await user.click(await screen.findByRole('button', { name: 'Edit deposit' }));
    expect(screen.getByText(/^Adding a deposit account, bringing a retired one back/)).toHaveTextContent(
      'retiring, removing or renaming applies at once',
    );
    await user.click(screen.getByRole('button', { name: 'Back to the settings' }));
    await user.click(await screen.findByRole('button', { name: 'Edit qrcode' }));
    expect(
      screen.getByText(
        'A change of the biller ID or the TrueMoney number waits until a second admin approves it; the rest applies at once.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the settings' }));
    await user.click(await screen.findByRole('button', { name: 'Edit registerOTP' }));
    expect(screen.queryByText(/waits until a second admin/)).toBeNull();
  });

  it('another admin sees the waiting change and approves it with the CSRF header', async () => {
    const user = userEvent.setup();
    let decided = false;
    const calls = admin({
      'GET /api/staff/settings': () => [
        200,
        { settings: [decided ? { ...ADJUSTMENTS, value: PROPOSAL.value } : { ...ADJUSTMENTS, pending: PROPOSAL }] },
      ],
      'GET /api/staff/settings/adjustments/history': () => [200, { rows: [], more: false }],
      'POST /api/staff/settings/proposals/4/approve': () => {
        decided = true;
        return [200, { ...ADJUSTMENTS, value: PROPOSAL.value }];
      },
    });
    await renderStaff('/staff/settings');
    await user.click(await screen.findByRole('button', { name: 'Edit adjustments' }));
    const waiting = screen.getByRole('region', { name: 'A change waits for a second admin' });
    expect(waiting).toHaveTextContent('Proposed by staff:malee');
    expect(waiting).toHaveTextContent('busier evenings');
    await user.click(within(waiting).getByRole('button', { name: 'Approve the change' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve the change of adjustments' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and apply' }));
    expect(await screen.findByText('Approved: adjustments is changed.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect([post?.url, post?.body, post?.headers['x-csrf-token']]).toEqual(['/api/staff/settings/proposals/4/approve', {}, 'csrf-1']);
  });

  it('tells a finance clerk the screen is not allowed, asking nothing, and keeps it out of the navigation', async () => {
    const calls = fakeServer({ ...signedIn('finance'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    await renderStaff('/staff/');
    await screen.findByRole('navigation', { name: 'Console' });
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    await renderStaff('/staff/settings');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/staff/settings'))).toBe(false);
  });
});
