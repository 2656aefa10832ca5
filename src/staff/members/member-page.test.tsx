import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemberPage } from '../../../contract/staff-members';
import { fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const page = (over: Partial<MemberPage> = {}): MemberPage => ({
  id: 7,
  phone: '0812345678',
  name: 'Somchai Jaidee',
  status: 'active',
  currency: 'BAHT',
  createdAt: '2026-01-02T03:04:00.000Z',
  bank: { code: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE' },
  overview: {
    deposits: { count: 3, amount: 6250.5 },
    withdrawals: { count: 1, amount: 300 },
    bonuses: { count: 2, amount: 150 },
    net: 5950.5,
    firstDeposit: { amount: 5000, at: '2026-11-01T03:00:00.000Z' },
    lastSignInAt: '2026-11-20T08:00:00.000Z',
  },
  balances: { wallet: 1250.5, games: [{ code: 'PG', name: 'PG Soft', amount: 100 }], coins: 5, refund: 12.25 },
  statement: [
    {
      _id: 31,
      statementType: 'transfer',
      status: 'SUCCESS',
      from: 'WALLET',
      to: 'PG',
      amount: -100,
      createdAt: '2026-11-20T08:30:00.000Z',
      provider: { code: 'PG', name: 'PG Soft' },
    },
    {
      _id: 29,
      statementType: 'withdraw',
      status: 'FAILED',
      from: 'WALLET',
      to: 'BANK',
      amount: -300,
      createdAt: '2026-11-19T09:00:00.000Z',
      rejectReason: 'WITHDRAW_NAME_MISMATCH',
    },
  ],
  slips: [{ id: 4, reference: 'REF4', status: 'SUCCESS', note: null, amount: 500, createdAt: '2026-11-19T08:30:00.000Z' }],
  withdrawals: [],
  bonus: { id: 41, name: 'Welcome 100%', turnoverLeft: 4200, amount: 2100, hold: null },
  sessions: [
    {
      id: 11,
      createdAt: '2026-11-20T08:00:00.000Z',
      lastSeenAt: '2026-11-20T08:40:00.000Z',
      expiresAt: '2026-11-21T08:00:00.000Z',
      userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ip: '203.0.113.9',
    },
  ],
  chat: {
    open: true,
    unread: 1,
    lines: [
      { id: 5, sender: 'customer', type: 'text', text: 'My deposit has not arrived', createdAt: '2026-11-20T08:35:00.000Z' },
      { id: 6, sender: 'bot', type: 'text', text: 'Hello! How can we help?', createdAt: '2026-11-20T08:35:01.000Z' },
    ],
  },
  ...over,
});

async function open(role: 'agent' | 'finance' | 'admin', more: Record<string, (body: unknown) => [number, unknown]> = {}) {
  const calls = fakeServer({ ...signedIn(role), 'GET /api/staff/members/7': () => [200, page()], ...more });
  await renderStaff('/staff/members/7');
  expect(await screen.findByRole('heading', { name: 'Somchai Jaidee #7' })).toHaveFocus();
  return calls;
}

describe('a member’s page', () => {
  it('shows the profile, balances, statement, slips, withdrawals, bonus, sessions and the support chat', async () => {
    const calls = await open('agent');
    // the statement's names in the console's language
    expect(calls.find((c) => c.url.startsWith('/api/staff/members/7'))?.url).toBe('/api/staff/members/7?lang=en');
    for (const name of ['Profile', 'Balances', 'Statement (latest 20)', 'Slips', 'Withdrawals', 'Bonus', 'Open sessions', 'Support chat'])
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    expect(screen.getByText('1,250.50')).toBeInTheDocument();
    expect(screen.getByText('12.25')).toBeInTheDocument();
    const games = screen.getByRole('table', { name: 'Game accounts' });
    expect(within(games).getAllByRole('row')[1]).toHaveTextContent('PG Soft100.00');
    const [, line, rejected] = within(screen.getByRole('table', { name: 'Statement lines, newest first' })).getAllByRole('row');
    // the sentences the member reads in the app, a rejected withdrawal's why among them
    expect(line).toHaveTextContent(/31.*Transfer to PG Soft transfer.*-100\.00.*Success/);
    expect(rejected).toHaveTextContent(
      'Rejected: the money is back in your walletThe name on your bank account does not match the name you registered. Please contact support.',
    );
    expect(screen.getByRole('table', { name: 'Slips, newest first' })).toHaveTextContent('REF4');
    expect(screen.getByText('No withdrawals.')).toBeInTheDocument();
    expect(screen.getByText(/Turnover left: 4,200.00/)).toBeInTheDocument();
    const session = screen.getByText(/Signed in .*last seen/).closest('li')!;
    expect(session).toHaveTextContent(/Chrome · Android · 203\.0\.113\.9/);
    const chat = screen.getByRole('list', { name: 'The latest messages, oldest first' });
    expect(
      within(chat)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Member.*My deposit has not arrived$/),
      expect.stringMatching(/^Greeter.*Hello! How can we help\?$/),
    ]);
    expect(screen.getByText(/1 of the member's messages are not read yet/)).toBeInTheDocument();
  });

  it('says when the member never wrote to support, and a bonus ended by staff as the member reads it', async () => {
    fakeServer({
      ...signedIn('agent'),
      'GET /api/staff/members/7': () => [
        200,
        page({
          chat: null,
          bonus: null,
          statement: [
            {
              _id: 40,
              statementType: 'finish_bonus',
              status: 'SUCCESS',
              from: 'WALLET',
              to: 'BONUS',
              amount: 0,
              createdAt: '2026-11-20T09:00:00.000Z',
              bonus: { code: 'DAY', description: 'Daily 10%', finishReason: 'STAFF' },
            },
          ],
        }),
      ],
    });
    await renderStaff('/staff/members/7');
    await screen.findByRole('heading', { name: 'Somchai Jaidee #7' });
    expect(screen.getByText('The member never wrote to support.')).toBeInTheDocument();
    const [, line] = within(screen.getByRole('table', { name: 'Statement lines, newest first' })).getAllByRole('row');
    expect(line).toHaveTextContent(/Bonus ended by our staff · Daily 10%.*no money moved/);
    expect(screen.queryByRole('button', { name: 'End bonus' })).not.toBeInTheDocument();
  });

  it('offers an agent no disable and no session ending', async () => {
    await open('agent');
    expect(screen.queryByRole('button', { name: 'Disable member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /End session/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End bonus' })).not.toBeInTheDocument();
  });

  it('ends the running bonus only with a reason, and says so', async () => {
    const user = userEvent.setup();
    const calls = await open('finance', { 'POST /api/staff/members/7/bonus/end': () => [200, { message: 'SUCCESS' }] });
    await user.click(screen.getByRole('button', { name: 'End bonus' }));
    const dialog = screen.getByRole('alertdialog', { name: 'End Welcome 100%' });
    expect(dialog).toHaveTextContent(/No money moves/);
    const submit = within(dialog).getByRole('button', { name: 'End the bonus' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'promised by phone');
    await user.click(submit);
    await screen.findByText('Welcome 100% of Somchai Jaidee has ended.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body, c.headers['x-csrf-token']])).toEqual([
      ['/api/staff/members/7/bonus/end', { reason: 'promised by phone', bonusId: 41 }, 'csrf-1'],
    ]);
  });

  it('says when ending the bonus waits for a second person, and the page then shows who asked it', async () => {
    const user = userEvent.setup();
    let asked = false;
    const held = page({
      bonus: {
        id: 41,
        name: 'Welcome 100%',
        turnoverLeft: 4200,
        amount: 2100,
        hold: { amount: 2100, askedBy: 'staff:somchai', askedAt: '2026-11-20T09:00:00.000Z', reason: 'promised by phone', because: 'day' },
      },
    });
    await open('finance', {
      'POST /api/staff/members/7/bonus/end': () => {
        asked = true;
        return [202, { message: 'CREDIT_WAITS' }];
      },
      // asked again after the call: now with the end waiting for someone else
      'GET /api/staff/members/7': () => [200, asked ? held : page()],
    });
    await user.click(screen.getByRole('button', { name: 'End bonus' }));
    const dialog = screen.getByRole('alertdialog', { name: 'End Welcome 100%' });
    expect(dialog).toHaveTextContent(/counts as your credit of 2,100\.00/);
    await user.type(within(dialog).getByLabelText('Reason'), 'promised by phone');
    await user.click(within(dialog).getByRole('button', { name: 'End the bonus' }));
    await screen.findByText(/Not ended yet: freeing 2,100\.00 passes what you may credit alone/);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(/somchai asked to end Welcome 100% at .*, which frees 2,100\.00 of bonus money/);
    expect(note).toHaveTextContent('Another finance clerk or admin must approve it.');
    // the asker's own second end would be refused: they have no button for it
    expect(screen.queryByRole('button', { name: 'End bonus' })).not.toBeInTheDocument();
  });

  it('offers a second clerk to end the bonus another one asked', async () => {
    const hold = {
      amount: 2100,
      askedBy: 'staff:noi',
      askedAt: '2026-11-20T09:00:00.000Z',
      reason: 'promised by phone',
      because: 'amount' as const,
    };
    await open('finance', {
      'GET /api/staff/members/7': () => [200, page({ bonus: { id: 41, name: 'Welcome 100%', turnoverLeft: 4200, amount: 2100, hold } })],
    });
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(/noi asked to end Welcome 100%.*It is above what one person may credit alone/);
    expect(note).toHaveTextContent('Their reason: promised by phone');
    expect(note).toHaveTextContent('Your “End bonus” ends it.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'End bonus' }));
    expect(screen.getByRole('alertdialog', { name: 'End Welcome 100%' })).toHaveTextContent(
      "noi asked to end it: your end applies it, and counts against no one's allowance.",
    );
  });

  it('tells an agent who must approve a waiting end, and offers them nothing', async () => {
    const hold = { amount: 2100, askedBy: 'staff:noi', askedAt: '2026-11-20T09:00:00.000Z', reason: null, because: 'day' as const };
    await open('agent', {
      'GET /api/staff/members/7': () => [200, page({ bonus: { id: 41, name: 'Welcome 100%', turnoverLeft: 4200, amount: 2100, hold } })],
    });
    expect(screen.getByRole('note')).toHaveTextContent('Another finance clerk or admin must approve it.');
    expect(screen.queryByRole('button', { name: 'End bonus' })).not.toBeInTheDocument();
  });

  it('says so when the bonus seen is no longer the one running, and shows the one running now', async () => {
    const user = userEvent.setup();
    let refused = false;
    await open('finance', {
      'POST /api/staff/members/7/bonus/end': () => {
        refused = true;
        return [409, { message: 'BONUS_CHANGED' }];
      },
      'GET /api/staff/members/7': () => [
        200,
        refused ? page({ bonus: { id: 42, name: 'Weekly 5%', turnoverLeft: 900, amount: 300, hold: null } }) : page(),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'End bonus' }));
    const dialog = screen.getByRole('alertdialog', { name: 'End Welcome 100%' });
    await user.type(within(dialog).getByLabelText('Reason'), 'promised by phone');
    await user.click(within(dialog).getByRole('button', { name: 'End the bonus' }));
    expect(
      await screen.findByText(/The bonus you saw is no longer running: the member has another one now\. Nothing was ended/),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Weekly 5%')).toBeVisible();
  });

  it('disables only with a reason, sending the session’s CSRF token', async () => {
    const user = userEvent.setup();
    const calls = await open('finance', { 'POST /api/staff/members/7/disable': () => [200, { message: 'SUCCESS' }] });
    await user.click(screen.getByRole('button', { name: 'Disable member' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disable Somchai Jaidee' });
    const submit = within(dialog).getByRole('button', { name: 'Disable and end sessions' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'ok');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), ' fraud check');
    await user.click(submit);
    await screen.findByText('Somchai Jaidee is disabled; their sessions ended.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.body, c.headers['x-csrf-token']])).toEqual([
      ['/api/staff/members/7/disable', { reason: 'ok fraud check' }, 'csrf-1'],
    ]);
  });

  it('ends one session for finance', async () => {
    const user = userEvent.setup();
    const calls = await open('finance', { 'POST /api/staff/members/7/sessions/11/revoke': () => [200, { message: 'SUCCESS' }] });
    await user.click(screen.getByRole('button', { name: /End session/ }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/staff/members/7/sessions/11/revoke']);
  });
  it('shows an admin what staff did to the member, with the amounts, and a finance clerk nothing of the trail', async () => {
    const calls = await open('admin', {
      'GET /api/staff/audit?target=member%3A0812345678': () => [
        200,
        {
          rows: [
            {
              id: 31,
              at: '2026-11-20T09:00:00.000Z',
              actor: { kind: 'staff', username: 'malee' },
              action: 'slip.approve',
              target: 'slip:4',
              before: { status: 'REVIEW', amount: 100 },
              after: { status: 'SUCCESS', amount: 100 },
              reason: null,
              ip: '203.0.113.7',
              member: { id: 7, phone: '0812345678' },
              money: '100.00 BAHT',
            },
          ],
          more: false,
        },
      ],
    });
    const section = (await screen.findByRole('heading', { name: 'What staff did' })).closest('section')!;
    const row = await within(section).findByRole('row', { name: /slip\.approve/ });
    expect(row).toHaveTextContent('100.00 BAHT');
    expect(within(row).getByRole('link', { name: '0812345678' })).toHaveAttribute('href', '/staff/members/7');
    expect(calls.filter((c) => c.url.startsWith('/api/staff/audit'))).toHaveLength(1);

    cleanup();
    const clerk = await open('finance');
    expect(screen.queryByRole('heading', { name: 'What staff did' })).not.toBeInTheDocument();
    expect(clerk.filter((c) => c.url.startsWith('/api/staff/audit'))).toEqual([]);
  });
});

describe('a member’s withdrawals', () => {
  it('show a bank reference only for a paid one, each labelled by its state; a rejected one what the member was told and why', async () => {
    const withdrawal = (id: number, status: string, payoutRef: string | null, more: object = {}) => ({
      id,
      status,
      amount: 300,
      bankCode: '004',
      bankAccountNo: '1234567890',
      payoutRef,
      rejectReason: null,
      staffReason: null,
      createdAt: '2026-11-20T09:00:00.000Z',
      ...more,
    });
    const rejected = withdrawal(7, 'FAILED', null, {
      rejectReason: 'WITHDRAW_ASK_SUPPORT',
      staffReason: 'asked twice, the other one paid',
    });
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/members/7': () => [
        200,
        page({ withdrawals: [withdrawal(9, 'PENDING', 'sandbox-9'), withdrawal(8, 'SUCCESS', 'KB-778'), rejected] }),
      ],
      'GET /api/staff/banks': () => [200, { banks: [{ code: 'KBANK', slipCode: '004', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' }] }],
    });
    await renderStaff('/staff/members/7');
    const table = await screen.findByRole('table', { name: 'Withdrawals, newest first' });
    await within(table).findAllByText('Kasikornbank');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.map((r) => r.slice(2))).toEqual([
      ['Kasikornbank (004) 1234567890', 'Waiting to be paid', '—'],
      ['Kasikornbank (004) 1234567890', 'Paid', 'KB-778'],
      [
        'Kasikornbank (004) 1234567890',
        'RejectedMember told: Please contact support to learn why.Staff reason: asked twice, the other one paid',
        '—',
      ],
    ]);
    expect(screen.queryByText('sandbox-9')).not.toBeInTheDocument();
  });
});

describe('a member’s overview', () => {
  it('comes first: lifetime figures, the first deposit and the last sign-in; games with no balance folded away', async () => {
    const games = [
      { code: 'PG', name: 'PG Soft', amount: 100 },
      { code: 'JOKER', name: 'Joker', amount: 0 },
      { code: 'SLOTXO', name: 'SlotXO', amount: 0 },
    ];
    fakeServer({
      ...signedIn('agent'),
      'GET /api/staff/members/7': () => [200, page({ balances: { wallet: 1250.5, games, coins: 5, refund: 12.25 } })],
    });
    await renderStaff('/staff/members/7');
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings[0]).toBe('Overview');
    const overview = screen.getByRole('heading', { name: 'Overview' }).parentElement!;
    const facts = within(overview)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);
    expect(facts.slice(0, 4)).toEqual([
      'Deposits, lifetime: 6,250.50 (3 times)',
      'Withdrawals paid, lifetime: 300.00 (1 time)',
      'Bonuses, lifetime: 150.00 (2 times)',
      'Net (deposits less withdrawals): 5,950.50',
    ]);
    expect(facts[4]).toMatch(/^First deposit: 5,000.00 · /);
    expect(facts[5]).toMatch(/^Last sign-in: Nov 20, 2026/);
    // the one game with money is listed; the others fold into one line
    const games_ = screen.getByRole('table', { name: 'Game accounts' });
    expect(within(games_).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('2 games with no balance')).toBeInTheDocument();
  });
});
