import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrencyReport, StaffReport } from '../../contract/staff-reports.js';
import { csvText } from '../src/modules/staff/report-csv.js';
import { send, textPackage } from './chat-helpers.js';
import { setSetting } from './deposit-helpers.js';
import { call, DEMO_MEMBER, message } from './helper.js';
import { get, newMember, operatorDeposit } from './bonus-helpers.js';
import { queueServer, reviewSlip } from './staff-queue-helpers.js';
import { signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';

const DAY = 24 * 60 * 60 * 1000;
/** The local date of an instant on a Bangkok site (the test servers' TIME_ZONE). */
const dateOf = (time: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(time));

/** Reports (issue 23): the figures of a day of work equal what was done, outside the period nothing counts, the CSV says the same. */
describe('staff reports', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  let from: string;
  let to: string;
  const ok = async (browser: StaffBrowser, res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r;
  };
  const whole = async (f = from, t = to, browser = q.finance) =>
    JSON.parse((await ok(browser, staffCall(q.server, browser, 'GET', `/reports?from=${f}&to=${t}`))).body) as StaffReport;
  const report = async (f = from, t = to, browser = q.finance) => (await whole(f, t, browser)).currencies;
  const member = (path: string, body: unknown, token = q.token) => call(q.server.app, 'POST', path, body, { token });

  beforeAll(async () => {
    // the demo member's 5,000 baht from the operator (queueServer) is the day's first deposit
    q = await queueServer();
    await setSetting(q.server, 'deposit', { ...q.server.ctx.settings.get('deposit'), isManual: true });
    // yesterday and today: the operator's deposit (at the machine's time) is inside even across a midnight
    from = dateOf(q.server.clock.now - DAY);
    to = dateOf(q.server.clock.now);
    const fin = q.finance;
    // a slip the clerk approves: 1,500 baht
    const slip = await reviewSlip(q.server, 150_000);
    await ok(fin, staffCall(q.server, fin, 'POST', `/slips/${slip.id}/approve`, {}));
    // a manual deposit request confirmed: 250 baht
    const asked = await member('/api/wallet/add', { amount: 250 });
    await ok(fin, staffCall(q.server, fin, 'POST', `/deposit-requests/${(asked.json() as { requestId: number }).requestId}/confirm`, {}));
    // one of 9,000 the clerk confirms past their allowance: it waits for a second person, confirmed by no one yet
    const large = await member('/api/wallet/add', { amount: 9000 });
    const held = await staffCall(
      q.server,
      fin,
      'POST',
      `/deposit-requests/${(large.json() as { requestId: number }).requestId}/confirm`,
      {},
    );
    expect([held.statusCode, message(held)]).toEqual([202, 'CREDIT_WAITS']);
    // a staff credit of 20 baht and a debit of 5.50
    for (const [kind, amount] of [
      ['credit', 20],
      ['debit', 5.5],
    ] as const)
      await ok(fin, staffCall(q.server, fin, 'POST', '/adjustments', { phone: DEMO_MEMBER.phone, kind, amount, reason: 'count' }));
    // withdrawals: 300 paid, 100 rejected, 150 waiting
    const withdraw = async (amount: number) =>
      ((await member('/api/wallet/withdraw', { amount })).json() as { withdrawalId: number }).withdrawalId;
    await ok(fin, staffCall(q.server, fin, 'POST', `/withdrawals/${await withdraw(300)}/pay`, { reference: 'FT26112500001' }));
    await ok(fin, staffCall(q.server, fin, 'POST', `/withdrawals/${await withdraw(100)}/reject`, { reason: 'wrong account' }));
    expect(await withdraw(150)).toBeGreaterThan(0);
    // PG: 400 in, a win of 10 and a loss of 5 booked by two refreshes, 120.25 out
    await get(q.server, q.token, '/api/wallet/activate/PG');
    expect(message(await member('/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 400 }))).toBe('SUCCESS');
    const { username, password } = (await get(q.server, q.token, '/api/wallet/account/PG')).json() as {
      username: string;
      password: string;
    };
    for (const [stake, win] of [
      [1000, true],
      [500, false],
    ] as const) {
      await q.server.ctx.sandboxGames!.playRound('PG', username, password, stake, win);
      await get(q.server, q.token, '/api/wallet/refresh/slot?fresh=1');
    }
    expect(message(await member('/api/wallet/transfer', { from: 'PG', to: 'WALLET', amount: 120.25 }))).toBe('SUCCESS');
    // another member: 100 from the operator and the first-deposit bonus of 100
    const other = await newMember(q.server);
    await operatorDeposit(q.server, other.phone, 100);
    expect((await get(q.server, other.token, '/api/bonus/activate/FIRSTDEP100')).json()).toMatchObject({ amount: 100 });
  });
  afterAll(() => q.close());

  const expected: CurrencyReport = {
    currency: 'BAHT',
    deposits: [
      { channel: 'slip', count: 1, amount: 1500 },
      { channel: 'qr', count: 0, amount: 0 },
      { channel: 'giftLink', count: 0, amount: 0 },
      { channel: 'manual', count: 1, amount: 250 },
      { channel: 'operator', count: 2, amount: 5100 },
      { channel: 'other', count: 0, amount: 0 },
    ],
    adjustments: { credits: { count: 1, amount: 20 }, debits: { count: 1, amount: 5.5 } },
    withdrawals: { paid: { count: 1, amount: 300 }, rejected: { count: 1, amount: 100 }, pending: { count: 1, amount: 150 } },
    bonuses: { granted: { count: 1, amount: 100 }, finished: 0, forfeited: 0 },
    providers: [
      { provider: 'PG', transfersIn: { count: 1, amount: 400 }, transfersOut: { count: 1, amount: 120.25 }, won: 10, lost: 5, net: -5 },
    ],
    // in: 1,500 + 250 + 5,100 + 20; out: 300 + 5.50
    net: 6564.5,
  };

  it('sums the period by channel, withdrawals, bonuses and provider as they were done', async () => {
    expect(await report()).toEqual([expected]);
  });

  it('answers the same figures as a CSV file Excel opens, named after the period and never cached', async () => {
    const res = await staffCall(q.server, q.finance, 'GET', `/reports.csv?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-${from}-to-${to}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(',').map((cell) => cell.replace(/^"(.*)"$/, '$1')));
    expect(rows[0]).toEqual(['currency', 'section', 'subject', 'item', 'count', 'amount']);
    const cell = (section: string, item: string, provider = '') => rows.find((r) => r[1] === section && r[3] === item && r[2] === provider);
    expect(cell('deposits', 'slip')).toEqual(['BAHT', 'deposits', '', 'slip', '1', '1500.00']);
    expect(cell('deposits', 'operator')?.slice(4)).toEqual(['2', '5100.00']);
    expect(cell('withdrawals', 'pending')?.slice(4)).toEqual(['1', '150.00']);
    expect(cell('bonuses', 'granted')?.slice(4)).toEqual(['1', '100.00']);
    expect(cell('games', 'transfers out', 'PG')?.slice(4)).toEqual(['1', '120.25']);
    // a negative amount stays a number
    expect(cell('games', 'net', 'PG')?.slice(4)).toEqual(['', '-5.00']);
    expect(cell('net', 'net')?.slice(4)).toEqual(['', '6564.50']);
  });

  it("counts the new members and the first deposits of each day: a member's later deposits are not first", async () => {
    const { members } = await whole();
    expect(members.map((m) => m.currency)).toEqual(['BAHT']);
    const [baht] = members;
    // both days listed, in order; the period's two members joined today (the demo member seeded at start, the other)
    expect(baht!.days.map((d) => d.date)).toEqual([from, to]);
    expect(baht!.days[0]).toEqual({ date: from, newMembers: 0, firstDeposits: { count: 0, amount: 0 } });
    // first deposits: the demo member's 5,000 from the operator and the other's 100; the slip and the request came after
    expect(baht!.days[1]).toEqual({ date: to, newMembers: 2, firstDeposits: { count: 2, amount: 5100 } });
    expect([baht!.newMembers, baht!.firstDeposits]).toEqual([2, { count: 2, amount: 5100 }]);
  });

  it('tells what each staff member decided and answered, and the median wait for their first answers', async () => {
    const inbox = (action: string, body: unknown = {}) =>
      staffCall(q.server, q.agent, 'POST', `/inbox/${encodeURIComponent(room)}/${action}`, body);
    // the member writes twice; the agent answers after 90 s; later the member writes again, answered after 30 s
    expect((await send(q.server, textPackage('my deposit?', {}), q.token)).statusCode).toBe(200);
    q.server.clock.now += 10_000;
    expect((await send(q.server, textPackage('hello?', {}), q.token)).statusCode).toBe(200);
    const room = `member:${(await q.server.ctx.database.db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow()).id}`;
    expect(message(await inbox('take'))).toBe('SUCCESS');
    q.server.clock.now += 80_000;
    for (const text of ['Checking now', 'It is credited'])
      expect((await inbox('messages', { type: 'text', message: text })).statusCode).toBe(200);
    expect((await send(q.server, textPackage('thanks, one more', {}), q.token)).statusCode).toBe(200);
    q.server.clock.now += 30_000;
    expect((await inbox('messages', { type: 'text', message: 'Yes?' })).statusCode).toBe(200);

    const { staff } = await whole();
    const fin = staff.find((p) => p.username === 'fin');
    expect(fin).toMatchObject({
      slipsApproved: 1,
      depositRequestsConfirmed: 1,
      withdrawalsPaid: 1,
      withdrawalsRejected: 1,
      chatMessages: 0,
      firstAnswers: 0,
      firstAnswerMedianSeconds: null,
    });
    // waits of 90 s and 30 s: the median of two is their mean
    expect(staff.find((p) => p.username === 'agt')).toMatchObject({
      slipsApproved: 0,
      chatMessages: 3,
      chatConversations: 1,
      firstAnswers: 2,
      firstAnswerMedianSeconds: 60,
    });
    // the CSV lists the same, by staff member
    const res = await staffCall(q.server, q.finance, 'GET', `/reports.csv?from=${from}&to=${to}`);
    const lines = res.body.split('\r\n');
    expect(lines).toContain('"","staff","agt","first answer median seconds",60,');
    expect(lines).toContain('"","staff","fin","withdrawals paid",1,');
    expect(lines).toContain(`"BAHT","members","${to}","first deposits",2,5100.00`);
  });

  it('escapes a text cell a spreadsheet would run as a formula, and doubles quotes', () => {
    expect(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tcmd', 'PG', 'ไทย "quoted"'].map(csvText)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `"'+1"`,
      `"'-2"`,
      `"'@SUM(A1)"`,
      `"'\tcmd"`,
      '"PG"',
      '"ไทย ""quoted"""',
    ]);
  });

  it('answers 400 KEY_INVALID for a date that is no day, a reversed period or one longer than 92 days, KEY_MISSING without one', async () => {
    for (const query of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-11-02&to=2026-11-01',
      'from=2026-01-01&to=2026-04-03',
      'from=20261101&to=2026-11-01',
    ]) {
      for (const path of ['/reports', '/reports.csv']) {
        const res = await staffCall(q.server, q.finance, 'GET', `${path}?${query}`);
        expect([path, query, res.statusCode, message(res)]).toEqual([path, query, 400, 'KEY_INVALID']);
      }
    }
    // a missing date is missing, as everywhere
    expect(message(await staffCall(q.server, q.finance, 'GET', '/reports?to=2026-11-01'))).toBe('KEY_MISSING');
    // 92 days is the longest period
    expect((await staffCall(q.server, q.finance, 'GET', '/reports?from=2026-01-01&to=2026-04-02')).statusCode).toBe(200);
  });

  // last: the clock moves on three days, so the clerk signed in at the start has gone idle
  it('leaves out what happened on a day outside the period, and counts it in its own', async () => {
    q.server.clock.now += 3 * DAY;
    const later = (await signedIn(q.server, 'later', 'finance')).browser;
    await ok(
      later,
      staffCall(q.server, later, 'POST', '/adjustments', { phone: DEMO_MEMBER.phone, kind: 'credit', amount: 7, reason: 'late' }),
    );
    const day = dateOf(q.server.clock.now);
    expect(await report(from, to, later)).toEqual([expected]);
    const own = (await report(day, day, later))[0]!;
    expect([own.adjustments.credits, own.deposits.find((d) => d.channel === 'operator'), own.net]).toEqual([
      { count: 1, amount: 7 },
      { channel: 'operator', count: 0, amount: 0 },
      7,
    ]);
    expect(await report(dateOf(q.server.clock.now + DAY), dateOf(q.server.clock.now + 2 * DAY), later)).toEqual([]);
  });
});
