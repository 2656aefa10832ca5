import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import { seedFigure, seedMinor } from '../lib/site-money.js';
import { moneyPlaceholder } from '../modules/bonus/money-text.js';

/**
 * The demo bonuses (issue 9): a first-deposit bonus, a daily bonus and a weekly bonus. Amounts are written in
 * baht and stored in minor units of the site's currency (satang; in kip for the Lao site, at 600 kip a baht);
 * their texts name amounts as `{money:N}` (N in the site's currency), which each member reads in their own.
 * Notices carry a `{percentFail}` placeholder the site replaces.
 */
function demoBonuses(lao: boolean, now: number) {
  const money = (baht: number) => seedMinor(lao, baht);
  // amounts in the texts are placeholders: each member reads them in their own currency (bonus/money-text.ts)
  const say = (baht: number) => moneyPlaceholder(seedFigure(lao, baht));
  const json = (v: unknown) => JSON.stringify(v);
  return [
    {
      code: 'FIRSTDEP100',
      name: json({ th: 'โบนัสฝากแรก 100%', la: 'ໂບນັດຝາກທຳອິດ 100%', en: 'First deposit bonus 100%' }),
      html: json({
        th: `<p><strong>รับโบนัส 100%</strong> จากยอดฝากครั้งแรก สูงสุด ${say(500)}</p><p>ฝากขั้นต่ำ ${say(100)} ทำเทิร์นโอเวอร์ 5 เท่าของยอดฝากรวมโบนัสก่อนถอน</p>`,
        la: `<p><strong>ຮັບໂບນັດ 100%</strong> ຈາກຍອດຝາກຄັ້ງທຳອິດ ສູງສຸດ ${say(500)}</p><p>ຝາກຂັ້ນຕ່ຳ ${say(100)} ເຮັດເທີນໂອເວີ 5 ເທົ່າຂອງຍອດຝາກລວມໂບນັດກ່ອນຖອນ</p>`,
        en: `<p><strong>Get 100%</strong> of your first deposit, up to ${say(500)}.</p><p>Minimum deposit ${say(100)}; play 5 times deposit plus bonus before withdrawing.</p>`,
      }),
      notice: json({
        th: 'รับได้ครั้งเดียวต่อสมาชิก หากไม่ผ่านเงื่อนไขจะถูกหัก {percentFail}% ของโบนัส',
        la: 'ຮັບໄດ້ຄັ້ງດຽວຕໍ່ສະມາຊິກ ຫາກບໍ່ຜ່ານເງື່ອນໄຂຈະຖືກຫັກ {percentFail}% ຂອງໂບນັດ',
        en: 'Once per member. If the conditions are not met, {percentFail}% of the bonus is forfeited.',
      }),
      type: 'limit' as const,
      max_received: 1,
      percent_fail: 100,
      banners: json([
        {
          image: '/bonus/first-deposit.svg',
          html: { th: '<p>ฝากแรกรับเพิ่ม 100%</p>', la: '<p>ຝາກທຳອິດຮັບເພີ່ມ 100%</p>', en: '<p>Double your first deposit</p>' },
        },
      ]),
      give_percent: 100,
      give_max: money(500),
      give_fixed: null,
      min_deposit: money(100),
      turnover_multiple: 5,
      budget: null,
      first_deposit: 1,
      active: 1,
      sort: 1,
      created_at: now,
    },
    {
      code: 'DAILY10',
      name: json({ th: 'โบนัสรายวัน 10%', la: 'ໂບນັດລາຍວັນ 10%', en: 'Daily bonus 10%' }),
      html: json({
        th: `<p>รับโบนัส <strong>10%</strong> ทุกวัน สูงสุด ${say(300)}</p><p>ฝากขั้นต่ำ ${say(100)} ทำเทิร์นโอเวอร์ 3 เท่า</p>`,
        la: `<p>ຮັບໂບນັດ <strong>10%</strong> ທຸກມື້ ສູງສຸດ ${say(300)}</p><p>ຝາກຂັ້ນຕ່ຳ ${say(100)} ເຮັດເທີນໂອເວີ 3 ເທົ່າ</p>`,
        en: `<p>Get <strong>10%</strong> every day, up to ${say(300)}.</p><p>Minimum deposit ${say(100)}; turnover 3 times.</p>`,
      }),
      notice: json({
        th: 'รับได้วันละ 1 ครั้ง (เวลาไทย) หากไม่ผ่านเงื่อนไขจะถูกหัก {percentFail}% ของโบนัส',
        la: 'ຮັບໄດ້ມື້ລະ 1 ຄັ້ງ ຫາກບໍ່ຜ່ານເງື່ອນໄຂຈະຖືກຫັກ {percentFail}% ຂອງໂບນັດ',
        en: 'Once a day (Bangkok time). If the conditions are not met, {percentFail}% of the bonus is forfeited.',
      }),
      type: 'day' as const,
      max_received: 1,
      percent_fail: 50,
      banners: json([
        {
          image: '/bonus/daily.svg',
          html: { th: '<p>ฝากทุกวัน รับทุกวัน</p>', la: '<p>ຝາກທຸກມື້ ຮັບທຸກມື້</p>', en: '<p>Deposit daily, get more daily</p>' },
        },
      ]),
      give_percent: 10,
      give_max: money(300),
      give_fixed: null,
      min_deposit: money(100),
      turnover_multiple: 3,
      budget: null,
      first_deposit: 0,
      active: 1,
      sort: 2,
      created_at: now,
    },
    {
      code: 'WEEKLY100',
      name: json({ th: 'โบนัสประจำสัปดาห์', la: 'ໂບນັດປະຈຳອາທິດ', en: 'Weekly bonus' }),
      html: json({
        th: `<p>ฝาก ${say(300)}ขึ้นไป รับ <strong>${say(100)}</strong> ได้สัปดาห์ละ 2 ครั้ง</p><p>ทำเทิร์นโอเวอร์ 10 เท่า</p>`,
        la: `<p>ຝາກ ${say(300)}ຂຶ້ນໄປ ຮັບ <strong>${say(100)}</strong> ໄດ້ອາທິດລະ 2 ຄັ້ງ</p><p>ເຮັດເທີນໂອເວີ 10 ເທົ່າ</p>`,
        en: `<p>Deposit ${say(300)} or more and get <strong>${say(100)}</strong>, twice a week.</p><p>Turnover 10 times.</p>`,
      }),
      notice: json({
        th: 'สัปดาห์เริ่มวันจันทร์ (เวลาไทย) หากไม่ผ่านเงื่อนไขจะถูกหัก {percentFail}% ของโบนัส',
        la: 'ອາທິດເລີ່ມວັນຈັນ ຫາກບໍ່ຜ່ານເງື່ອນໄຂຈະຖືກຫັກ {percentFail}% ຂອງໂບນັດ',
        en: 'Weeks start on Monday (Bangkok time). If the conditions are not met, {percentFail}% of the bonus is forfeited.',
      }),
      type: 'week' as const,
      max_received: 2,
      percent_fail: 100,
      banners: json([
        {
          image: '/bonus/weekly.svg',
          html: { th: '<p>ของขวัญทุกสัปดาห์</p>', la: '<p>ຂອງຂວັນທຸກອາທິດ</p>', en: '<p>A gift every week</p>' },
        },
      ]),
      give_percent: null,
      give_max: null,
      give_fixed: money(100),
      min_deposit: money(300),
      turnover_multiple: 10,
      budget: null,
      first_deposit: 0,
      active: 1,
      sort: 3,
      created_at: now,
    },
  ];
}

/** Adds each demo bonus whose code is missing; never changes one the operator edited. */
/** The demo bonuses' codes (production must not run them: seed.ts demoDataProblems). */
export const DEMO_BONUS_CODES: readonly string[] = demoBonuses(false, 0).map((b) => b.code);

export async function seedBonuses(db: Kysely<DB>, lao: boolean): Promise<void> {
  const existing = new Set((await db.selectFrom('bonuses').select('code').execute()).map((b) => b.code));
  const missing = demoBonuses(lao, Date.now()).filter((b) => !existing.has(b.code));
  if (missing.length > 0) await db.insertInto('bonuses').values(missing).execute();
}

/**
 * The demo promotion codes: WELCOME50 gives 50 baht with no deposit needed (turnover ×5 of the bonus,
 * 1000 members), NEWYEAR20 gives 20% of the latest deposit of at least 100 baht, up to 200 (×3).
 */
function demoPromotions(lao: boolean, now: number) {
  const money = (baht: number) => seedMinor(lao, baht);
  // each member reads {money:N} in their own currency (bonus/money-text.ts), on the bonus page and the statement
  const say = (baht: number) => moneyPlaceholder(seedFigure(lao, baht));
  const json = (v: unknown) => JSON.stringify(v);
  return [
    {
      code: 'WELCOME50',
      description: json({
        th: `<p>โค้ดต้อนรับสมาชิกใหม่ รับเครดิตฟรี <strong>${say(50)}</strong> ไม่ต้องฝาก</p><p>ทำเทิร์นโอเวอร์ 5 เท่าก่อนถอน</p>`,
        la: `<p>ລະຫັດຕ້ອນຮັບສະມາຊິກໃໝ່ ຮັບເຄຣດິດຟຣີ <strong>${say(50)}</strong> ບໍ່ຕ້ອງຝາກ</p><p>ເຮັດເທີນໂອເວີ 5 ເທົ່າກ່ອນຖອນ</p>`,
        en: `<p>Welcome code: <strong>${say(50)}</strong> free credit, no deposit needed.</p><p>Play 5 times the bonus before withdrawing.</p>`,
      }),
      percent_fail: 100,
      give_percent: null,
      give_max: null,
      give_fixed: money(50),
      min_deposit: 0,
      turnover_multiple: 5,
      total_uses: 1000,
      active: 1,
      created_at: now,
    },
    {
      code: 'NEWYEAR20',
      description: json({
        th: `<p>ฉลองปีใหม่ รับโบนัส <strong>20%</strong> จากยอดฝากล่าสุด สูงสุด ${say(200)}</p><p>ฝากขั้นต่ำ ${say(100)} ทำเทิร์นโอเวอร์ 3 เท่า</p>`,
        la: `<p>ສະຫຼອງປີໃໝ່ ຮັບໂບນັດ <strong>20%</strong> ຈາກຍອດຝາກລ່າສຸດ ສູງສຸດ ${say(200)}</p><p>ຝາກຂັ້ນຕ່ຳ ${say(100)} ເຮັດເທີນໂອເວີ 3 ເທົ່າ</p>`,
        en: `<p>New year: <strong>20%</strong> of your latest deposit, up to ${say(200)}.</p><p>Minimum deposit ${say(100)}; turnover 3 times.</p>`,
      }),
      percent_fail: 50,
      give_percent: 20,
      give_max: money(200),
      give_fixed: null,
      min_deposit: money(100),
      turnover_multiple: 3,
      total_uses: null,
      active: 1,
      created_at: now,
    },
  ];
}

/** Adds each demo promotion whose code is missing; never changes one the operator edited. */
/** The demo promotion codes (production must not run them). */
export const DEMO_PROMOTION_CODES: readonly string[] = demoPromotions(false, 0).map((p) => p.code);

export async function seedPromotions(db: Kysely<DB>, lao: boolean): Promise<void> {
  const existing = new Set((await db.selectFrom('promotions').select('code').execute()).map((p) => p.code));
  const missing = demoPromotions(lao, Date.now()).filter((p) => !existing.has(p.code));
  if (missing.length > 0) await db.insertInto('promotions').values(missing).execute();
}
