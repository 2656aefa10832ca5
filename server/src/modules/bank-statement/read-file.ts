import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { ApiError } from '../../lib/errors.js';

/**
 * A statement file as rows of cells (text), whatever the bank exported: an .xlsx workbook (exceljs; the
 * first sheet), an HTML table saved with an .xls name (Krungthai's "Excel" export is one: rossigee's
 * bank-statement-import-th, account_statement_import_th_ktb, parses it as HTML), or delimited text
 * (csv-parse: commas, tabs as SCB's Business Net text export, or semicolons). Text is UTF-8 (a BOM is
 * dropped; KBank's K-BIZ CSV starts with one), UTF-16 with its BOM, or else Windows-874 / TIS-620 (Thai
 * Excel's "CSV" on a Thai Windows).
 */

export type FileFormat = 'csv' | 'xlsx' | 'html';
export interface FileRows {
  format: FileFormat;
  rows: string[][];
}

/** Rows at most: a day's statement of a busy account is a few thousand lines. */
export const MAX_ROWS = 20_000;

const fileInvalid = () => new ApiError(400, 'STATEMENT_FILE_INVALID');

export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // not UTF-8: Thai Windows' code page (a superset of TIS-620)
    return new TextDecoder('windows-874').decode(bytes);
  }
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** A cell's value as the text the bank wrote: dates as dd/mm/yyyy HH:mm (Excel keeps wall time, read as UTC), numbers as written. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    const time = value.getUTCHours() || value.getUTCMinutes() ? ` ${p(value.getUTCHours())}:${p(value.getUTCMinutes())}` : '';
    return `${p(value.getUTCDate())}/${p(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}${time}`;
  }
  // a number's shortest decimal form ("1234.5"): read as a decimal string later, never multiplied as a float
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/**
 * What a workbook may unpack to, all its parts together: a 20,000-row sheet is about 10 MB of XML. A zip of
 * 5 MB can unpack to 5 GB (deflate's ratio is about 1,000:1), which the workbook reader would hold in memory
 * whole, and lose the process.
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Parts of a workbook at most (a bank's export has a dozen). */
const MAX_PARTS = 1_000;
const inflate = promisify(inflateRaw);

/**
 * Unpacks every part of the zip, up to MAX_UNPACKED_BYTES in all, before the workbook reader sees it: the
 * sizes the zip declares are not trusted (they can lie), the unpacking itself stops at the limit. Answers
 * 413 STATEMENT_UNPACKS_TOO_LARGE past it, 400 STATEMENT_FILE_INVALID for a zip that is not one.
 */
export async function checkUnpackedSize(bytes: Buffer): Promise<void> {
  // the end of central directory record: within the last 22 + 65,535 bytes (its comment)
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw fileInvalid();
  const parts = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  let at = bytes.readUInt32LE(end + 16);
  // one disk, its directory right before this record, no ZIP64 (a field of all ones): the zip exceljs's reader
  // (JSZip) reads as this does. It would follow a ZIP64 record elsewhere, shift every offset when the
  // directory does not end here, and read entries past the count; any of those is no bank's export.
  if (
    bytes.readUInt16LE(end + 4) !== 0 ||
    bytes.readUInt16LE(end + 6) !== 0 ||
    bytes.readUInt16LE(end + 8) !== parts ||
    parts > MAX_PARTS ||
    at + directorySize !== end
  )
    throw fileInvalid();
  let left = MAX_UNPACKED_BYTES;
  for (let n = 0; n < parts; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw fileInvalid();
    const method = bytes.readUInt16LE(at + 10);
    const packed = bytes.readUInt32LE(at + 20);
    const local = bytes.readUInt32LE(at + 42);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw fileInvalid();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + packed > bytes.length) throw fileInvalid();
    const data = bytes.subarray(start, start + packed);
    let size: number;
    if (method === 0) size = packed;
    else if (method === 8) {
      try {
        size = (await inflate(data, { maxOutputLength: left + 1 })).length;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ApiError(413, 'STATEMENT_UNPACKS_TOO_LARGE');
        throw fileInvalid();
      }
    } else throw fileInvalid();
    if (size > left) throw new ApiError(413, 'STATEMENT_UNPACKS_TOO_LARGE');
    left -= size;
  }
  // the directory holds the counted entries and nothing more
  if (at !== end) throw fileInvalid();
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  await checkUnpackedSize(bytes);
  // loaded when a workbook arrives, not at every start: exceljs and its zip readers are about 600 files, which
  // every server start and every operator command read first (a command's CPU 0.88 s before, 0.49 s without)
  const { Workbook } = (await import('exceljs')).default;
  const book = new Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileInvalid();
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw fileInvalid();
  if (sheet.rowCount > MAX_ROWS) throw new ApiError(413, 'STATEMENT_TOO_MANY_LINES');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    // a NUL in a cell is dropped: Postgres keeps none in text
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).split('\u0000').join('').trim());
    rows.push(cells);
  });
  return rows;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const unescapeHtml = (text: string) =>
  text
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        // beyond Unicode, or NUL (Postgres keeps no NUL in text): nothing
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim();

function htmlRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const tr of text.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
    rows.push([...tr[1]!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((td) => unescapeHtml(td[1]!)));
    if (rows.length > MAX_ROWS) throw new ApiError(413, 'STATEMENT_TOO_MANY_LINES');
  }
  return rows;
}

/** The delimiter the first lines use most: tab (SCB), semicolon, or comma. */
function delimiterOf(text: string): string {
  const head = text.split(/\r?\n/, 20).join('\n');
  const count = (c: string) => head.split(c).length - 1;
  const tabs = count('\t');
  const semis = count(';');
  const commas = count(',');
  if (tabs > 0 && tabs >= commas / 2) return '\t';
  return semis > commas ? ';' : ',';
}

export async function readRows(bytes: Buffer): Promise<FileRows> {
  if (!bytes.length) throw new ApiError(400, 'STATEMENT_FILE_EMPTY');
  if (isZip(bytes)) return { format: 'xlsx', rows: await xlsxRows(bytes) };
  // an old binary .xls (OLE2) or anything else that is no text
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if ((bytes.length >= 4 && bytes.readUInt32LE(0) === 0xe011cfd0) || (!utf16 && bytes.subarray(0, 4096).includes(0)))
    throw new ApiError(400, 'STATEMENT_FILE_TYPE');
  const text = decodeText(bytes);
  // a NUL anywhere in what should be text (the first 4 KiB were looked at above; UTF-16 only now): no statement
  if (text.includes('\u0000')) throw new ApiError(400, 'STATEMENT_FILE_TYPE');
  if (/<table[\s>]/i.test(text.slice(0, 65536))) {
    const rows = htmlRows(text);
    if (rows.length) return { format: 'html', rows };
  }
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      to: MAX_ROWS + 1,
    }) as string[][];
  } catch {
    throw fileInvalid();
  }
  if (rows.length > MAX_ROWS) throw new ApiError(413, 'STATEMENT_TOO_MANY_LINES');
  return { format: 'csv', rows };
}
