import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/db/seed.js';
import { DEFAULT_CHAT } from '../src/settings/chat-setting.js';
import { defaultHowto } from '../src/settings/howto-setting.js';
import { readAllSettings, writeSetting } from '../src/settings/store.js';
import { newMember, operatorDeposit, walletAmount } from './bonus-helpers.js';
import { claimOf, operator as spinOperator, spinOf } from './spin-helpers.js';
import { build, call, DEMO_MEMBER, login, message, registration, verifyPhone, type TestServer } from './helper.js';

const THAI_SCRIPT = /[\u0E00-\u0E7F]/;
const get = async (server: TestServer, path: string) => (await call(server.app, 'GET', path)).json();

describe('the Lao site in kip', () => {
  let server: TestServer;
  let kip: string;
  beforeAll(async () => {
    server = await build({ variant: 'la', providerTimeoutMs: 300 });
    kip = await login(server.app); // the demo member holds kip on the Lao site
    await operatorDeposit(server, DEMO_MEMBER.phone, 300_000);
  });
  afterAll(() => server.close());

  const withdraw = (token: string, amount: number) => call(server.app, 'POST', '/api/wallet/withdraw', { amount }, { token });

  it('lets a kip member withdraw 200,000 kip and refuses past the kip limits with their codes, nothing taken', async () => {
    expect(await get(server, '/api/lookup/withdraw')).toEqual({
      withdrawMin: 60_000,
      withdrawMax: 30_000_000,
      quickAmounts: [100_000, 200_000, 500_000, 1_000_000],
    });
    const over = await withdraw(kip, 30_000_001);
    expect([over.statusCode, message(over)]).toEqual([400, 'WITHDRAW_MAXIMUM']);
    const under = await withdraw(kip, 59_999);
    expect([under.statusCode, message(under)]).toEqual([400, 'WITHDRAW_MINIMUM']);
    const decimal = await withdraw(kip, 200_000.5);
    expect([decimal.statusCode, message(decimal)]).toEqual([400, 'KEY_INVALID']);
    expect(await walletAmount(server, kip)).toBe(300_000);

    const res = await withdraw(kip, 200_000);
    expect([res.statusCode, res.json()]).toEqual([200, expect.objectContaining({ message: 'SUCCESS', status: 'PENDING' })]);
    expect(await walletAmount(server, kip)).toBe(100_000);
    expect(server.ctx.payouts).toMatchObject({ submitted: [expect.objectContaining({ amountMinor: 200_000, currency: 'LAK' })] });
  });

  it('converts the kip limits for a member who chose baht, in the lookup and the check alike', async () => {
    const { token } = await newMember(server, 60_000, { currency: 'BAHT' });
    expect(await get(server, '/api/lookup/withdraw?currency=BAHT')).toEqual({
      withdrawMin: 100,
      withdrawMax: 50_000,
      quickAmounts: [100, 500, 1000, 5000],
    });
    expect(await get(server, '/api/lookup/slip?currency=BAHT')).toMatchObject({ minDeposit: 1 });
    expect(await get(server, '/api/lookup/slip')).toMatchObject({ minDeposit: 600 });
    const over = await withdraw(token, 50_000.01);
    expect([over.statusCode, message(over)]).toEqual([400, 'WITHDRAW_MAXIMUM']);
    expect((await withdraw(token, 100)).statusCode).toBe(200);
  });

  it('offers the Thai QR codes and the gift link only to baht members: a kip wallet is refused, nothing created', async () => {
    const kipQr = await call(server.app, 'POST', '/api/qrcode/KBANK', { amount: 200_000 }, { token: kip });
    expect([kipQr.statusCode, message(kipQr)]).toEqual([400, 'QR_UNAVAILABLE']);
    const ww = await call(server.app, 'POST', '/api/qrcode/WW', { amount: 200_000 }, { token: kip });
    expect([ww.statusCode, message(ww)]).toEqual([400, 'QR_UNAVAILABLE']);
    expect(await server.ctx.database.db.selectFrom('qrcodes').select('id').where('member_id', '=', 1).execute()).toEqual([]);
    const gift = await call(server.app, 'POST', '/api/wallet/truelink', { link: 'anything' }, { token: kip });
    expect([gift.statusCode, message(gift)]).toEqual([403, 'TRUELINK_UNAVAILABLE']);

    const { token: baht } = await newMember(server, undefined, { currency: 'BAHT' });
    const bahtQr = await call(server.app, 'POST', '/api/qrcode/KBANK', { amount: 500 }, { token: baht });
    expect(bahtQr.json()).toMatchObject({ hasQrcode: true, amount: 500 });

    // what the deposit lookup lists says the same: a kip account for kip, the QR providers in baht
    const deposit = await get(server, '/api/lookup/deposit?lang=la');
    const offered = (type: string) =>
      deposit.banks
        .filter((b: { bankType: string }) => b.bankType === type)
        .map((b: { bankCode: string; currency: string }) => [b.bankCode, b.currency]);
    expect(offered('QRCODE')).toEqual([
      ['KBANK', 'BAHT'],
      ['WW', 'BAHT'],
      ['ZAPMAN', 'BAHT'],
    ]);
    expect(offered('DEPOSIT')).toEqual([
      ['BCEL', 'LAK'],
      ['KBANK', 'BAHT'],
    ]);
  });

  it('names banks, QR providers and the account holder in Lao for a Lao page, never in Thai script', async () => {
    const deposit = await get(server, '/api/lookup/deposit?lang=la');
    for (const b of deposit.banks as { name: string; bankAccountName: string }[]) {
      expect(b.name, b.name).not.toMatch(THAI_SCRIPT);
      expect(b.bankAccountName, b.bankAccountName).not.toMatch(THAI_SCRIPT);
    }
    expect(deposit.banks[0]).toMatchObject({ name: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ', bankAccountName: 'ບໍລິສັດ ວໍເລັດ ເດໂມ ຈຳກັດ' });
    expect((await get(server, '/api/lookup/deposit?lang=en')).banks[0]).toMatchObject({ bankAccountName: 'WALLET DEMO CO., LTD.' });
  });

  it('registers Lao banks on the Lao site, named in Lao, and refuses a Thai bank', async () => {
    const banks = (await get(server, '/api/lookup/banks?lang=la')).banks as { code: string; country: string; name: string }[];
    const lao = banks.filter((b) => b.country === 'LA');
    expect(lao.map((b) => b.code)).toEqual(
      expect.arrayContaining(['BCEL', 'LDB', 'APB', 'JDB', 'LVB', 'STB', 'IDCB', 'BIC', 'MJBL', 'PSVB']),
    );
    expect(lao.find((b) => b.code === 'LDB')?.name).toBe('ທະນາຄານພັດທະນາລາວ');
    for (const b of banks) expect(b.name, b.code).not.toMatch(THAI_SCRIPT);
    expect(banks.find((b) => b.code === 'KBANK')?.country).toBe('TH');

    const phone = '02055500001';
    const otpToken = await verifyPhone(server, phone);
    const thai = await call(server.app, 'POST', '/api/account', registration(phone, { otpToken, bankCode: 'KBANK' }));
    expect([thai.statusCode, message(thai)]).toEqual([400, 'INVALID_BANK']);
    const ldb = await call(
      server.app,
      'POST',
      '/api/account',
      registration(phone, { otpToken, bankCode: 'LDB', bankAccountName: 'ສົມໃຈ ດີ' }),
    );
    expect(ldb.statusCode).toBe(201);
  });

  it("says the wheel's prizes to each member in their own currency: a baht member of the Lao site reads and wins baht", async () => {
    const slices = async (token: string) =>
      (
        (await call(server.app, 'GET', '/api/spinwheel/setup?lang=la', undefined, { token })).json() as {
          result: { activeSpinwheel: { slice: { code: string; label: string; htmlDescription: string }[] } };
        }
      ).result.activeSpinwheel.slice;
    const { phone, token: baht } = await newMember(server, undefined, { currency: 'BAHT' });
    // the demo wheel's 5-baht slice: 3,000 kip for a kip member, 5 baht for a baht member (what the coupon pays)
    expect((await slices(kip)).find((s) => s.code === 'CASH5')).toMatchObject({ label: '3,000 ກີບ' });
    const cash5 = (await slices(baht)).find((s) => s.code === 'CASH5')!;
    expect(cash5.label).toBe('5 ບາດ');
    expect(cash5.htmlDescription).toContain('<strong>5 ບາດ</strong>');
    expect((await slices(baht)).map((s) => s.label).join(' ')).not.toContain('ກີບ');

    // a wheel that always stops on 6,000 kip: the baht member's spin, coupon and statement say 10 baht, and pay it
    const wheel = {
      name: { th: 'วงล้อทดสอบ', la: 'ວົງລໍ້ທົດສອບ', en: 'Test wheel' },
      slices: [
        {
          code: 'CASH',
          label: { th: '{money:6000}', en: '{money:6000}' },
          bgColor: '#112233',
          textColor: '#FFFFFF',
          weight: 1,
          prize: { type: 'cash', amount: 6000 },
        },
        {
          code: 'NONE',
          label: { th: 'ลองใหม่', en: 'Try again' },
          bgColor: '#112233',
          textColor: '#FFFFFF',
          weight: 0,
          prize: { type: 'nothing' },
        },
      ],
    };
    await spinOperator(server, 'wheel', 'set', JSON.stringify(wheel));
    await spinOperator(server, 'coins', 'grant', phone, '1');
    const spun = (await spinOf(server, baht, 'lao-baht-spin')).json() as { result: { label: string; coupon: number } };
    expect(spun.result.label).toBe('10 baht');
    const coupons = (await call(server.app, 'GET', '/api/spinwheel/coupon?page=1&lang=la', undefined, { token: baht })).json() as {
      coupons: { amount: number; prize: { slice: { label: string } } }[];
    };
    expect(coupons.coupons.map((c) => [c.prize.slice.label, c.amount])).toEqual([['10 ບາດ', 10]]);
    // the operator moves the rate to 500 kip a baht (6,000 kip would now be 12 baht): the coupon won at 600 still
    // says the 10 baht it pays, in the list and on the statement once claimed
    const bonus = server.ctx.settings.get('bonus');
    await writeSetting(server.ctx.database.db, 'bonus', { ...bonus, kipPerBaht: 500 });
    await server.ctx.settings.refresh();
    try {
      const later = (await call(server.app, 'GET', '/api/spinwheel/coupon?page=1&lang=la', undefined, { token: baht })).json() as {
        coupons: { amount: number; prize: { slice: { label: string } } }[];
      };
      expect(later.coupons.map((c) => [c.prize.slice.label, c.amount])).toEqual([['10 ບາດ', 10]]);
      // while the wheel itself now offers 12 baht at today's rate
      expect((await slices(baht)).find((s) => s.code === 'CASH')).toMatchObject({ label: '12 ບາດ' });
      const before = await walletAmount(server, baht);
      expect((await claimOf(server, baht, spun.result.coupon, 'lao-baht-claim')).statusCode).toBe(200);
      expect(await walletAmount(server, baht)).toBe(before + 10);
      const lines = (await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 5 }, { token: baht })).json() as {
        statements: { luckydraw?: { description: string } }[];
      };
      expect(lines.statements.find((l) => l.luckydraw)?.luckydraw?.description).toBe('Test wheel: 10 baht');
    } finally {
      await writeSetting(server.ctx.database.db, 'bonus', bonus);
      await server.ctx.settings.refresh();
    }
  });

  it("says a promotion's amounts to each member in their own currency: on the bonus page, while it runs and on the statement", async () => {
    const { token: baht } = await newMember(server, undefined, { currency: 'BAHT' });
    const description = async (token: string, path: string, lang = 'la') =>
      (await call(server.app, 'GET', `${path}?lang=${lang}`, undefined, { token })).json() as {
        description?: string;
        promotion?: { description: string };
      };
    // WELCOME50 gives 30,000 kip to a kip member and 50 baht to a baht member (its terms), and says so
    expect((await description(kip, '/api/promotion/find/WELCOME50')).description).toContain('<strong>30,000 ກີບ</strong>');
    const found = (await description(baht, '/api/promotion/find/WELCOME50')).description!;
    expect(found).toContain('<strong>50 ບາດ</strong>');
    expect(found).not.toContain('ກີບ');
    expect((await call(server.app, 'GET', '/api/promotion/activate/WELCOME50', undefined, { token: baht })).json()).toMatchObject({
      message: 'SUCCESS',
      amount: 50,
    });
    expect((await description(baht, '/api/promotion/current')).promotion?.description).toContain('<strong>50 ບາດ</strong>');
    const lines = (await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 5 }, { token: baht })).json() as {
      statements: { promotion?: { description: string } }[];
    };
    expect(lines.statements.find((l) => l.promotion)?.promotion?.description).toContain('<strong>50 baht</strong>');
  });

  it('says what is wrong with a Lao phone number', async () => {
    const res = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: '2055512' });
    expect([res.statusCode, message(res)]).toEqual([400, 'PHONE_NUMBER_REQUIRE_8_TO_13_DIGIT']);
  });

  it('has the chat greeter\'s "Call us" ring a Lao number, where the Thai site rings a Thai one', async () => {
    const calls = server.ctx.settings.get('chat').greeter.buttons.buttons.filter((b) => b.type === 'call');
    expect(calls.map((b) => b.payload)).toEqual(['+85621000000']);
    // a Lao database seeded with the Thai site's greeter is corrected on start; one the operator changed stays
    const db = server.ctx.database.db;
    await writeSetting(db, 'chat', DEFAULT_CHAT);
    await seed(server.ctx.database, { variant: 'la' });
    const ring = async () =>
      (await readAllSettings(db)).chat!.greeter.buttons.buttons.filter((b) => b.type === 'call').map((b) => b.payload);
    expect(await ring()).toEqual(['+85621000000']);
    const chosen = { ...DEFAULT_CHAT, enabled: false };
    await writeSetting(db, 'chat', chosen);
    await seed(server.ctx.database, { variant: 'la' });
    expect((await readAllSettings(db)).chat).toEqual(chosen);
    await writeSetting(db, 'chat', server.ctx.settings.get('chat'));
  });

  it('corrects a Lao database seeded with baht figures where the operator left them, and keeps what the operator changed', async () => {
    const db = server.ctx.database.db;
    await writeSetting(db, 'withdraw', { withdrawMin: 100, withdrawMax: 50000 });
    await writeSetting(db, 'slip', { minDeposit: 1, closeTime: '22:00' });
    const chosen = { ...server.ctx.settings.get('deposit'), isManual: true };
    await writeSetting(db, 'deposit', chosen);
    await seed(server.ctx.database, { variant: 'la' });
    const settings = await readAllSettings(db);
    expect(settings.withdraw).toEqual({ withdrawMin: 60_000, withdrawMax: 30_000_000 });
    expect(settings.slip).toEqual({ minDeposit: 600, closeTime: '22:00' });
    expect(settings.deposit).toEqual(chosen);
    await writeSetting(db, 'withdraw', { withdrawMin: 50_000, withdrawMax: 50_000_000 });
    await seed(server.ctx.database, { variant: 'la' });
    expect((await readAllSettings(db)).withdraw).toEqual({ withdrawMin: 50_000, withdrawMax: 50_000_000 });
  });

  it("lists the how-to films of the Lao site's own screens, also where a Lao database still held the Thai site's", async () => {
    const paths = async () => ((await get(server, '/api/lookup/howto?lang=la')) as { videos: { video: string; poster: string }[] }).videos;
    const lao = await paths();
    expect(lao.map((v) => v.video)).toEqual(['wallet', 'playing', 'balance', 'bonus', 'end-bonus'].map((id) => `/howto/la/${id}.mp4`));
    const db = server.ctx.database.db;
    // as the seed before wrote it on either site
    await writeSetting(db, 'howto', defaultHowto('th'));
    await seed(server.ctx.database, { variant: 'la' });
    expect((await readAllSettings(db)).howto).toEqual(defaultHowto('la'));
    const chosen = { videos: defaultHowto('th').videos.slice(0, 2) };
    await writeSetting(db, 'howto', chosen);
    await seed(server.ctx.database, { variant: 'la' });
    expect((await readAllSettings(db)).howto).toEqual(chosen);
  });
});

describe('the Thai site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('keeps baht limits and registers Thai banks only', async () => {
    expect(await get(server, '/api/lookup/withdraw')).toEqual({
      withdrawMin: 100,
      withdrawMax: 50_000,
      quickAmounts: [100, 500, 1000, 5000],
    });
    const banks = (await get(server, '/api/lookup/banks')).banks as { code: string; country: string }[];
    expect(banks.filter((b) => b.country === 'TH').map((b) => b.code)).toEqual([
      'KBANK',
      'KTB',
      'SCB',
      'BBL',
      'TMB',
      'BAY',
      'GSB',
      'BAAC',
      'KKP',
      'UOB',
    ]);
    const phone = '0890000001';
    const otpToken = await verifyPhone(server, phone);
    const lao = await call(server.app, 'POST', '/api/account', registration(phone, { otpToken, bankCode: 'BCEL' }));
    expect([lao.statusCode, message(lao)]).toEqual([400, 'INVALID_BANK']);
  });
});
