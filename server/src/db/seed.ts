import { DEFAULT_SUPPORT } from '../settings/support-setting.js';
import { DEFAULT_CHAT } from '../settings/chat-setting.js';
import { defaultHowto } from '../settings/howto-setting.js';
import type { Config } from '../config.js';
import { hashPassword, verifyPassword } from '../lib/password.js';
import { DEMO_BONUS_CODES, DEMO_PROMOTION_CODES, seedBonuses, seedPromotions } from './seed-bonuses.js';
import { DEMO_WHEEL_CODES, SPIN_BONUS, seedSpinwheel } from './seed-spin.js';
import type { Settings } from '../settings/registry.js';
import { readAllSettings, writeSetting } from '../settings/store.js';
import type { Database } from './database.js';
import { withTransaction } from './transaction.js';
import { giveCoins } from '../ledger/coins.js';
import { HOUSE_STRIPES } from '../ledger/ledger.js';
import { seedFigure } from '../lib/site-money.js';
import { seedBanks } from './seed-banks.js';
import { correctLaoSettings, LAO_DEPOSIT, laoChat, THAI_DEPOSIT } from './seed-lao.js';
import { qrcode } from '../lib/qrcode.js';

export const DEMO_MEMBER = {
  phone: '0812345678',
  password: 'demo1234',
  name: 'SOMCHAI JAIDEE',
  bankCode: 'KBANK',
  bankAccountName: 'SOMCHAI JAIDEE',
  bankAccountNo: '1234567890',
  coins: 5,
} as const;

const SOURCES = [
  { code: 'FACEBOOK', description: 'Facebook', description_la: 'Facebook', description_en: 'Facebook' },
  { code: 'LINE', description: 'LINE', description_la: 'LINE', description_en: 'LINE' },
  { code: 'TIKTOK', description: 'TikTok', description_la: 'TikTok', description_en: 'TikTok' },
  { code: 'GOOGLE', description: 'Google', description_la: 'Google', description_en: 'Google' },
  { code: 'YOUTUBE', description: 'YouTube', description_la: 'YouTube', description_en: 'YouTube' },
  { code: 'FRIEND', description: 'เพื่อนแนะนำ', description_la: 'ໝູ່ແນະນຳ', description_en: 'A friend told me' },
  { code: 'OTHER', description: 'อื่น ๆ', description_la: 'ອື່ນໆ', description_en: 'Other' },
];

/**
 * Every setting's first value. `drawLineQr` false leaves the LINE QR image out: the contact setting exists
 * and keeps its own, and drawing one costs every start the qrcode package.
 */
async function defaultSettings(config: SeedConfig, drawLineQr: boolean): Promise<Settings> {
  const demo = await demoSettings(config, drawLineQr);
  return config.production ? { ...demo, ...productionSettings(demo, config) } : demo;
}

/** What the seed needs of the configuration: production seeds no business data (productionSettings). */
type SeedConfig = Pick<Config, 'variant'> & Partial<Pick<Config, 'production' | 'publicUrl'>>;

/**
 * A production site's first values where the demo's are business data: no deposit account (deposits say
 * they are closed until the operator sets one), no contact, no notice, invite and cashback off, the wheel
 * off, its name and address PUBLIC_URL's host. The rules (limits, terms, timings) stay the demo's.
 */
function productionSettings(demo: Settings, config: SeedConfig): Partial<Settings> {
  const host = config.publicUrl ? new URL(config.publicUrl).host : '';
  const none = { th: '', la: '', en: '' };
  return {
    info: { name: host, website: host },
    contact: { contactText: none, lineLink: '', lineName: '', lineQR: '' },
    notice: none,
    deposit: { banks: [], wallets: [], isManual: false },
    invite: { ...demo.invite, active: false, banners: [] },
    refund: { ...demo.refund, active: false, banners: [] },
    spinwheel: { ...demo.spinwheel, active: false },
  };
}

async function demoSettings(config: Pick<Config, 'variant'>, drawLineQr: boolean): Promise<Settings> {
  const lao = config.variant === 'la';
  // every money figure is chosen in baht and seeded in the site's currency (kip on the Lao site)
  const money = (baht: number) => seedFigure(lao, baht);
  const lineLink = 'https://line.me/R/ti/p/@walletdemo';
  return {
    siteActive: true,
    registerOTP: true,
    enableChatWidget: true,
    info: { name: lao ? 'Wallet Lao' : 'Wallet Thai', website: lao ? 'walletlao.example' : 'walletthai.example' },
    contact: {
      contactText: {
        th: '<p><strong>ฝ่ายบริการลูกค้า ทุกวัน 09:00–24:00 น.</strong></p><p>ติดต่อเราทาง LINE หรือแชท ทีมงานตอบภายใน 5 นาทีในเวลาทำการ</p>',
        la: '<p><strong>ຝ່າຍບໍລິການລູກຄ້າ ທຸກມື້ 09:00–24:00 ໂມງ</strong></p><p>ຕິດຕໍ່ພວກເຮົາທາງ LINE ຫຼື ແຊັດ ທີມງານຕອບພາຍໃນ 5 ນາທີໃນເວລາເຮັດວຽກ</p>',
        en: '<p><strong>Customer service, every day 09:00 to midnight</strong></p><p>Message us on LINE or in the chat: the team answers within 5 minutes in these hours.</p>',
      },
      lineLink,
      lineName: '@walletdemo',
      // a real QR of the link, so scanning it in the demo opens the same LINE account
      lineQR: drawLineQr ? await (await qrcode()).toDataURL(lineLink, { margin: 1, width: 240 }) : '',
    },
    conditions: [
      {
        th: '<p>สมาชิก 1 ท่าน ต่อ 1 บัญชีธนาคาร และ 1 เบอร์โทรศัพท์เท่านั้น</p>',
        la: '<p>ສະມາຊິກ 1 ທ່ານ ຕໍ່ 1 ບັນຊີທະນາຄານ ແລະ 1 ເບີໂທລະສັບເທົ່ານັ້ນ</p>',
        en: '<p>One bank account and one phone number per member.</p>',
      },
      {
        th: '<p>ชื่อบัญชีธนาคารต้องตรงกับชื่อผู้สมัคร การถอนเงินโอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น</p>',
        la: '<p>ຊື່ບັນຊີທະນາຄານຕ້ອງກົງກັບຊື່ຜູ້ສະໝັກ ການຖອນເງິນໂອນເຂົ້າບັນຊີທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ</p>',
        en: '<p>The bank account name must match your name. Withdrawals go only to the registered account.</p>',
      },
      {
        th: '<p>ขณะรับโบนัส ต้องทำยอดตามเงื่อนไขของโบนัสก่อนถอน</p>',
        la: '<p>ໃນຂະນະທີ່ຮັບໂບນັດ ຕ້ອງເຮັດຍອດຕາມເງື່ອນໄຂຂອງໂບນັດກ່ອນຖອນ</p>',
        en: '<p>While a bonus is active, play its turnover before you withdraw.</p>',
      },
    ],
    agreements: [
      {
        th: '<p>ข้าพเจ้ามีอายุ 18 ปีบริบูรณ์ขึ้นไป และยอมรับเงื่อนไขการให้บริการ</p>',
        la: '<p>ຂ້າພະເຈົ້າມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ ແລະ ຍອມຮັບເງື່ອນໄຂການໃຫ້ບໍລິການ</p>',
        en: '<p>I am 18 or older and I accept the terms of service.</p>',
      },
      {
        th: '<p>ข้าพเจ้าจะไม่เปิดเผยรหัสผ่านหรือ OTP ให้ผู้อื่นทราบ</p>',
        la: '<p>ຂ້າພະເຈົ້າຈະບໍ່ເປີດເຜີຍລະຫັດຜ່ານ ຫຼື OTP ໃຫ້ຜູ້ອື່ນຮູ້</p>',
        en: '<p>I will not share my password or OTP with anyone.</p>',
      },
    ],
    notice: { th: 'ฝากถอนอัตโนมัติ 24 ชั่วโมง', la: 'ຝາກຖອນອັດຕະໂນມັດ 24 ຊົ່ວໂມງ', en: 'Automatic deposits and withdrawals, 24 hours a day' },
    withdraw: { withdrawMin: money(100), withdrawMax: money(50_000) },
    deposit: lao ? LAO_DEPOSIT : THAI_DEPOSIT,
    slip: { minDeposit: money(1), closeTime: '23:00' },
    qrcode: {
      expireMinutes: 10,
      billerId: '010556123456701',
      trueMoneyMobile: '0812345678',
      // 50,000 baht; on the Lao site in kip (a baht member gets it converted back)
      maximum: { KBANK: money(50_000), WW: money(50_000), ZAPMAN: money(50_000) },
    },
    bonus: { clearBelow: money(5) },
    invite: {
      active: true,
      percent: 5,
      turnover: 1,
      banners: [
        {
          image: '/bonus/daily.svg',
          html: {
            th: '<p>ชวนเพื่อนรับ 5% ของทุกยอดฝากของเพื่อน</p>',
            la: '<p>ແນະນຳໝູ່ຮັບ 5% ຂອງທຸກຍອດຝາກຂອງໝູ່</p>',
            en: '<p>Invite friends: earn 5% of each of their deposits</p>',
          },
        },
      ],
    },
    refund: {
      active: true,
      period: 'day',
      percent: 5,
      percentWithBonus: 0,
      minimum: money(1),
      info: {
        th: '<p>คืนยอดเสีย 5% ทุกวัน คำนวณหลังเที่ยงคืน ไม่รับโบนัสในวันนั้น รับได้เมื่อไม่มีโบนัสค้าง</p>',
        la: '<p>ຄືນຍອດເສຍ 5% ທຸກມື້ ຄິດໄລ່ຫຼັງທ່ຽງຄືນ ບໍ່ຮັບໂບນັດໃນມື້ນັ້ນ ຮັບໄດ້ເມື່ອບໍ່ມີໂບນັດຄ້າງ</p>',
        en: '<p>5% of your daily net loss back, computed after midnight, for days without a bonus. Receive it while no bonus is active.</p>',
      },
      banners: [],
    },
    coinRule: { per: money(100), coins: 1, currency: lao ? 'LAK' : 'BAHT', wagerMultiple: 1 },
    spinwheel: { active: true, couponDays: 7 },
    chat: lao ? laoChat(DEFAULT_CHAT) : DEFAULT_CHAT,
    support: DEFAULT_SUPPORT,
    uploads: { guestAddressMbPerHour: 60, memberMbPerHour: 200, slipsPer10Min: 10, minFreeMb: 1024 },
    retention: { guestChatQuietMinutes: 120 },
    adjustments: { approvalAboveBaht: 5000, approvalAboveKip: 1_000_000 },
    providerCache: { seconds: 5 },
    howto: defaultHowto(config.variant),
    transitStripes: HOUSE_STRIPES,
    providerFaults: {},
    sandboxPlay: {},
    slipFault: 'none',
  };
}

interface SeedResult {
  settingsAdded: string[];
  demoMemberCreated: boolean;
}

/**
 * Fills what is missing: safe to run on every start, and new settings get their defaults. In production
 * no demo member: its password is in the README.
 */
export async function seed(database: Database, config: SeedConfig): Promise<SeedResult> {
  const { db } = database;
  const existing = await readAllSettings(db);
  const defaults = await defaultSettings(config, existing.contact === undefined);
  const settingsAdded: string[] = [];
  for (const key of Object.keys(defaults) as (keyof Settings)[]) {
    if (existing[key] === undefined) {
      await writeSetting(db, key, defaults[key]);
      settingsAdded.push(key);
    }
  }

  await seedBanks(db);
  if (config.variant === 'la') await correctLaoSettings(db, defaults);
  for (const src of SOURCES) {
    await db
      .updateTable('sources')
      .set({ description_la: src.description_la, description_en: src.description_en })
      .where('code', '=', src.code)
      .where('description_la', 'is', null)
      .execute();
  }
  const sourceCount = await db
    .selectFrom('sources')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(sourceCount.n) === 0) {
    await db
      .insertInto('sources')
      .values(SOURCES.map((s, sort) => ({ ...s, sort })))
      .execute();
  }

  // the demo's bonuses, promotion codes and wheel prizes are business data: none in production
  if (!config.production) {
    await seedBonuses(db, config.variant === 'la');
    await seedPromotions(db, config.variant === 'la');
    await seedSpinwheel(db, config.variant === 'la');
  }

  const memberCount = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let demoMemberCreated = false;
  if (Number(memberCount.n) === 0 && !config.production) {
    const demo = await db
      .insertInto('members')
      .values({
        phone: DEMO_MEMBER.phone,
        name: DEMO_MEMBER.name,
        password_hash: await hashPassword(DEMO_MEMBER.password),
        status: 'active',
        currency: config.variant === 'la' ? 'LAK' : 'BAHT',
        // a Lao member banks in Laos
        bank_code: config.variant === 'la' ? 'BCEL' : DEMO_MEMBER.bankCode,
        bank_account_name: DEMO_MEMBER.bankAccountName,
        bank_account_no: DEMO_MEMBER.bankAccountNo,
        source_code: 'FRIEND',
        inviter_id: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // a few spin-wheel coins, so the demo wheel can be tried at once (through the ledger, like any coin)
    await withTransaction(database, (tx) => giveCoins(tx, demo.id, DEMO_MEMBER.coins, 'OPERATOR', Date.now()));
    demoMemberCreated = true;
  }
  return { settingsAdded, demoMemberCreated };
}

/** The demo's deposit accounts, by number: money sent to one goes to nobody's business. */
const DEMO_ACCOUNTS = new Set(
  [...THAI_DEPOSIT.banks, ...LAO_DEPOSIT.banks].filter((b) => b.bankType === 'DEPOSIT').map((b) => b.bankAccountNo),
);

/** The demo member's last hash checked against the README's password: one slow verification per hash, not per look at the go-live list. */
let checked: { hash: string; demo: boolean } | undefined;
async function isDemoPassword(hash: string): Promise<boolean> {
  if (checked?.hash !== hash) checked = { hash, demo: await verifyPassword(hash, DEMO_MEMBER.password) };
  return checked.demo;
}

/**
 * Demo data a production site must not run with (main.ts refuses to start, one line each): a deposit
 * account, contact or address of the demo's, its bonuses, promotion codes or wheel, the demo member. Found
 * in a database a demo ran on before it was put into production; empty for one production seeded.
 */
export async function demoDataProblems(database: Database): Promise<string[]> {
  const { db } = database;
  const settings = await readAllSettings(db);
  const problems: string[] = [];
  for (const bank of settings.deposit?.banks ?? [])
    if (DEMO_ACCOUNTS.has(bank.bankAccountNo))
      problems.push(`the deposit account ${bank.bankCode} ${bank.bankAccountNo} is the demo's: set your own (settings set deposit)`);
  if ((settings.deposit?.wallets ?? []).length)
    problems.push(
      'gift-link deposits are offered (deposit.wallets), and only the sandbox can redeem them: remove them (settings set deposit)',
    );
  if (settings.spinwheel?.active) {
    const wheel = await db.selectFrom('spin_wheels').select('slices').orderBy('id', 'desc').limit(1).executeTakeFirst();
    const codes = wheel ? (JSON.parse(wheel.slices) as { code: string }[]).map((s) => s.code) : [];
    if (codes.length && codes.every((code) => DEMO_WHEEL_CODES.includes(code)))
      problems.push("the demo's wheel and its cash prizes are live: set your own wheel or turn it off (settings set spinwheel)");
  }
  if (settings.contact?.lineName === '@walletdemo')
    problems.push("the LINE contact is the demo's (@walletdemo): set your own (settings set contact)");
  if (settings.info?.website.endsWith('.example'))
    problems.push(`the site's address is the demo's (${settings.info.website}): set yours (settings set info)`);
  // the demo's bonuses and promotion codes still offered, by code
  const live = (table: 'bonuses' | 'promotions', codes: readonly string[]) =>
    db
      .selectFrom(table)
      .select('code')
      .where('code', 'in', codes)
      .where('active', '=', 1)
      .orderBy('code')
      .execute()
      .then((rows) => rows.map((r) => r.code).join(', '));
  const bonuses = await live('bonuses', [SPIN_BONUS, ...DEMO_BONUS_CODES]);
  if (bonuses) problems.push(`the demo's bonuses are live (${bonuses}): disable them (bonus disable <code>)`);
  const promotions = await live('promotions', DEMO_PROMOTION_CODES);
  if (promotions) problems.push(`the demo's promotion codes are live (${promotions}): disable them (promotion disable <code>)`);
  const member = await db
    .selectFrom('members')
    .select('password_hash')
    .where('phone', '=', DEMO_MEMBER.phone)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (member && (await isDemoPassword(member.password_hash)))
    problems.push(
      `the demo member ${DEMO_MEMBER.phone} signs in with the README's password: disable it (member disable ${DEMO_MEMBER.phone})`,
    );
  return problems;
}
