import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import { DEFAULT_CHAT, type ChatSetting } from '../settings/chat-setting.js';
import { defaultHowto } from '../settings/howto-setting.js';
import type { Settings } from '../settings/registry.js';
import { writeSetting } from '../settings/store.js';
import type { DB } from './schema.js';

type Deposit = Settings['deposit'];

const COMPANY = { th: 'บจก. วอลเล็ต เดโม', la: 'ບໍລິສັດ ວໍເລັດ ເດໂມ ຈຳກັດ', en: 'WALLET DEMO CO., LTD.' };

/** The payment QR providers, all Thai codes that pay baht (contract/deposit.ts QR_CURRENCY). */
const QR_PROVIDERS: Deposit['banks'] = (
  [
    ['KBANK', 'ธนาคารกสิกรไทย', 'ທະນາຄານກະສິກອນໄທ', 'Kasikornbank'],
    ['WW', 'ทรูมันนี่ วอลเล็ท', 'ທຣູມັນນີ່ ວໍເລັດ', 'TrueMoney Wallet'],
    ['ZAPMAN', 'แซปแมน', 'ແຊັບແມນ', 'Zapman'],
  ] as const
).map(([bankCode, nameTH, nameLA, nameEN]) => ({
  bankCode,
  bankType: 'QRCODE',
  mode: 'AUTO',
  nameTH,
  nameLA,
  nameEN,
  bankAccountName: COMPANY,
  bankAccountNo: '',
  currency: 'BAHT' as const,
}));

const KBANK_ACCOUNT: Deposit['banks'][number] = {
  bankCode: 'KBANK',
  bankType: 'DEPOSIT',
  mode: 'AUTO',
  nameTH: 'ธนาคารกสิกรไทย',
  nameLA: 'ທະນາຄານກະສິກອນໄທ',
  nameEN: 'Kasikornbank',
  bankAccountName: COMPANY,
  bankAccountNo: '0481234567',
  currency: 'BAHT',
};

/** The Lao site's greeter: its "Call us" rings a Lao number (the demo's), not the Thai site's. */
export function laoChat(chat: ChatSetting): ChatSetting {
  const buttons = chat.greeter.buttons.buttons.map((b) => (b.type === 'call' ? { ...b, payload: '+85621000000' } : b));
  return { ...chat, greeter: { ...chat.greeter, buttons: { ...chat.greeter.buttons, buttons } } };
}

const WALLETS = [{ walletAccountName: 'TrueMoney Wallet', mode: 'AUTO' }];

/** The Thai site: a KBank account, the three QR providers and the gift link, all in baht. */
export const THAI_DEPOSIT: Deposit = { banks: [KBANK_ACCOUNT, ...QR_PROVIDERS], wallets: WALLETS, isManual: false };

/**
 * The Lao site: a BCEL account in kip for kip members; a KBank account, the Thai QR codes and the gift
 * link for members who chose baht (each offered only to the currency it takes).
 */
export const LAO_DEPOSIT: Deposit = {
  banks: [
    {
      bankCode: 'BCEL',
      bankType: 'DEPOSIT',
      mode: 'AUTO',
      nameTH: 'ธนาคารการค้าต่างประเทศลาว',
      nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
      nameEN: 'BCEL',
      bankAccountName: COMPANY,
      bankAccountNo: '0101200012345678',
      currency: 'LAK',
    },
    KBANK_ACCOUNT,
    ...QR_PROVIDERS,
  ],
  wallets: WALLETS,
  isManual: false,
};

/** What a Lao database was seeded with before issue 21: the Thai site's baht figures, and Thai codes for kip. */
const OLD_LAO_WITHDRAW = { withdrawMin: 100, withdrawMax: 50000 };
const OLD_LAO_SLIP_MINIMUM = 1;
const OLD_LAO_DEPOSIT = {
  banks: [
    ['KBANK', 'DEPOSIT', 'ธนาคารกสิกรไทย', 'Kasikornbank', '0481234567'],
    ['KBANK', 'QRCODE', 'ธนาคารกสิกรไทย', 'Kasikornbank', ''],
    ['WW', 'QRCODE', 'ทรูมันนี่ วอลเล็ท', 'TrueMoney Wallet', ''],
    ['ZAPMAN', 'QRCODE', 'แซปแมน', 'Zapman', ''],
  ].map(([bankCode, bankType, nameTH, nameEN, bankAccountNo]) => ({
    bankCode,
    bankType,
    mode: 'AUTO',
    nameTH,
    nameEN,
    bankAccountName: 'บจก. วอลเล็ต เดโม',
    bankAccountNo,
    currency: 'LAK',
  })),
  wallets: WALLETS,
  isManual: false,
};

/**
 * A Lao database seeded before issue 21 gets the Lao defaults where it still holds what that seed
 * wrote (a withdraw maximum of 50,000 kip, about 80 baht; Thai QR codes offered in kip; the how-to films of
 * the Thai site's screens; the greeter's Thai phone number); a value the operator changed is theirs and stays. Runs on every start of the Lao site, a no-op once corrected.
 */
export async function correctLaoSettings(db: Kysely<DB>, defaults: Settings): Promise<string[]> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['withdraw', 'slip', 'deposit', 'howto', 'chat'])
    .execute();
  const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  const corrected: string[] = [];
  if (isDeepStrictEqual(stored.withdraw, OLD_LAO_WITHDRAW)) {
    await writeSetting(db, 'withdraw', defaults.withdraw);
    corrected.push('withdraw');
  }
  const slip = stored.slip as Settings['slip'] | undefined;
  if (slip?.minDeposit === OLD_LAO_SLIP_MINIMUM) {
    await writeSetting(db, 'slip', { ...slip, minDeposit: defaults.slip.minDeposit });
    corrected.push('slip');
  }
  if (isDeepStrictEqual(stored.deposit, OLD_LAO_DEPOSIT)) {
    await writeSetting(db, 'deposit', defaults.deposit);
    corrected.push('deposit');
  }
  // the how-to films of the Thai site's screens, seeded before the Lao site had its own
  if (isDeepStrictEqual(stored.howto, defaultHowto('th'))) {
    await writeSetting(db, 'howto', defaults.howto);
    corrected.push('howto');
  }
  // the Thai site's greeter, seeded before the Lao site rang a Lao number
  if (isDeepStrictEqual(stored.chat, DEFAULT_CHAT)) {
    await writeSetting(db, 'chat', laoChat(DEFAULT_CHAT));
    corrected.push('chat');
  }
  return corrected;
}
