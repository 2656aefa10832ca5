import { Writable } from 'node:stream';
import { generate } from 'promptparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskAccount, maskSenderName, SENDING_BANK } from '../src/adapters/slip/bank.js';
import { drawSlip } from '../src/adapters/slip/slip-image.js';
import { createLogger } from '../src/lib/logger.js';
import { DEMO_MEMBER, type TestServer } from './helper.js';
import { fakeEasySlip, sha256, type FakeEasySlip } from './easyslip-fake.js';
import { faultsSince, providerFaultCounts } from './fake-server.js';
import { slipDriver, slipServer } from './slip-helpers.js';

/**
 * Slips verified by EasySlip (SLIP_VERIFIER=easyslip, issue 37), against a local fake of its documented
 * API: what a member sees of each of its answers, and that no answer is never a credit.
 */
describe('slips verified by EasySlip', () => {
  let fake: FakeEasySlip;
  let server: TestServer;
  let token: string;
  let dir: string;
  let close: () => Promise<void>;
  const logged: string[] = [];
  const { uploadReference, slipOf, settle, wallet, atNoon, registeredLongAgo } = slipDriver(
    () => server,
    () => dir,
    () => token,
  );
  let n = 0;

  /** A transfer the banks know (EasySlip's books) from the member's account to the site's, and its slip's image. */
  async function transfer(amountBaht: number, { known = true } = {}) {
    atNoon();
    const member = await server.ctx.database.db
      .selectFrom('members')
      .select(['bank_code', 'bank_account_no', 'bank_account_name'])
      .where('phone', '=', DEMO_MEMBER.phone)
      .executeTakeFirstOrThrow();
    const ours = server.ctx.settings.get('deposit').banks.find((b) => b.bankType === 'DEPOSIT')!;
    const sendingBank = SENDING_BANK[member.bank_code]!;
    const transRef = `0163331004${String(++n).padStart(4, '0')}BPM0${Date.now() % 10_000}`;
    const payload = generate.slipVerify({ sendingBank, transRef });
    if (known)
      fake.slips.set(payload, {
        payload,
        transRef,
        amount: amountBaht,
        date: new Date(server.clock.now - 60_000).toISOString(),
        sender: {
          bankId: sendingBank,
          short: member.bank_code,
          account: maskAccount(member.bank_account_no),
          nameTh: maskSenderName(member.bank_account_name),
        },
        receiver: { bankId: SENDING_BANK[ours.bankCode]!, short: ours.bankCode, account: maskAccount(ours.bankAccountNo) },
      });
    return { payload, transRef, image: await drawSlip(payload) };
  }

  const faults = () => providerFaultCounts(server.app, 'easyslip-test-metrics-token', 'easyslip');

  beforeAll(async () => {
    fake = await fakeEasySlip();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    ({ server, dir, token, close } = await slipServer({
      closeTime: '00:00',
      config: { slipVerifier: 'easyslip', easyslip: { baseUrl: fake.url, apiKey: fake.key }, metricsToken: 'easyslip-test-metrics-token' },
      logger: createLogger('info', sink),
    }));
    await registeredLongAgo(DEMO_MEMBER.phone);
  });
  afterAll(async () => {
    await close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.asked.length = 0;
  });

  it("credits the bank's amount of a slip EasySlip found, asked by the slip QR's payload", async () => {
    const before = await wallet();
    const { payload, image } = await transfer(150.5);
    const reference = await uploadReference(image);
    expect(await slipOf(reference)).toMatchObject({ status: 'SUCCESS', amount: 150.5, note: null });
    expect(await wallet()).toBeCloseTo(before + 150.5, 2);
    expect(fake.asked).toEqual([{ payload }]);
  });

  it('fails a slip whose transfer the bank does not know (SLIP_INVALID), and credits nothing', async () => {
    const before = await wallet();
    const { image } = await transfer(90, { known: false });
    const reference = await uploadReference(image);
    expect(await slipOf(reference)).toMatchObject({ status: 'FAILED', note: 'SLIP_INVALID', amount: 0 });
    expect(await wallet()).toBe(before);
  });

  it('asks by the image when this server reads no slip QR in it, and fails it when EasySlip reads none either', async () => {
    const before = await wallet();
    const { image: withQr, payload } = await transfer(75);
    // the same slip as a picture whose QR our reader cannot find (here: none drawn), which EasySlip reads
    const picture = await drawSlip('not a slip');
    fake.images.set(sha256(picture), payload);
    const reference = await uploadReference(picture);
    expect(await slipOf(reference)).toMatchObject({ status: 'SUCCESS', amount: 75 });
    expect(fake.asked).toEqual([{ imageBytes: picture.length, imageType: 'image/png' }]);
    expect(await wallet()).toBeCloseTo(before + 75, 2);
    // its QR upload afterwards is the same transfer: a duplicate, not asked of EasySlip again
    fake.asked.length = 0;
    expect(await slipOf(await uploadReference(withQr))).toMatchObject({ status: 'FAILED', note: 'SLIP_DUPLICATE' });
    expect(fake.asked).toEqual([]);
    // a picture neither reads a slip from
    const blank = await drawSlip('still not a slip', [10, 20, 30]);
    expect(await slipOf(await uploadReference(blank))).toMatchObject({ status: 'FAILED', note: 'SLIP_REFERENCE_UNREADABLE' });
  });

  it("keeps a slip waiting while EasySlip gives no answer (the operator's quota, down, slow, not its API), says so in the log and metrics, and credits it once it answers", async () => {
    const before = await wallet();
    const { image } = await transfer(60);
    const counted = await faults();
    fake.mode = 'quota';
    const reference = await uploadReference(image);
    await settle();
    expect((await slipOf(reference)).status).toBe('PROCESSING');
    expect(await wallet()).toBe(before);
    for (const mode of ['server-error', 'hang', 'garbage'] as const) {
      fake.mode = mode;
      server.clock.now += 60 * 60_000;
      await settle();
      expect((await slipOf(reference)).status).toBe('PROCESSING');
    }
    expect(await wallet()).toBe(before);
    // a hung call is counted when its own timeout ends it, about when the slip was left for later
    await expect
      .poll(async () => faultsSince(counted, await faults(), ['quota_exceeded', 'api_server_error', 'timeout', 'malformed']))
      .toEqual([1, 1, 1, 1]);
    expect(logged.join('')).toMatch(/"provider":"easyslip","code":"quota_exceeded".*EasySlip answered 403 quota_exceeded/);
    // the operator tops the quota up: the next attempt credits it
    fake.mode = 'ok';
    server.clock.now += 60 * 60_000;
    expect(await slipOf(reference)).toMatchObject({ status: 'SUCCESS', amount: 60 });
    expect(await wallet()).toBeCloseTo(before + 60, 2);
  });
});
