import type { Kysely } from 'kysely';
import { addWheel, storedSlices, type WheelInput } from '../modules/spinwheel/wheel.js';
import type { DB } from './schema.js';
import { seedFigure, seedMinor } from '../lib/site-money.js';
import { moneyPlaceholder } from '../modules/bonus/money-text.js';

/**
 * The demo spin wheel (issue 10): eight slices, cash of 5 to 100 baht, a 50 baht bonus with a 3x
 * turnover (the bonus SPINBONUS50, not offered on the bonus page: the wheel gives it) and two "try
 * again" slices; the weights add up to 100, so each is the chance in percent. The Lao site counts in
 * kip at 600 kip a baht. Labels and descriptions name amounts as `{money:N}` (N in the site's currency),
 * which each member reads in their own: a Lao-site member who holds baht wins baht (spinwheel/service.ts).
 */
export const SPIN_BONUS = 'SPINBONUS50';

function demoWheel(lao: boolean): WheelInput {
  const amount = (baht: number) => seedFigure(lao, baht);
  const money = (baht: number) => {
    const said = moneyPlaceholder(amount(baht));
    return { th: said, la: said, en: said };
  };
  const cash = (code: string, baht: number, weight: number, bgColor: string, textColor: string) => {
    const m = money(baht);
    return {
      code,
      label: m,
      bgColor,
      textColor,
      // not "free to withdraw": while a bonus's turnover is being played, the wallet waits for it like the rest
      html: {
        th: `<p>รับเงินสด <strong>${m.th}</strong> เข้ากระเป๋าทันที</p>`,
        la: `<p>ຮັບເງິນສົດ <strong>${m.la}</strong> ເຂົ້າກະເປົາທັນທີ</p>`,
        en: `<p><strong>${m.en}</strong> cash straight to your wallet.</p>`,
      },
      weight,
      prize: { type: 'cash' as const, amount: amount(baht) },
    };
  };
  const tryAgain = (code: string, weight: number, bgColor: string) => ({
    code,
    label: { th: 'ลองใหม่อีกครั้ง', la: 'ລອງໃໝ່ອີກຄັ້ງ', en: 'Try again' },
    bgColor,
    textColor: '#FFFFFF',
    html: { th: '<p>เสียดายจัง ลองหมุนใหม่นะ</p>', la: '<p>ເສຍດາຍ ລອງໝຸນໃໝ່ເດີ້</p>', en: '<p>No prize this time. Spin again!</p>' },
    weight,
    prize: { type: 'nothing' as const },
  });
  const b = money(50);
  return {
    name: { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' },
    slices: [
      cash('CASH5', 5, 25, '#C62828', '#FFFFFF'),
      tryAgain('TRY_AGAIN', 20, '#37474F'),
      cash('CASH10', 10, 15, '#FFC107', '#3E2723'),
      {
        code: 'BONUS50',
        label: { th: `โบนัส ${b.th}`, la: `ໂບນັດ ${b.la}`, en: `${b.en} bonus` },
        bgColor: '#6A1B9A',
        textColor: '#FFFFFF',
        html: {
          th: `<p>โบนัส <strong>${b.th}</strong> ทำเทิร์นโอเวอร์ 3 เท่าก่อนถอน</p>`,
          la: `<p>ໂບນັດ <strong>${b.la}</strong> ເຮັດເທີນໂອເວີ 3 ເທົ່າກ່ອນຖອນ</p>`,
          en: `<p>A <strong>${b.en}</strong> bonus: play 3 times it before withdrawing.</p>`,
        },
        weight: 8,
        prize: { type: 'bonus' as const, bonus: SPIN_BONUS },
      },
      cash('CASH20', 20, 10, '#2E7D32', '#FFFFFF'),
      tryAgain('TRY_AGAIN_2', 15, '#455A64'),
      cash('CASH50', 50, 5, '#1565C0', '#FFFFFF'),
      cash('CASH100', 100, 2, '#FFD700', '#B71C1C'),
    ],
  };
}

/** The demo wheel's slices, by code (production must not run it: seed.ts demoDataProblems). */
export const DEMO_WHEEL_CODES: readonly string[] = demoWheel(false).slices.map((s) => s.code);

/** Adds the wheel's bonus and the demo wheel where there are none; never touches what the operator set. */
export async function seedSpinwheel(db: Kysely<DB>, lao: boolean): Promise<void> {
  const now = Date.now();
  const json = (v: unknown) => JSON.stringify(v);
  await db
    .insertInto('bonuses')
    .values({
      code: SPIN_BONUS,
      // no amount in a name: the statement shows it as written, whatever the member's currency
      name: json({ th: 'โบนัสวงล้อนำโชค', la: 'ໂບນັດວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel bonus' }),
      html: json({ th: '<p>โบนัสจากวงล้อนำโชค</p>', la: '<p>ໂບນັດຈາກວົງລໍ້ນຳໂຊກ</p>', en: '<p>A bonus won on the lucky wheel.</p>' }),
      notice: json({ th: 'ทำเทิร์นโอเวอร์ 3 เท่าก่อนถอน', la: 'ເຮັດເທີນໂອເວີ 3 ເທົ່າກ່ອນຖອນ', en: 'Play 3 times the bonus before withdrawing.' }),
      type: 'limit',
      max_received: 1,
      percent_fail: 100,
      banners: '[]',
      give_percent: null,
      give_max: null,
      give_fixed: seedMinor(lao, 50),
      min_deposit: 0,
      turnover_multiple: 3,
      budget: null,
      // not offered on the bonus page: only the wheel gives it
      active: 0,
      sort: 99,
      created_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const wheels = await db
    .selectFrom('spin_wheels')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(wheels.n) > 0) return;
  await addWheel(db, await storedSlices(db, demoWheel(lao), lao ? 'LAK' : 'BAHT'), now);
}
