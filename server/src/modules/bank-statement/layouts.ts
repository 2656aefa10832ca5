import { createHash } from 'node:crypto';
import { ApiError } from '../../lib/errors.js';
import type { Currency } from '../../ledger/money.js';
import { amountMinor, nfkc, senderOf, statementTime, type Sender } from './values.js';

/**
 * Which bank wrote a statement and where its columns are. Each layout is read by its header row (the
 * words of the bank's own export, Thai, Lao or English), so a column moved or added is still found:
 * - KBANK, K-BIZ "รายการเดินบัญชีเงินฝาก (มีรายละเอียด)" CSV: a preamble (title, "K-DEPOSIT STATEMENT", the
 *   masked account number, period, totals), then Date, Time/Eff.Date, Descriptions, Withdrawal, Deposit,
 *   Outstanding Balance, Channel, Details, with empty cells between (merged in Excel); dates dd-mm-yy;
 *   Details "From KTB X0052", "From X8794 MS. NAME++". Followed: rossigee/bank-statement-import-th,
 *   account_statement_import_th_kbiz (parser.py and its test file type1-th.csv).
 * - SCB, Business Net / SCB Easy text export: tab-separated, header วันที่ เวลา รายการ ช่องทาง รายละเอียด
 *   เลขที่เช็ค ถอน/โอนออก ฝาก/โอนเข้า คงเหลือ (or the English words), dd/mm/yyyy, amounts signed "+5,335.73".
 *   Followed: rossigee/bank-statement-import-th, account_statement_import_th_scb (test_txt_th.txt); the
 *   counter-party as SCB prints it ("กสิกรไทย (KBANK) /X685027") from a published SCB statement extractor.
 * - KTB, Krungthai Corporate Online "Excel" export: an HTML table named .xls; the account number in the
 *   second row; data rows date dd/mm/yyyy, the transaction type in the 3rd cell, the description in the
 *   4th, the signed amount in the 7th, the balance in the 9th. Followed: rossigee/bank-statement-import-th,
 *   account_statement_import_th_ktb (parser.py). Saved as .xlsx or CSV it keeps those columns; without a
 *   header we know, those positions are read.
 * - BCEL account statement (Excel, sheet "Sheet0"): the bank's name, ເລກບັນຊີ (account), ສະກຸນເງິນ (currency)
 *   and the period, then the header ວັນທີ | ເລກບີນ | ເນື້ອໃນ | ໜີ້ | ມີ | ຍອດເຫຼືອທ້າຍ (date, bill number,
 *   description, debit, credit, closing balance), an undated ຍອດຍົກມາ (brought forward) row, the lines, and
 *   ລວມຍອດ (totals) and ຍອດເຫຼືອທ້າຍ rows. Followed: the layout an open-source BCEL statement reader expects (its bcel parser's
 *   header and markers); BCEL publishes none. The bill number is kept with the description.
 * - BCEL i-Bank account history, as a CSV: read by its header words (ວັນທີ / Date, ເນື້ອໃນ / Description,
 *   ຖອນ / Debit, ຝາກ / Credit, ຍອດເຫຼືອ / Balance, optionally the sender's account and name columns), in kip;
 *   no published layout was found. A clerk whose export differs picks the bank and the columns are still
 *   found by their words. Say so to the operator (README).
 * A file that states its currency (ສະກຸນເງິນ, สกุลเงิน, Currency) must be the deposit account's: else 400
 * STATEMENT_FILE_CURRENCY (a dollar account's statement read as kip would credit dollars as kip).
 */

export const STATEMENT_BANKS = ['KBANK', 'SCB', 'KTB', 'BCEL'] as const;
export type StatementBank = (typeof STATEMENT_BANKS)[number];

export interface RawLine {
  /** 1-based row in the file. */
  rowNo: number;
  at: number;
  /** Minor units, incoming only (> 0). */
  amount: number;
  balance: number | null;
  description: string;
  sender: Sender;
  fingerprint: string;
}

export interface ParsedStatement {
  bank: StatementBank;
  /** The account number the file states (often masked), when it states one. */
  accountNo: string | null;
  lines: RawLine[];
  /** Outgoing lines (withdrawals, fees): read and left out. */
  outgoing: number;
}

type Column =
  | 'date'
  | 'time'
  | 'description'
  | 'details'
  | 'channel'
  | 'debit'
  | 'credit'
  | 'amount'
  | 'balance'
  | 'fromAccount'
  | 'fromName'
  | 'reference'
  | 'cheque';

/** Header words, tried in this order on each cell (the first that fits names it). */
const HEADER_WORDS: [Column, RegExp][] = [
  ['fromAccount', /from account|sender account|บัญชีผู้โอน|ບັນຊີຜູ້ໂອນ/iu],
  ['fromName', /from name|sender name|ชื่อผู้โอน|ຊື່ຜູ້ໂອນ/iu],
  ['time', /time|เวลา|ເວລາ/iu],
  ['balance', /balance|คงเหลือ|ຍອດເຫຼືອ|ຍອດຄົງເຫຼືອ/iu],
  ['cheque', /cheque|เช็ค/iu],
  // BCEL's bill number (ເລກບີນ)
  ['reference', /ເລກບີນ|ເລກອ້າງອີງ/u],
  // BCEL's debit and credit are the accountant's words ໜີ້ ("owed") and ມີ ("has"): the whole cell only (NFKC
  // writes ໜ as ຫນ)
  ['debit', /withdraw|debit|ถอน|โอนออก|ຖອນ|ເດບິດ|^ຫນີ້$/iu],
  ['credit', /deposit|credit|ฝาก|โอนเข้า|ຝາກ|ເຄຣດິດ|^ມີ$/iu],
  ['amount', /amount|จำนวนเงิน|ຈຳນວນເງິນ/iu],
  ['date', /date|วันที่|ວັນທີ/iu],
  ['details', /detail|รายละเอียด|ລາຍລະອຽດ/iu],
  ['channel', /channel|ช่องทาง|ຊ່ອງທາງ/iu],
  ['description', /description|transaction|particular|รายการ|ລາຍການ|ເນື້ອໃນ/iu],
];

type Columns = Partial<Record<Column, number>>;

function headerColumns(row: readonly string[]): Columns | undefined {
  const columns: Columns = {};
  row.forEach((cell, i) => {
    const text = nfkc(cell).trim();
    if (!text) return;
    const column = HEADER_WORDS.find(([, re]) => re.test(text))?.[0];
    if (column && columns[column] === undefined) columns[column] = i;
  });
  const hasMoney = columns.credit !== undefined || columns.amount !== undefined;
  return columns.date !== undefined && hasMoney ? columns : undefined;
}

/** Krungthai's positions when no header says otherwise (the HTML export's data rows). */
const KTB_POSITIONS: Columns = { date: 0, description: 2, details: 3, amount: 6, balance: 8 };

const MARKERS: [StatementBank, RegExp][] = [
  ['KBANK', /K-DEPOSIT|K-BIZ|KASIKORN|กสิกรไทย|ກະສິກອນ/iu],
  ['SCB', /\bSCB\b|ไทยพาณิชย์|SIAM COMMERCIAL|ฝาก\/โอนเข้า/iu],
  ['KTB', /KRUNGTHAI|กรุงไทย|\bKTB\b/iu],
  ['BCEL', /\bBCEL\b|ການຄ້າຕ່າງປະເທດລາວ|ວັນທີ|ເນື້ອໃນ/iu],
];

/** The bank the file's own words name before (and in) its header row, or undefined. */
function bankOfFile(rows: readonly string[][], headerAt: number, format: string): StatementBank | undefined {
  const head = rows
    .slice(0, headerAt + 1)
    .map((r) => r.join(' '))
    .join('\n');
  const found = MARKERS.find(([, re]) => re.test(head))?.[0];
  if (found) return found;
  return format === 'html' ? 'KTB' : undefined;
}

/** The account number the preamble states ("Account Number ... XXX-X-XX971-4", Krungthai's second row). */
function accountOfFile(rows: readonly string[][], headerAt: number): string | null {
  for (const row of rows.slice(0, Math.max(headerAt, 3))) {
    const label = row.findIndex((c) => /account (number|no)|เลขที่บัญชี|ເລກບັນຊີ/iu.test(c.trim()));
    const cells = label >= 0 ? row.slice(label + 1) : [];
    const value = cells.find((c) => (c.match(/\d/g) ?? []).length >= 4 && /^[\dxX*•\s-]+$/.test(c.trim()));
    if (value) return value.trim();
  }
  return null;
}

/**
 * The currency the preamble states ("ສະກຸນເງິນ | LAK", "Currency: THB"), as ours; 'OTHER' for any other word (USD,
 * "US Dollar", ໂດລາ); null when it states none.
 */
function currencyOfFile(rows: readonly string[][], headerAt: number): Currency | 'OTHER' | null {
  const label = /^(currency|สกุลเงิน|ສະກຸນເງ[ິີ]ນ)\s*(:\s*|$)/iu;
  for (const row of rows.slice(0, Math.max(headerAt, 0))) {
    const at = row.findIndex((c) => label.test(nfkc(c).trim()));
    if (at < 0) continue;
    // the value in the label's own cell ("Currency: THB") or in the next cell that holds one
    const own = nfkc(row[at]!).trim().replace(label, '');
    const value = own || (row.slice(at + 1).find((c) => c.trim()) ?? '');
    if (!value.trim()) continue;
    if (/\bLAK\b|ກີບ|\bKIP\b/iu.test(value)) return 'LAK';
    if (/\bTHB\b|บาท|ບາດ|\bBAHT\b/iu.test(value)) return 'BAHT';
    return 'OTHER';
  }
  return null;
}

const normal = (text: string) => nfkc(text).replace(/\s+/g, ' ').trim().toUpperCase();

export function parseStatement(
  rows: readonly string[][],
  format: 'csv' | 'xlsx' | 'html',
  currency: Currency,
  chosen: StatementBank | undefined,
  now: number,
): ParsedStatement {
  const headerAt = rows.slice(0, 60).findIndex((r) => headerColumns(r) !== undefined);
  const found = bankOfFile(rows, headerAt < 0 ? Math.min(rows.length, 10) : headerAt, format);
  const bank = found ?? chosen;
  if (!bank) throw new ApiError(400, 'STATEMENT_BANK_UNKNOWN');
  if (chosen && found && chosen !== found) throw new ApiError(400, 'STATEMENT_BANK_MISMATCH');
  const columns = headerAt >= 0 ? headerColumns(rows[headerAt]!)! : bank === 'KTB' ? KTB_POSITIONS : undefined;
  if (!columns) throw new ApiError(400, 'STATEMENT_LAYOUT_UNKNOWN');
  const stated = currencyOfFile(rows, headerAt);
  if (stated && stated !== currency) throw new ApiError(400, 'STATEMENT_FILE_CURRENCY');
  const nowYear = new Date(now).getUTCFullYear();
  const cell = (row: readonly string[], c: Column) => (columns[c] === undefined ? '' : (row[columns[c]] ?? '').trim());
  const lines: RawLine[] = [];
  const seen = new Map<string, number>();
  let outgoing = 0;
  rows.forEach((row, i) => {
    if (i <= headerAt) return;
    const at = statementTime(cell(row, 'date'), cell(row, 'time'), nowYear);
    if (at === undefined) return;
    const credit = cell(row, 'credit');
    const debit = cell(row, 'debit');
    const signed = cell(row, 'amount');
    let amount: number | undefined;
    if (credit) amount = amountMinor(credit, currency);
    else if (signed) amount = amountMinor(signed, currency);
    else if (debit) amount = -Math.abs(amountMinor(debit, currency) ?? NaN);
    else return; // a dated row without money: the opening balance, "Open Account"
    if (amount === undefined || Number.isNaN(amount)) throw new ApiError(400, 'STATEMENT_LINE_INVALID');
    // SCB writes an outgoing amount with "-" in its withdrawal column and a space in the deposit column
    if (credit && debit && amountMinor(debit, currency)) amount = -Math.abs(amountMinor(debit, currency)!);
    if (amount <= 0) {
      if (amount < 0) outgoing++;
      return;
    }
    const balanceText = cell(row, 'balance');
    const balance = balanceText ? (amountMinor(balanceText, currency) ?? null) : null;
    const description = [cell(row, 'description'), cell(row, 'channel'), cell(row, 'details'), cell(row, 'reference')]
      .filter(Boolean)
      .join(' · ');
    const fromAccount = cell(row, 'fromAccount');
    const fromName = cell(row, 'fromName');
    const parsed = senderOf(cell(row, 'details') || cell(row, 'description'));
    const sender = {
      bank: parsed.bank ?? (fromAccount ? bank : null),
      account: fromAccount || parsed.account,
      name: fromName || parsed.name,
    };
    // a sender with no bank word is a transfer inside the statement's own bank (KBank "From X8794 ...")
    if (!sender.bank && sender.account) sender.bank = bank;
    // not the bank: the clerk may name another for the same file (the account keeps lines apart)
    const key = [at, amount, balance ?? '', normal(description)].join('|');
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    const fingerprint = createHash('sha256').update(`${key}|${nth}`).digest('hex');
    lines.push({ rowNo: i + 1, at, amount, balance, description: description.slice(0, 500), sender, fingerprint });
  });
  if (!lines.length && !outgoing) throw new ApiError(400, 'STATEMENT_NO_LINES');
  return { bank, accountNo: accountOfFile(rows, headerAt), lines, outgoing };
}

/** Whether the account number a file states (masked or whole) can be this deposit account's. */
export function sameAccount(stated: string, account: string): boolean {
  const shown = stated.replace(/[\s-]/g, '');
  const digits = account.replace(/\D/g, '');
  if (shown.length === digits.length) return [...shown].every((c, i) => !/\d/.test(c) || c === digits[i]);
  const tail = /(\d{4,})$/.exec(shown)?.[1];
  return tail !== undefined && digits.endsWith(tail);
}
