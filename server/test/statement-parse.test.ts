import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseStatement, sameAccount } from '../src/modules/bank-statement/layouts.js';
import { readRows } from '../src/modules/bank-statement/read-file.js';
import { amountMinor, christianYear, senderOf, statementTime } from '../src/modules/bank-statement/values.js';

/**
 * Reading each bank's statement export (server/src/modules/bank-statement/layouts.ts names the layout
 * each sample follows and where it comes from): the incoming lines (row: as Excel numbers it, a quoted cell's line breaks in one row) in minor units at Bangkok / Vientiane
 * time, the sender as the bank prints it, outgoing lines left out, the same file always the same fingerprints.
 */

const NOW = Date.UTC(2026, 10, 29, 3, 0);
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'statements', name));
const at = (iso: string) => Date.parse(`${iso}+07:00`);

async function parse(bytes: Buffer, currency: 'BAHT' | 'LAK' = 'BAHT', chosen?: 'KBANK' | 'SCB' | 'KTB' | 'BCEL') {
  const { format, rows } = await readRows(bytes);
  return { format, ...parseStatement(rows, format, currency, chosen, NOW) };
}

/** Thai text in TIS-620 / Windows-874, as Excel on a Thai Windows saves "CSV": Thai letters are U+0E00 + (byte - 0xA0). */
function tis620(text: string): Buffer {
  return Buffer.from([...text].map((c) => (c >= '\u0e01' && c <= '\u0e5b' ? c.codePointAt(0)! - 0x0e00 + 0xa0 : c.codePointAt(0)!)));
}

describe('bank statement files', () => {
  it('KBank K-BIZ CSV (UTF-8 with BOM, preamble, dd-mm-yy): incoming lines, senders, the masked account', async () => {
    const s = await parse(fixture('kbank-kbiz.csv'));
    expect([s.format, s.bank, s.accountNo, s.outgoing]).toEqual(['csv', 'KBANK', 'XXX-X-X1234-7', 1]);
    expect(s.lines.map((l) => [l.rowNo, l.at, l.amount, l.balance])).toEqual([
      [13, at('2026-11-28T19:02'), 150_000, 5_150_000],
      [14, at('2026-11-28T19:15'), 50_000, 5_200_000],
      [16, at('2026-11-28T20:05'), 900_000, 5_900_000],
      [17, at('2026-11-28T20:31'), 275_125, 6_175_125],
    ]);
    expect(s.lines.map((l) => l.sender)).toEqual([
      { bank: 'KBANK', account: 'X7890', name: 'MR. SOMCHAI J' },
      { bank: 'KTB', account: 'X0052', name: null },
      { bank: 'SCB', account: 'X3344', name: 'MS. SUDA R' },
      { bank: 'BBL', account: 'X9999', name: 'MR. NOBODY K' },
    ]);
    expect(sameAccount(s.accountNo!, '0481212347')).toBe(true);
    expect(sameAccount(s.accountNo!, '0481212348')).toBe(false);
  });

  it('SCB text export (tabs, signed amounts), also as Windows-874 bytes', async () => {
    for (const bytes of [fixture('scb-businessnet.txt'), tis620(fixture('scb-businessnet.txt').toString('utf8'))]) {
      const s = await parse(bytes);
      expect([s.bank, s.outgoing]).toEqual(['SCB', 1]);
      expect(s.lines.map((l) => [l.at, l.amount, l.balance, l.sender])).toEqual([
        [at('2026-11-28T19:04'), 120_000, 1_215_000, { bank: 'KBANK', account: 'X567890', name: 'นาย สมชาย ใ' }],
        [at('2026-11-28T19:30'), 30_050, 1_245_050, { bank: 'KTB', account: 'X112233', name: null }],
      ]);
    }
  });

  it('Krungthai HTML ".xls" (Buddhist-era years) and the same rows saved as .xlsx read alike', async () => {
    const html = await parse(fixture('ktb-corporate-online.xls'));
    expect([html.format, html.bank, html.accountNo, html.outgoing]).toEqual(['html', 'KTB', '987-6-54321-0', 1]);
    expect(html.lines.map((l) => [l.at, l.amount, l.sender])).toEqual([
      [at('2026-11-28T21:10'), 250_000, { bank: 'KBANK', account: 'X7890', name: 'SOMCHAI JAIDEE' }],
      [at('2026-11-28T21:45'), 80_000, { bank: 'GSB', account: 'X445566', name: 'นาง สมศรี ท' }],
    ]);
    // the clerk opened it in Excel and saved it as a workbook: a real date cell and a number cell
    const { rows } = await readRows(fixture('ktb-corporate-online.xls'));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Statement');
    rows.forEach((row, i) => {
      const cells: ExcelJS.CellValue[] = [...row];
      if (i === 3) {
        cells[0] = new Date(Date.UTC(2026, 10, 28));
        cells[6] = 2500;
      }
      sheet.addRow(cells);
    });
    const xlsx = await parse(Buffer.from(await book.xlsx.writeBuffer()));
    expect(xlsx.format).toBe('xlsx');
    expect(xlsx.lines.map((l) => [l.at, l.amount, l.sender])).toEqual(html.lines.map((l) => [l.at, l.amount, l.sender]));
    expect(xlsx.lines[1]!.fingerprint).toBe(html.lines[1]!.fingerprint);
  });

  it('BCEL account history in kip: the sender columns, whole kip', async () => {
    const s = await parse(fixture('bcel-ibank.csv'), 'LAK');
    expect([s.bank, s.accountNo, s.outgoing]).toEqual(['BCEL', '0101200012345678', 1]);
    expect(s.lines.map((l) => [l.amount, l.balance, l.sender])).toEqual([
      [600_000, 10_600_000, { bank: 'BCEL', account: '0101xxxxxxxx4321', name: 'ທ້າວ ສົມພອນ ວົງ' }],
      [1_200_000, 11_798_000, { bank: 'BCEL', account: '0302xxxxxxxx1111', name: 'ນາງ ມະນີ' }],
    ]);
  });

  /**
   * A BCEL account statement as its Excel export lays it out (layouts.ts): the bank, account, currency and period
   * first, the header ວັນທີ | ເລກບີນ | ເນື້ອໃນ | ໜີ້ | ມີ | ຍອດເຫຼືອທ້າຍ, an undated brought-forward row, the lines
   * (dates as Excel dates or text), then the totals and the closing balance.
   */
  async function bcelStatement(currency = 'LAK', label = 'ສະກຸນເງິນ'): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet0');
    // Excel keeps wall time: a date cell reads as UTC
    const wall = (iso: string) => new Date(`${iso}Z`);
    const rows: ExcelJS.CellValue[][] = [
      ['ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ'],
      ['ໃບແຈ້ງຍອດບັນຊີ'],
      ['ເລກບັນຊີ', '0101200012345678'],
      ['ຊື່ບັນຊີ', 'ບໍລິສັດ ວໍເລັດ ຈຳກັດ'],
      label.endsWith(':') ? [`${label} ${currency}`] : [label, currency],
      ['ແຕ່ວັນທີ 28/11/2026', 'ຫາ 28/11/2026'],
      [],
      ['ວັນທີ', 'ເລກບີນ', 'ເນື້ອໃນ', 'ໜີ້', 'ມີ', 'ຍອດເຫຼືອທ້າຍ'],
      ['', '', 'ຍອດຍົກມາ', '', '', 10_000_000],
      [wall('2026-11-28T19:05:00'), 'FT26332A1B2C', 'ໂອນເງິນເຂົ້າ ທ້າວ ສົມພອນ', '', 600_000, 10_600_000],
      [wall('2026-11-28T19:50:00'), 'CH0001', 'ຄ່າທຳນຽມ', 2_000, '', 10_598_000],
      ['28/11/2026 20:10:45', 'FT26332D4E5F', 'ໂອນເງິນເຂົ້າ ນາງ ມະນີ', '', '1,200,000', '11,798,000'],
      ['', '', 'ລວມຍອດ', 2_000, 1_800_000, ''],
      ['ຍອດເຫຼືອທ້າຍ', 11_798_000],
    ];
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('BCEL account statement (Excel): the bill number kept, brought forward, totals and closing rows left out', async () => {
    const s = await parse(await bcelStatement(), 'LAK');
    expect([s.format, s.bank, s.accountNo, s.outgoing]).toEqual(['xlsx', 'BCEL', '0101200012345678', 1]);
    expect(s.lines.map((l) => [l.rowNo, l.at, l.amount, l.balance, l.description])).toEqual([
      [10, at('2026-11-28T19:05'), 600_000, 10_600_000, 'ໂອນເງິນເຂົ້າ ທ້າວ ສົມພອນ · FT26332A1B2C'],
      [12, at('2026-11-28T20:10:45'), 1_200_000, 11_798_000, 'ໂອນເງິນເຂົ້າ ນາງ ມະນີ · FT26332D4E5F'],
    ]);
    // chosen by the clerk as BCEL too, or by no one: the file says which bank
    expect((await parse(await bcelStatement(), 'LAK', 'BCEL')).lines).toHaveLength(2);
    expect(await parse(await bcelStatement(), 'LAK', 'KBANK').catch((e: { code: string }) => e.code)).toBe('STATEMENT_BANK_MISMATCH');
  });

  it("refuses a statement that states another currency than the deposit account's: dollars are never read as kip", async () => {
    const refused = (bytes: Buffer, currency: 'BAHT' | 'LAK') => parse(bytes, currency).catch((e: { code: string }) => e.code);
    expect(await refused(await bcelStatement('USD'), 'LAK')).toBe('STATEMENT_FILE_CURRENCY');
    expect(await refused(await bcelStatement('LAK'), 'BAHT')).toBe('STATEMENT_FILE_CURRENCY');
    expect(await refused(await bcelStatement('THB'), 'LAK')).toBe('STATEMENT_FILE_CURRENCY');
    // in words, or in the label's own cell
    expect(await refused(await bcelStatement('US Dollar'), 'LAK')).toBe('STATEMENT_FILE_CURRENCY');
    expect(await refused(await bcelStatement('ໂດລາ'), 'LAK')).toBe('STATEMENT_FILE_CURRENCY');
    expect(await refused(await bcelStatement('USD', 'Currency:'), 'LAK')).toBe('STATEMENT_FILE_CURRENCY');
    expect((await parse(await bcelStatement('LAK', 'Currency:'), 'LAK')).lines).toHaveLength(2);
    expect((await parse(await bcelStatement('ກີບ'), 'LAK')).lines).toHaveLength(2);
    expect((await parse(await bcelStatement('THB'), 'BAHT')).lines).toHaveLength(2);
  });

  it('reads UTF-16 text with its BOM, as Excel saves "Unicode text"', async () => {
    const text = fixture('scb-businessnet.txt').toString('utf8');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const s = await parse(utf16);
    expect(s.lines.map((l) => l.amount)).toEqual([120_000, 30_050]);
    // a file of a few bytes is no statement, never a crash
    expect(await parse(Buffer.from('ab')).catch((e: { code: string }) => e.code)).toBe('STATEMENT_BANK_UNKNOWN');
  });

  it('the same line twice in one file has two fingerprints; the same file twice the same ones', async () => {
    const text = fixture('scb-businessnet.txt').toString('utf8');
    const lines = text.trimEnd().split('\r\n');
    const twice = Buffer.from([...lines, lines[2]!.replace('+12,150.00', '+12,150.00')].join('\r\n'));
    const a = await parse(twice);
    expect(a.lines).toHaveLength(3);
    expect(new Set(a.lines.map((l) => l.fingerprint)).size).toBe(3);
    const b = await parse(fixture('scb-businessnet.txt'));
    expect(b.lines.map((l) => l.fingerprint)).toEqual(a.lines.slice(0, 2).map((l) => l.fingerprint));
  });

  it('refuses what is no statement, with a code', async () => {
    const refusal = async (bytes: Buffer, chosen?: 'KBANK') =>
      parse(bytes, 'BAHT', chosen).then(
        () => 'read',
        (e: { code: string }) => e.code,
      );
    expect(await refusal(Buffer.alloc(0))).toBe('STATEMENT_FILE_EMPTY');
    expect(await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]))).toBe('STATEMENT_FILE_TYPE');
    expect(await refusal(Buffer.from('PK\x03\x04not a workbook at all'))).toBe('STATEMENT_FILE_INVALID');
    expect(await refusal(Buffer.from('name,phone\nA,1\n'))).toBe('STATEMENT_BANK_UNKNOWN');
    expect(await refusal(Buffer.from('name,phone\nA,1\n'), 'KBANK')).toBe('STATEMENT_LAYOUT_UNKNOWN');
    expect(await refusal(fixture('scb-businessnet.txt'), 'KBANK')).toBe('STATEMENT_BANK_MISMATCH');
    const broken = fixture('scb-businessnet.txt').toString('utf8').replace('+1,200.00', '+1,2O0.00');
    expect(await refusal(Buffer.from(broken))).toBe('STATEMENT_LINE_INVALID');
  });
});

describe('statement values', () => {
  it('amounts as integer minor units from their digits', () => {
    expect(amountMinor('1,234.56', 'BAHT')).toBe(123_456);
    expect(amountMinor('+0.1', 'BAHT')).toBe(10);
    expect(amountMinor('-50.00', 'BAHT')).toBe(-5_000);
    expect(amountMinor('(2,000.00)', 'BAHT')).toBe(-200_000);
    expect(amountMinor('1,000.00 DR', 'BAHT')).toBe(-100_000);
    expect(amountMinor('฿ 99.9', 'BAHT')).toBe(9_990);
    expect(amountMinor('600,000 ກີບ', 'LAK')).toBe(600_000);
    expect(amountMinor('600,000.00', 'LAK')).toBe(600_000);
    expect(amountMinor('600,000.50', 'LAK')).toBeUndefined();
    expect(amountMinor('1.234', 'BAHT')).toBeUndefined();
    expect(amountMinor('12a', 'BAHT')).toBeUndefined();
  });

  it('dates of either era, Thai and Lao month names, two-digit years near now', () => {
    expect(christianYear('2569', 2026)).toBe(2026);
    expect(christianYear('69', 2026)).toBe(2026);
    expect(christianYear('26', 2026)).toBe(2026);
    expect(statementTime('4 ก.พ. 2569', '10:30', 2026)).toBe(at('2026-02-04T10:30'));
    expect(statementTime('4 กุมภาพันธ์ 69', '', 2026)).toBe(at('2026-02-04T00:00'));
    expect(statementTime('28 ພະຈິກ 2026', '19:05:10', 2026)).toBe(at('2026-11-28T19:05:10'));
    expect(statementTime('2026-11-28 19:05', '', 2026)).toBe(at('2026-11-28T19:05'));
    expect(statementTime('31/02/2026', '', 2026)).toBeUndefined();
    expect(statementTime('Beginning Balance', '', 2026)).toBeUndefined();
  });

  it('senders as banks print them', () => {
    expect(senderOf('From X8794 MS. MONEYPENNY++')).toEqual({ bank: null, account: 'X8794', name: 'MS. MONEYPENNY' });
    expect(senderOf('รับโอนจาก SCB xxx-x-x4567-x นาย สมชาย ใ')).toEqual({ bank: 'SCB', account: 'xxx-x-x4567-x', name: 'นาย สมชาย ใ' });
    expect(senderOf('Cash Deposit')).toEqual({ bank: null, account: null, name: null });
  });
});
