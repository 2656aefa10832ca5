import type { Currency } from '../../ledger/money.js';

/** NFKC (full-width digits and letters), with Thai and Lao SARA AM kept whole (NFKC splits ำ into ํ + า; our words are written whole). */
export const nfkc = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\u0e4d\u0e32/g, '\u0e33')
    .replace(/\u0ecd\u0eb2/g, '\u0eb3');

/**
 * The values of a statement's cells as Thai and Lao banks write them: amounts with thousands separators,
 * a sign, a currency word, parentheses or a DR/CR mark; dates in the Christian or the Buddhist era (2566 =
 * 2023; two-digit years of either), with numbers or Thai / Lao month names; times as HH:mm[:ss]. Amounts
 * become integer minor units by their digits, never through a float.
 */

/** Minor units of `currency` from the bank's text, or undefined when it is no amount. Negative: money out. */
export function amountMinor(text: string, currency: Currency): number | undefined {
  let s = nfkc(text).replace(/\s+/g, '').replace(/,/g, '');
  s = s.replace(/(THB|LAK|KIP|บาท|ກີບ|฿|₭)/giu, '');
  if (!s || s === '-') return undefined;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (/(DR|-)$/i.test(s)) {
    negative = true;
    s = s.replace(/(DR|-)$/i, '');
  } else s = s.replace(/CR$/i, '');
  const m = /^([+-])?(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return undefined;
  if (m[1] === '-') negative = !negative;
  const decimals = currency === 'BAHT' ? 2 : 0;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return undefined;
  const minor = Number(m[2]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  if (!Number.isSafeInteger(minor)) return undefined;
  return negative ? -minor : minor;
}

const THAI_MONTHS = [
  ['ม.ค.', 'มกราคม'],
  ['ก.พ.', 'กุมภาพันธ์'],
  ['มี.ค.', 'มีนาคม'],
  ['เม.ย.', 'เมษายน'],
  ['พ.ค.', 'พฤษภาคม'],
  ['มิ.ย.', 'มิถุนายน'],
  ['ก.ค.', 'กรกฎาคม'],
  ['ส.ค.', 'สิงหาคม'],
  ['ก.ย.', 'กันยายน'],
  ['ต.ค.', 'ตุลาคม'],
  ['พ.ย.', 'พฤศจิกายน'],
  ['ธ.ค.', 'ธันวาคม'],
];
const LAO_MONTHS = ['ມັງກອນ', 'ກຸມພາ', 'ມີນາ', 'ເມສາ', 'ພຶດສະພາ', 'ມິຖຸນາ', 'ກໍລະກົດ', 'ສິງຫາ', 'ກັນຍາ', 'ຕຸລາ', 'ພະຈິກ', 'ທັນວາ'];
const EN_MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function monthOf(word: string): number | undefined {
  const w = nfkc(word).toUpperCase();
  for (let i = 0; i < 12; i++) {
    const [short, long] = THAI_MONTHS[i]!;
    if (w === short || w === short!.replace(/\./g, '') || w === long || w === LAO_MONTHS[i] || w.startsWith(EN_MONTHS[i]!)) return i + 1;
  }
  return undefined;
}

/** A year as written: a Buddhist-era one (2400 and up) less 543; two digits the era that lands nearest `nowYear`. */
export function christianYear(written: string, nowYear: number): number | undefined {
  const y = Number(written);
  if (!Number.isInteger(y)) return undefined;
  if (written.length === 2) {
    const christian = 2000 + y;
    const buddhist = 2500 + y - 543;
    return Math.abs(buddhist - nowYear) < Math.abs(christian - nowYear) ? buddhist : christian;
  }
  if (written.length !== 4) return undefined;
  return y >= 2400 ? y - 543 : y;
}

/** Thailand and Laos keep UTC+7 all year (no daylight saving): a statement's wall time is that. */
const UTC_PLUS_7 = 7 * 3600 * 1000;

/**
 * Epoch ms of the bank's date (and time, in the same cell or the next), or undefined when it is no date.
 * Day first, as every one of these banks writes it: 05/04/2020, 01-02-23, 4 ก.พ. 2566, 2023-02-01.
 */
export function statementTime(dateText: string, timeText: string, nowYear: number): number | undefined {
  const text = nfkc(`${dateText} ${timeText}`).trim();
  let day: number, month: number | undefined, year: number | undefined;
  let rest: string;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(.*)$/.exec(text);
  if (m) {
    year = christianYear(m[1]!, nowYear);
    month = Number(m[2]);
    day = Number(m[3]);
    rest = m[4]!;
  } else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(.*)$/.exec(text))) {
    day = Number(m[1]);
    month = Number(m[2]);
    year = christianYear(m[3]!, nowYear);
    rest = m[4]!;
  } else if ((m = /^(\d{1,2})[\s-]+([^\s\d-]+)[\s-]+(\d{4}|\d{2})(.*)$/u.exec(text))) {
    day = Number(m[1]);
    month = monthOf(m[2]!);
    year = christianYear(m[3]!, nowYear);
    rest = m[4]!;
  } else return undefined;
  if (year === undefined || month === undefined || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const t = /(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?/.exec(rest);
  const [h, min, s] = t ? [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)] : [0, 0, 0];
  if (h > 23 || min > 59 || s > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, h, min, s);
  if (new Date(utc).getUTCDate() !== day) return undefined;
  return utc - UTC_PLUS_7;
}

/** The banks' own words for banks on statements, to the codes of our bank list (server/src/db/seed-banks.ts). */
const BANK_WORDS: [RegExp, string][] = [
  [/\b(KBANK|KBNK|KASIKORN)\b|กสิกร/iu, 'KBANK'],
  [/\bSCB\b|ไทยพาณิชย์/iu, 'SCB'],
  [/\b(KTB|KRUNGTHAI)\b|กรุงไทย/iu, 'KTB'],
  [/\b(BBL|BANGKOK BANK)\b|กรุงเทพ/iu, 'BBL'],
  [/\b(BAY|KRUNGSRI)\b|กรุงศรี/iu, 'BAY'],
  [/\b(TTB|TMB|TBANK)\b|ทหารไทย|ทีทีบี/iu, 'TMB'],
  [/\bGSB\b|ออมสิน/iu, 'GSB'],
  [/\bBAAC\b|ธ\.ก\.ส\./iu, 'BAAC'],
  [/\bKKP\b|เกียรตินาคิน/iu, 'KKP'],
  [/\bUOB\b|ยูโอบี/iu, 'UOB'],
  [/\bBCEL\b|ການຄ້າຕ່າງປະເທດ/iu, 'BCEL'],
  [/\bLDB\b|ພັດທະນາລາວ/iu, 'LDB'],
  [/\bJDB\b|ຮ່ວມພັດທະນາ/iu, 'JDB'],
  [/\bAPB\b|ສົ່ງເສີມກະສິກຳ/iu, 'APB'],
];

export interface Sender {
  bank: string | null;
  account: string | null;
  name: string | null;
}

/** A masked or whole account number as banks print it: at least 4 digits, masks (x, X, *, •) and dashes. */
const ACCOUNT = /(?:^|[\s/:(])([xX*•]*[\dxX*•][\d xX*•-]*\d[\dxX*•-]*)(?=$|[\s)])/u;
/** Words around a sender's name that are no part of it. */
const NOISE =
  /\b(from|transfer|deposit|to|ref(?:erence)?|acct?|account|no\.?)\b|โอนเงินจาก|รับโอนจาก|โอนจาก|จาก|เข้าบัญชี|บัญชี|ຈາກ|ໂອນ|ເງິນ|ບັນຊີ/giu;

/**
 * The sender in a line's description ("From KTB X0052 MR. SOMCHAI J++", "กสิกรไทย (KBANK) /X685027 นาย
 * สมชาย ใ", "ຈາກ BCEL 010-12-00-xxxxx123 ທ້າວ ສົມພອນ"): a bank word, the first account-like token (4+
 * digits), and the words after it as the name, the truncation mark "++" dropped. Any part may be absent.
 */
export function senderOf(text: string): Sender {
  const t = nfkc(text);
  const bank = BANK_WORDS.find(([re]) => re.test(t))?.[1] ?? null;
  const acc = ACCOUNT.exec(t);
  const account = acc && (acc[1]!.match(/\d/g) ?? []).length >= 4 ? acc[1]!.replace(/\s+/g, '') : null;
  let name: string | null = null;
  if (acc) {
    const after = t.slice(acc.index + acc[0].length);
    name =
      after
        .replace(/\+\+$|\++\s*$/u, '')
        .replace(NOISE, ' ')
        .replace(/\s+/g, ' ')
        .trim() || null;
  }
  return { bank, account, name };
}
