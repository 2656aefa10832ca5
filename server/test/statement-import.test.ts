import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementPreview, StatementQueueLine } from '../../contract/staff-statements.js';
import { ledgerProblems, otherMember, setSetting, walletOf } from './deposit-helpers.js';
import { newPolicyDay } from './adjustment-helpers.js';
import { call, DEMO_MEMBER, message } from './helper.js';
import { QUEUE_METRICS_TOKEN, queueServer } from './staff-queue-helpers.js';
import { operator, signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';
import { kbiz, sendStatement, type Line } from './statement-helpers.js';

/**
 * Crediting from the bank statement (issue 39): a KBank K-BIZ export of the deposit account, each incoming
 * line matched and credited once under the staff money policy, the rest worked in the queue; all of it in
 * the audit trail, found from the member.
 */

const ACCOUNT = '0481212347';
describe('bank statement import', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  let second: StaffBrowser;
  let member2 = 0;
  let token2 = '';
  let balance = 1_000_000;
  const db = () => q.server.ctx.database.db;
  /** Balances rise with each line: each line of a test differs from every other test's. */
  const line = (at: number, amount: string, details: string): Line => {
    balance += 1;
    return { at, amount, details, balance: `${(balance / 100).toFixed(2)}` };
  };
  const send = (path: 'preview' | 'import', bytes: Buffer, query: string, as = q.finance) =>
    sendStatement(q.server, as, path, bytes, query);
  const preview = async (bytes: Buffer, as = q.finance) => {
    const res = await send('preview', bytes, `account=${ACCOUNT}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StatementPreview;
  };
  /** Preview, then import what was previewed. */
  const importFile = async (bytes: Buffer, as = q.finance) => {
    const seen = await preview(bytes, as);
    const res = await send('import', bytes, `account=${ACCOUNT}&sha256=${seen.sha256}`, as);
    return res;
  };
  const queue = async () => (await staffCall(q.server, q.finance, 'GET', '/statements/queue')).json().rows as StatementQueueLine[];
  const auditRows = (target: string) => db().selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id').execute();
  const lineRow = (rowNo: number, importId: number) =>
    db().selectFrom('statement_lines').selectAll().where('import_id', '=', importId).where('row_no', '=', rowNo).executeTakeFirstOrThrow();

  beforeAll(async () => {
    q = await queueServer();
    second = (await signedIn(q.server, 'fin2', 'finance')).browser;
    const deposit = q.server.ctx.settings.get('deposit');
    await setSetting(q.server, 'deposit', {
      ...deposit,
      isManual: true,
      banks: deposit.banks.map((b) => (b.bankType === 'DEPOSIT' && b.bankCode === 'KBANK' ? { ...b, bankAccountNo: ACCOUNT } : b)),
    });
    token2 = await otherMember(q.server, '0822222222');
    member2 = (await db().selectFrom('members').select('id').where('phone', '=', '0822222222').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => q.close());

  it('previews what each line will do, keeps nothing; imports it once: request, member, slip and QR already credited, queue', async () => {
    await newPolicyDay(q.server);
    const t = q.server.clock.now - 3600_000;
    // member 2 asked to have 500 baht confirmed; a slip of 900 and a QR payment of 300 were credited already
    expect((await call(q.server.app, 'POST', '/api/wallet/add', { amount: 500 }, { token: token2 })).statusCode).toBe(200);
    const slip = await db()
      .insertInto('slips')
      .values({
        member_id: 1,
        reference: 'STMTSLIP1',
        file_name: 'slip.png',
        content_type: 'image/png',
        status: 'SUCCESS',
        note: null,
        amount: 90_000,
        currency: 'BAHT',
        sending_bank: 'SCB',
        trans_ref: 'STMT900',
        next_attempt_at: t,
        idempotency_key: null,
        journal_id: null,
        sender: 'SCB xxx-x-x3344-x MS. SUDA R',
        created_at: t + 5 * 60_000,
        updated_at: t + 5 * 60_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('qr_payments')
      .values({
        gateway_txn_id: 'STMTQR1',
        provider: 'KBANK',
        ref: 'QRSTMT',
        amount: 30_000,
        qrcode_id: null,
        member_id: 1,
        status: 'CREDITED',
        reason: null,
        journal_id: null,
        created_at: t + 60_000,
      })
      .execute();
    const [r1, r2] = await Promise.all([walletOf(q.server, 1), walletOf(q.server, member2)]);
    const file = kbiz([
      line(t, '150.00', 'From X7890 MR. SOMCHAI J++'),
      line(t + 60_000, '500.00', 'From KTB X0052'),
      line(t + 120_000, '900.00', 'From SCB X3344 MS. SUDA R++'),
      line(t + 120_000, '300.00', 'From KBANK X1111 QR PAYMENT'),
      line(t + 180_000, '2,751.25', 'From BBL X9999 MR. NOBODY K++'),
    ]);
    await db().updateTable('members').set({ bank_account_no: '1234567890' }).where('id', '=', 1).execute();
    const seen = await preview(file);
    expect(seen.lines.map((l) => [l.rowNo, l.amount, l.action, l.why, l.matchRef, l.member?.phone ?? null])).toEqual([
      [5, 150, 'credit-member', null, null, DEMO_MEMBER.phone],
      [6, 500, 'credit-request', null, expect.stringMatching(/^deposit-request:\d+$/), '0822222222'],
      [7, 900, 'link', null, `slip:${slip.id}`, DEMO_MEMBER.phone],
      [8, 300, 'link', null, 'payment:STMTQR1', DEMO_MEMBER.phone],
      [9, 2751.25, 'queue', 'NO_MATCH', null, null],
    ]);
    expect(seen.creditAloneLeft).toBe(5000);
    expect(await db().selectFrom('statement_lines').select('id').execute()).toEqual([]);
    expect([await walletOf(q.server, 1), await walletOf(q.server, member2)]).toEqual([r1, r2]);

    const res = await send('import', file, `account=${ACCOUNT}&sha256=${seen.sha256}`);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as StatementPreview;
    expect(done.lines.map((l) => l.status)).toEqual(['CREDITED', 'CREDITED', 'LINKED', 'LINKED', 'UNMATCHED']);
    // 150 to the demo member, 500 through member 2's request; the slip's and the QR's money is not credited again
    expect([await walletOf(q.server, 1), await walletOf(q.server, member2)]).toEqual([r1 + 15_000, r2 + 50_000]);
    expect(done.creditAloneLeft).toBe(5000 - 650);
    const request = await db().selectFrom('deposit_requests').select('status').where('member_id', '=', member2).executeTakeFirstOrThrow();
    expect(request.status).toBe('SUCCESS');
    const credited = await lineRow(5, done.importId!);
    const entry = await db().selectFrom('journal').selectAll().where('id', '=', credited.journal_id!).executeTakeFirstOrThrow();
    expect([entry.made_by, entry.type, entry.from_label]).toEqual(['staff:fin', 'deposit', 'BANK_TRANSFER']);
    // the audit trail: the import, each credit and link, found from the member
    const [imported] = await auditRows(`statement-import:${done.importId}`);
    expect(imported).toMatchObject({ action: 'statement.import', actor_kind: 'staff', actor_username: 'fin' });
    expect(JSON.parse(imported!.after_json!)).toMatchObject({ lines: 5, refused: 0, CREDITED: 2, LINKED: 2, UNMATCHED: 1 });
    const [creditRow] = await auditRows(`statement-line:${credited.id}`);
    expect(creditRow).toMatchObject({ action: 'statement.credit', member_id: 1, money: '150.00 BAHT' });
    const link = await lineRow(7, done.importId!);
    expect((await auditRows(`statement-line:${link.id}`))[0]).toMatchObject({ action: 'statement.link', member_id: 1 });
    // the member page's "what staff did" (the admins' audit trail, by the member), newest first
    const admin = (await signedIn(q.server, 'adm', 'admin')).browser;
    const memberAudit = (await staffCall(q.server, admin, 'GET', `/audit?target=member:${DEMO_MEMBER.phone}`)).json().rows as {
      action: string;
      target: string;
    }[];
    expect(memberAudit.filter((r) => r.action.startsWith('statement.')).map((r) => [r.action, r.target])).toEqual([
      ['statement.link', `statement-line:${link.id + 1}`],
      ['statement.link', `statement-line:${link.id}`],
      ['statement.credit', `statement-line:${credited.id}`],
    ]);
    expect(await ledgerProblems(q.server)).toEqual([]);
  });

  it('the same file again is refused; an overlapping one imports only its new line', async () => {
    await newPolicyDay(q.server);
    const t = q.server.clock.now - 1800_000;
    const first = [line(t, '120.00', 'From X7890 MR. SOMCHAI J++'), line(t + 60_000, '130.00', 'From X7890 MR. SOMCHAI J++')];
    expect((await importFile(kbiz(first))).statusCode).toBe(200);
    const before = await walletOf(q.server, 1);
    const again = await importFile(kbiz(first));
    expect([again.statusCode, message(again)]).toEqual([409, 'STATEMENT_ALREADY_IMPORTED']);
    const overlap = kbiz([...first, line(t + 120_000, '140.00', 'From X7890 MR. SOMCHAI J++')]);
    const seen = await preview(overlap);
    expect(seen.lines.map((l) => l.action)).toEqual(['duplicate', 'duplicate', 'credit-member']);
    const res = await importFile(overlap);
    expect(res.statusCode).toBe(200);
    expect(await walletOf(q.server, 1)).toBe(before + 14_000);
    const last = await db().selectFrom('statement_imports').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([last.incoming, last.refused]).toEqual([1, 2]);
    // the same previewed name but other bytes: refused, nothing kept
    const changed = await send('import', overlap, `account=${ACCOUNT}&sha256=${'0'.repeat(64)}`);
    expect([changed.statusCode, message(changed)]).toEqual([409, 'STATEMENT_CHANGED']);
  });

  it('the CLI: preview prints each line and the sha256, import takes it, --as a finance clerk or admin; the trail names them', async () => {
    await newPolicyDay(q.server);
    const t = q.server.clock.now - 1500_000;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cli-')), 'k-biz.csv');
    fs.writeFileSync(file, kbiz([line(t, '160.00', 'From X7890 MR. SOMCHAI J++')]));
    const cli = (...args: string[]) => operator(q.server, ...args);
    // no --as, an agent, no sha256, a sha256 of another file: refused, nothing kept
    await expect(cli('statement', 'preview', file, '--account', ACCOUNT)).rejects.toThrow(/--as <username> of a finance clerk or admin/);
    await expect(cli('--as', 'agt', 'statement', 'preview', file, '--account', ACCOUNT)).rejects.toThrow(/finance clerk or admin/);
    await expect(cli('--as', 'fin', 'statement', 'import', file, '--account', ACCOUNT)).rejects.toThrow(/preview the file first/);
    await expect(cli('--as', 'fin', 'statement', 'import', file, '--account', ACCOUNT, '--sha256', '0'.repeat(64))).rejects.toThrow(
      /not the file that was previewed/,
    );
    const imports = async () => (await db().selectFrom('statement_imports').select('id').execute()).length;
    const count = await imports();
    const seen = await cli('--as', 'fin', 'statement', 'preview', file, '--account', ACCOUNT);
    expect(seen.join('\n')).toMatch(/row \d+ .* 160\.00 {2}credit-member 0812345678/);
    const sha = /sha256 ([0-9a-f]{64})/.exec(seen.join('\n'))?.[1];
    expect(sha).toBeDefined();
    expect(await imports()).toBe(count);
    const before = await walletOf(q.server, 1);
    const done = await cli('--as', 'fin', 'statement', 'import', file, '--account', ACCOUNT, '--sha256', sha!);
    expect(done.at(-1)).toMatch(/^import \d+: 1 credited, 0 linked to a credit made, 0 waiting for a second person, 0 in the queue$/);
    expect(await walletOf(q.server, 1)).toBe(before + 16_000);
    const importId = Number(/^import (\d+)/.exec(done.at(-1)!)![1]);
    expect((await auditRows(`statement-import:${importId}`)).map((r) => [r.action, r.actor_kind, r.actor_username])).toEqual([
      ['statement.import', 'cli', 'fin'],
    ]);
    await expect(cli('--as', 'fin', 'statement', 'import', file, '--account', ACCOUNT, '--sha256', sha!)).rejects.toThrow(
      /imported before: nothing was imported again/,
    );
  });

  it('the money policy: above the threshold alone it waits; small imports add up; a second clerk applies it, the first cannot', async () => {
    await newPolicyDay(q.server);
    const t = q.server.clock.now - 900_000;
    const before = await walletOf(q.server, 1);
    const big = await importFile(kbiz([line(t, '6,000.00', 'From X7890 MR. SOMCHAI J++')]));
    expect(big.statusCode).toBe(200);
    const bigLine = (big.json() as StatementPreview).lines[0]!;
    expect(bigLine.status).toBe('WAITING');
    // many small imports: 3,000 credits alone, the next 2,500 would pass the 5,000 a day
    const small1 = await importFile(kbiz([line(t + 60_000, '3,000.00', 'From X7890 MR. SOMCHAI J++')]));
    const small2 = await importFile(kbiz([line(t + 120_000, '2,500.00', 'From X7890 MR. SOMCHAI J++')]));
    expect([(small1.json() as StatementPreview).lines[0]!.status, (small2.json() as StatementPreview).lines[0]!.status]).toEqual([
      'CREDITED',
      'WAITING',
    ]);
    expect(await walletOf(q.server, 1)).toBe(before + 300_000);
    const waiting = (await queue()).filter((r) => r.status === 'WAITING');
    expect(waiting.map((r) => [r.amount, r.why, r.member?.phone, r.hold?.askedBy, r.hold?.because])).toEqual([
      [6000, 'amount', DEMO_MEMBER.phone, 'staff:fin', 'amount'],
      [2500, 'day', DEMO_MEMBER.phone, 'staff:fin', 'day'],
    ]);
    const assign = (id: number, as: StaffBrowser, phone = DEMO_MEMBER.phone) =>
      staffCall(q.server, as, 'POST', `/statements/lines/${id}/assign`, { phone, reason: 'checked against the bank' });
    const self = await assign(waiting[0]!.id, q.finance);
    expect([self.statusCode, message(self)]).toEqual([403, 'FOUR_EYES']);
    const ok = await assign(waiting[0]!.id, second);
    expect([ok.statusCode, message(ok)]).toEqual([200, 'SUCCESS']);
    expect(await walletOf(q.server, 1)).toBe(before + 900_000);
    const row = await db().selectFrom('statement_lines').selectAll().where('id', '=', waiting[0]!.id).executeTakeFirstOrThrow();
    expect([row.status, row.decided_by]).toEqual(['CREDITED', 'staff:fin2']);
    const [, applied] = await auditRows(`statement-line:${row.id}`);
    expect(applied).toMatchObject({ action: 'statement.assign', actor_username: 'fin2', member_id: 1 });
    expect(JSON.parse(applied!.after_json!)).toMatchObject({ status: 'CREDITED', secondTo: 'staff:fin' });
    const again = await assign(waiting[0]!.id, second);
    expect([again.statusCode, message(again)]).toEqual([409, 'STATEMENT_LINE_DONE']);
    expect(await ledgerProblems(q.server)).toEqual([]);
  });

  it("a request whose clerk's confirmation waited for a second person, credited from the statement: the waiting confirmation ends with it", async () => {
    await newPolicyDay(q.server);
    const t = q.server.clock.now - 600_000;
    // the first clerk has credited 4,950 alone today: the request's 100 more would pass the 5,000, and waits
    expect((await importFile(kbiz([line(t, '4,950.00', 'From X7890 MR. SOMCHAI J++')]))).statusCode).toBe(200);
    const asked = await call(q.server.app, 'POST', '/api/wallet/add', { amount: 100 }, { token: token2 });
    const { requestId } = asked.json() as { requestId: number };
    const held = await staffCall(q.server, q.finance, 'POST', `/deposit-requests/${requestId}/confirm`, {});
    expect([held.statusCode, message(held)]).toEqual([202, 'CREDIT_WAITS']);
    const holds = () => db().selectFrom('credit_holds').select('status').where('source', '=', `deposit-request:${requestId}`).execute();
    expect(await holds()).toEqual([{ status: 'PENDING' }]);
    // the second clerk's import of the transfer credits it through the request
    const before = await walletOf(q.server, member2);
    const res = await importFile(kbiz([line(t + 60_000, '100.00', 'From KTB X0052')]), second);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StatementPreview).lines.map((l) => [l.action, l.status])).toEqual([['credit-request', 'CREDITED']]);
    expect(await walletOf(q.server, member2)).toBe(before + 10_000);
    expect(await holds()).toEqual([{ status: 'ENDED' }]);
    // nothing left for a second person to approve: the request is no longer waiting
    const late = await staffCall(q.server, second, 'POST', `/deposit-requests/${requestId}/confirm`, {});
    expect([late.statusCode, message(late)]).toEqual([409, 'DEPOSIT_REQUEST_NOT_PENDING']);
    expect(await ledgerProblems(q.server)).toEqual([]);
  });

  it('ambiguous lines wait with their candidates; a clerk assigns one (policy) or dismisses it with a reason', async () => {
    await newPolicyDay(q.server);
    const t = q.server.clock.now - 600_000;
    for (const [phone, name] of [
      ['0833333331', 'ANAN SUKSAN'],
      ['0833333332', 'ANAN SUKJAI'],
    ] as const) {
      await otherMember(q.server, phone);
      await db()
        .updateTable('members')
        .set({ bank_code: 'KBANK', bank_account_no: `77700${phone.slice(-1)}5555`, bank_account_name: name })
        .where('phone', '=', phone)
        .execute();
    }
    // two slips of 333 baht credited near that time: the line of 333 with no sender could be either
    for (const ref of ['STMTSLIPA', 'STMTSLIPB'])
      await db()
        .insertInto('slips')
        .values({
          member_id: 1,
          reference: ref,
          file_name: 'slip.png',
          content_type: 'image/png',
          status: 'SUCCESS',
          note: null,
          amount: 33_300,
          currency: 'BAHT',
          sending_bank: 'BBL',
          trans_ref: ref,
          next_attempt_at: t,
          idempotency_key: null,
          journal_id: null,
          sender: null,
          created_at: t + 120_000,
          updated_at: t + 120_000,
        })
        .execute();
    const res = await importFile(
      kbiz([
        line(t, '250.00', 'From X5555 MR. ANAN S++'),
        line(t + 60_000, '75.00', 'Cash Deposit'),
        line(t + 60_000, '333.00', 'Cash Deposit'),
      ]),
    );
    expect(res.statusCode).toBe(200);
    const [ambiguous, unknown, maybe] = (await queue()).filter((r) => r.status === 'UNMATCHED').slice(-3);
    expect([maybe!.why, maybe!.candidates.map((c) => c.phone)]).toEqual(['MAYBE_CREDITED', [DEMO_MEMBER.phone]]);
    expect([ambiguous!.why, ambiguous!.candidates.map((c) => c.phone)]).toEqual(['AMBIGUOUS', ['0833333331', '0833333332']]);
    expect(unknown!.why).toBe('NO_MATCH');
    // the dashboard and /metrics count what waits in the queue: no line waits unseen
    const waiting = async () => ({
      dashboard: ((await staffCall(q.server, q.finance, 'GET', '/dashboard')).json() as { statementLinesWaiting: number })
        .statementLinesWaiting,
      metrics: Number(
        /^wallet_statement_lines_waiting (\d+)$/m.exec(
          (
            await call(q.server.app, 'GET', '/metrics', undefined, {
              marker: false,
              headers: { authorization: `Bearer ${QUEUE_METRICS_TOKEN}` },
            })
          ).body,
        )?.[1],
      ),
      queue: (await queue()).length,
    });
    const open = await waiting();
    expect(open.queue).toBeGreaterThanOrEqual(3);
    expect(open).toEqual({ dashboard: open.queue, metrics: open.queue, queue: open.queue });
    const member = (await db().selectFrom('members').select('id').where('phone', '=', '0833333332').executeTakeFirstOrThrow()).id;
    const before = await walletOf(q.server, member);
    const agent = await staffCall(q.server, q.agent, 'POST', `/statements/lines/${ambiguous!.id}/assign`, {
      phone: '0833333332',
      reason: 'phoned in',
    });
    expect(agent.statusCode).toBe(403);
    const noReason = await staffCall(q.server, q.finance, 'POST', `/statements/lines/${ambiguous!.id}/assign`, {
      phone: '0833333332',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const assigned = await staffCall(q.server, q.finance, 'POST', `/statements/lines/${ambiguous!.id}/assign`, {
      phone: '0833333332',
      reason: 'the member sent the receipt',
    });
    expect([assigned.statusCode, message(assigned)]).toEqual([200, 'SUCCESS']);
    expect(await walletOf(q.server, member)).toBe(before + 25_000);
    const dismissed = await staffCall(q.server, q.finance, 'POST', `/statements/lines/${unknown!.id}/dismiss`, {
      reason: 'cash paid in by the office',
    });
    expect([dismissed.statusCode, message(dismissed)]).toEqual([200, 'SUCCESS']);
    expect((await queue()).map((r) => r.id)).not.toContain(unknown!.id);
    const left = open.queue - 2;
    expect(await waiting()).toEqual({ dashboard: left, metrics: left, queue: left });
    expect((await auditRows(`statement-line:${unknown!.id}`)).map((r) => [r.action, r.reason])).toEqual([
      ['statement.dismiss', 'cash paid in by the office'],
    ]);
    expect((await auditRows(`statement-line:${ambiguous!.id}`)).map((r) => [r.action, r.member_id])).toEqual([
      ['statement.assign', member],
    ]);
  });

  it('refuses bad input with a code and changes nothing; only finance and admin', async () => {
    const count = async () =>
      (
        await db()
          .selectFrom('statement_lines')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const t = q.server.clock.now;
    const file = kbiz([line(t, '10.00', 'From X7890 MR. SOMCHAI J++')]);
    const refusal = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      return [r.statusCode, JSON.parse(r.body).message];
    };
    expect(await refusal(send('preview', file, `account=${ACCOUNT}`, q.agent))).toEqual([403, 'STAFF_FORBIDDEN']);
    expect(await refusal(send('import', file, `account=${ACCOUNT}`))).toEqual([400, 'STATEMENT_NOT_PREVIEWED']);
    expect(await refusal(send('preview', file, 'account=000000000'))).toEqual([400, 'STATEMENT_ACCOUNT_UNKNOWN']);
    expect(await refusal(send('preview', kbiz([line(t, '10.00', 'x')], 'XXX-X-X9999-9'), `account=${ACCOUNT}`))).toEqual([
      400,
      'STATEMENT_ACCOUNT_MISMATCH',
    ]);
    // a statement that says it is in dollars, of a baht account
    const dollars = Buffer.from(
      kbiz([line(t, '10.00', 'x')])
        .toString('utf8')
        .replace('\r\n,,,,,,,Account Number', '\r\nสกุลเงิน,USD\r\n,,,,,,,Account Number'),
    );
    expect(await refusal(send('preview', dollars, `account=${ACCOUNT}`))).toEqual([400, 'STATEMENT_FILE_CURRENCY']);
    expect(await refusal(send('preview', Buffer.from('\x89PNG\r\n\x1a\n\0\0\0'), `account=${ACCOUNT}`))).toEqual([
      400,
      'STATEMENT_FILE_TYPE',
    ]);
    expect(await refusal(send('preview', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), `account=${ACCOUNT}`))).toEqual([
      413,
      'STATEMENT_TOO_LARGE',
    ]);
    const plain = await staffCall(q.server, q.finance, 'POST', `/statements/preview?account=${ACCOUNT}`, {});
    expect([plain.statusCode, message(plain)]).toEqual([400, 'STATEMENT_FILE_EMPTY']);
    expect(await count()).toBe(before);
    const accounts = (await staffCall(q.server, q.finance, 'GET', '/statements/accounts')).json().accounts;
    expect(accounts).toContainEqual(expect.objectContaining({ accountNo: ACCOUNT, bankCode: 'KBANK', currency: 'BAHT' }));
  });
});
