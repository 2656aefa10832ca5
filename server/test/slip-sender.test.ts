import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/invariants.js';
import { build, call, login, registration, type TestServer } from './helper.js';
import { slipDriver } from './slip-helpers.js';
import { signedIn, staffCall } from './staff-helpers.js';
import type { ReviewSlip } from '../../contract/staff-queues.js';

/**
 * Issue 19 item 2: a member whose account number shares the digits a slip shows (same bank) uploads
 * another member's slip first. The bank's sender name is not theirs: the slip waits for the operator,
 * nothing is credited, and the transaction is not used up, so the real sender's upload still credits.
 * The tests run in order on one server and build on each other: the look-alike list of the last ones
 * names the members the earlier ones registered or changed.
 */
describe('whose slip it is', () => {
  let server: TestServer;
  let dir: string;
  let victim: string;
  let thief: string;
  const VICTIM = { phone: '0899100001', bankAccountNo: '5550012345', bankAccountName: 'สมศรี ทดสอบ' };
  // the same bank and the same digits 6 to 9 (1234) as the victim's account: the slip's mask cannot tell them apart
  const THIEF = { phone: '0899100002', bankAccountNo: '7770012349', bankAccountName: 'มานะ ขยันยิ่ง' };
  const { operator, makeSlipOf, registeredLongAgo, slips, slipOf, wallet, atNoon, uploadReference, slipId } = slipDriver(
    () => server,
    () => dir,
    () => victim,
  );
  const credits = async (transRef: string) =>
    server.ctx.database.db.selectFrom('slip_credits').select('slip_id').where('trans_ref', '=', transRef).execute();
  const transRefOf = (lines: string[]) => lines.join('\n').match(/transaction reference (\w+)/)![1]!;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slip-sender-'));
    server = await build({ dataDir: dir, providerTimeoutMs: 200 });
    await operator('settings', 'set', 'slip', JSON.stringify({ minDeposit: 1, closeTime: '00:00' }));
    await operator('settings', 'set', 'registerOTP', 'false');
    await server.ctx.settings.refresh();
    for (const m of [VICTIM, THIEF]) {
      const res = await call(server.app, 'POST', '/api/account/', registration(m.phone, m));
      expect(res.statusCode, res.body).toBe(201);
    }
    victim = await login(server.app, VICTIM.phone, 'secret123');
    thief = await login(server.app, THIEF.phone, 'secret123');
    // both registered long before the transfers below (the clock goes back to a noon before today)
    await registeredLongAgo(VICTIM.phone, THIEF.phone);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps another member's slip for the operator, uncredited, and credits the real sender's upload after it", async () => {
    const file = path.join(dir, 'victim.png');
    // the bank knows the victim with her title: "นาง สมศรี ท" is what it answers
    const made = await operator('slip', 'make', VICTIM.phone, '300', file, '--minutes-ago', atNoon(), '--sender-name', 'นาง สมศรี ทดสอบ');
    const transRef = transRefOf(made);
    const slip = fs.readFileSync(file);

    const stolen = await uploadReference(slip, { token: thief });
    expect(await slipOf(stolen, thief)).toMatchObject({ status: 'REVIEW', note: 'SLIP_SENDER_MISMATCH', amount: 300 });
    expect(await wallet(thief)).toBe(0);
    expect(await credits(transRef)).toEqual([]);

    const own = await uploadReference(slip);
    expect(await slipOf(own)).toMatchObject({ status: 'SUCCESS', note: null, amount: 300 });
    expect(await wallet()).toBe(300);

    // the operator sees why the thief's slip waits: the bank's sender beside the member's own account
    const id = await slipId(stolen);
    const listed = (await operator('slips', 'list')).join('\n');
    expect(listed).toContain(`${id}\t${stolen}\t${THIEF.phone}\t300 BAHT\tREVIEW SLIP_SENDER_MISMATCH`);
    expect(listed).toContain(
      `bank's sender: KBANK xxx-x-x1234-x นาง สมศรี ท; member's account: KBANK ${THIEF.bankAccountNo} ${THIEF.bankAccountName}`,
    );

    // approving it by mistake after the real owner was credited cannot credit the transaction twice
    // (a transfer credited already is a duplicate before it is anyone's word)
    await expect(operator('slip', 'approve', String(id))).rejects.toThrow(/already credited/);
    expect(await slipOf(stolen, thief)).toMatchObject({ status: 'FAILED', note: 'SLIP_DUPLICATE' });
    expect(await wallet(thief)).toBe(0);
    expect(await wallet()).toBe(300);
    expect((await credits(transRef)).map((c) => c.slip_id)).toEqual([await slipId(own)]);
  });

  it('credits by itself the slips whose sender the bank names with a title or cut short', async () => {
    const before = await wallet();
    for (const name of ['นาง สมศรี ทดสอบ', 'น.ส.สมศรี ทดสอบ', 'สมศรี  ทดสอบ']) {
      const reference = await uploadReference(await makeSlipOf(VICTIM.phone, '10', '--minutes-ago', atNoon(), '--sender-name', name));
      expect(await slipOf(reference), name).toMatchObject({ status: 'SUCCESS' });
    }
    expect(await wallet()).toBe(before + 30);
  });

  it('leaves to the operator a slip from the right account whose name the bank gives as someone else or not at all', async () => {
    const before = await wallet();
    for (const name of ['สมหญิง ทดสอบ', 'สมศรี รักดี', 'SOMSRI T', '']) {
      const reference = await uploadReference(await makeSlipOf(VICTIM.phone, '10', '--minutes-ago', atNoon(), '--sender-name', name));
      expect(await slipOf(reference), name).toMatchObject({ status: 'REVIEW', note: 'SLIP_SENDER_MISMATCH' });
    }
    expect(await wallet()).toBe(before);
    expect((await slips()).slips.filter((s) => s.status === 'REVIEW')).toHaveLength(4);
  });

  it("keeps for the operator a slip its uploader's account took the sender's name after the transfer, and credits the sender", async () => {
    const file = path.join(dir, 'victim-2.png');
    const transRef = transRefOf(await operator('slip', 'make', VICTIM.phone, '200', file, '--minutes-ago', atNoon()));
    const slip = fs.readFileSync(file);
    // the thief reads the victim's name off the slip and makes it his account's name (his own password)
    const changed = await call(
      server.app,
      'PUT',
      '/api/account/profile',
      {
        name: 'Somchai',
        bankCode: 'KBANK',
        bankAccountName: VICTIM.bankAccountName,
        bankAccountNo: THIEF.bankAccountNo,
        password: 'secret123',
      },
      { token: thief },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const before = await wallet();

    const stolen = await uploadReference(slip, { token: thief });
    expect(await slipOf(stolen, thief)).toMatchObject({ status: 'REVIEW', note: 'SLIP_SENDER_MISMATCH', amount: 200 });
    expect(await wallet(thief)).toBe(0);
    expect(await credits(transRef)).toEqual([]);
    const own = await uploadReference(slip);
    expect(await slipOf(own)).toMatchObject({ status: 'SUCCESS', amount: 200 });
    expect(await wallet()).toBe(before + 200);
  });

  it('keeps for the operator a slip sent before its uploader registered', async () => {
    const LATE = { phone: '0899100003', bankAccountNo: '8880012345', bankAccountName: 'สมศรี ทดสอบ' };
    const file = path.join(dir, 'victim-3.png');
    await operator('slip', 'make', VICTIM.phone, '100', file, '--minutes-ago', atNoon());
    // ten minutes later (the transfer's minute is rounded), a new account in the sender's name, with a number that shows the same digits
    server.clock.now += 10 * 60_000;
    expect((await call(server.app, 'POST', '/api/account/', registration(LATE.phone, LATE))).statusCode).toBe(201);
    const late = await login(server.app, LATE.phone, 'secret123');
    const stolen = await uploadReference(fs.readFileSync(file), { token: late });
    expect(await slipOf(stolen, late)).toMatchObject({ status: 'REVIEW', note: 'SLIP_SENDER_MISMATCH' });
    expect(await wallet(late)).toBe(0);
  });

  it('leaves to a person a slip whose sender matches two members who both held such an account, and lists both side by side', async () => {
    // a namesake at the same bank, registered long before, whose number shows the same digits as the victim's
    const TWIN = { phone: '0899100004', bankAccountNo: '9990012348', bankAccountName: 'สมศรี ทดสอบ' };
    expect((await call(server.app, 'POST', '/api/account/', registration(TWIN.phone, TWIN))).statusCode).toBe(201);
    await registeredLongAgo(TWIN.phone);
    // kept with dashes, as an account imported from an earlier release may be: the digits still count
    await server.ctx.database.db.updateTable('members').set({ bank_account_no: '999-0-01234-8' }).where('phone', '=', TWIN.phone).execute();
    const twin = await login(server.app, TWIN.phone, 'secret123');
    const before = await wallet();
    const file = path.join(dir, 'victim-4.png');
    const transRef = transRefOf(await operator('slip', 'make', VICTIM.phone, '400', file, '--minutes-ago', atNoon()));
    const slip = fs.readFileSync(file);

    // the real sender's own upload is not credited by itself, nor is the namesake's
    const own = await uploadReference(slip);
    expect(await slipOf(own)).toMatchObject({ status: 'REVIEW', note: 'SLIP_SENDER_AMBIGUOUS', amount: 400 });
    const theirs = await uploadReference(slip, { token: twin });
    expect(await slipOf(theirs, twin)).toMatchObject({ status: 'REVIEW', note: 'SLIP_SENDER_AMBIGUOUS', amount: 400 });
    expect(await wallet()).toBe(before);
    expect(await wallet(twin)).toBe(0);
    expect(await credits(transRef)).toEqual([]);

    // the reviewer sees every member the sender could be, each with when they registered and changed bank details
    const { browser } = await signedIn(server, 'clerk.alike', 'finance');
    const listed = (await staffCall(server, browser, 'GET', '/slips')).json() as { rows: ReviewSlip[] };
    const row = listed.rows.find((r) => r.reference === own)!;
    expect(row.note).toBe('SLIP_SENDER_AMBIGUOUS');
    expect(row.lookAlikes.map((m) => [m.phone, m.bankAccountNo, m.uploader])).toEqual([
      [VICTIM.phone, VICTIM.bankAccountNo, true],
      // the thief took the victim's name after the transfer (an earlier test): listed, his change dated
      [THIEF.phone, THIEF.bankAccountNo, false],
      // and the one who registered in the sender's name after the transfer (an earlier test)
      ['0899100003', '8880012345', false],
      [TWIN.phone, '999-0-01234-8', false],
    ]);
    expect(row.lookAlikes[1]!.bankChangedAt).not.toBeNull();
    // the uploader comes first
    expect(listed.rows.find((r) => r.reference === theirs)!.lookAlikes.map((m) => [m.phone, m.uploader])).toEqual([
      [TWIN.phone, true],
      [VICTIM.phone, false],
      [THIEF.phone, false],
      ['0899100003', false],
    ]);
    // the one who uploaded the slip and is its sender is credited by the clerk at the bank's amount
    const approved = await staffCall(server, browser, 'POST', `/slips/${row.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await wallet()).toBe(before + 400);
  });

  it('leaves the ledger balanced', async () => {
    expect(await checkLedger(server.ctx.database.db)).toEqual([]);
  });
});
