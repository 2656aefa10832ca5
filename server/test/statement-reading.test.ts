import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementPreview } from '../../contract/staff-statements.js';
import { ApiError } from '../src/lib/errors.js';
import {
  inlineStatementReader,
  type StatementAsk,
  type StatementFile,
  type StatementReader,
} from '../src/modules/bank-statement/statement-file.js';
import { ThreadStatementReader } from '../src/modules/bank-statement/statement-reader.js';
import { readRows } from '../src/modules/bank-statement/read-file.js';
import { setSetting } from './deposit-helpers.js';
import { message } from './helper.js';
import { queueServer } from './staff-queue-helpers.js';
import { kbiz, sendStatement } from './statement-helpers.js';

/**
 * Statement files are read in a worker thread, not on the thread that serves members: a 20,000-row
 * workbook held it up to 0.76-0.91 s at a time, at each preview and again at the import. Read there, a file
 * comes to the same lines and the same refusals as the operator's CLI reads on its own thread; members are
 * answered meanwhile; a file that finds the thread and its queue taken is answered 503 STATEMENT_BUSY with
 * nothing kept; a read past its time is refused as unreadable (the pool's own faults: worker-pool.test.ts).
 */

const ACCOUNT = '0481212347';
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'statements', name));

/** A K-BIZ statement (CSV) of `count` incoming lines, one every 3 s. */
const busyDay = (count: number, from: number) =>
  kbiz(
    Array.from({ length: count }, (_, i) => ({
      at: from + i * 3_000,
      amount: `${100 + (i % 900)}.00`,
      details: `From X${7890 + i} MR. SOMCHAI J++`,
      balance: `${(1_000_000 + i).toFixed(2)}`,
    })),
  );

/** The same saved as an .xlsx workbook, as a clerk who opened it in Excel would. */
async function workbook(csv: Buffer): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Statement');
  for (const row of (await readRows(csv)).rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** What reading came to, as a caller sees it: the file's lines, or the refusal. */
async function outcome(
  reader: StatementReader,
  bytes: Buffer,
  ask: StatementAsk,
): Promise<{ read: StatementFile } | { refused: [number, string] }> {
  try {
    return { read: await reader.read(bytes, ask) };
  } catch (err) {
    if (err instanceof ApiError) return { refused: [err.status, err.code] };
    throw err;
  }
}

describe('reading statement files in a worker thread', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  let big: Buffer;
  let bigCsv: Buffer;
  let ask: StatementAsk;
  const send = (path: 'preview' | 'import', bytes: Buffer, query: string, as = q.finance) =>
    sendStatement(q.server, as, path, bytes, query);
  const imports = async () =>
    Number(
      (
        await q.server.ctx.database.db
          .selectFrom('statement_imports')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    q = await queueServer();
    const deposit = q.server.ctx.settings.get('deposit');
    await setSetting(q.server, 'deposit', {
      ...deposit,
      isManual: true,
      banks: deposit.banks.map((b) => (b.bankType === 'DEPOSIT' && b.bankCode === 'KBANK' ? { ...b, bankAccountNo: ACCOUNT } : b)),
    });
    ask = { currency: 'BAHT', chosen: undefined, now: q.server.clock.now };
    // 10,000 lines of the last days (half the rows a file may have), and 2,000 as a workbook
    bigCsv = busyDay(10_000, q.server.clock.now - 70 * 3600_000);
    big = await workbook(busyDay(2_000, q.server.clock.now - 40 * 3600_000));
  });
  afterAll(() => q.close());

  it('reads each bank sample, a big workbook and broken files to the same lines and refusals as the CLI does on its own thread', async () => {
    const files: [Buffer, StatementAsk][] = [
      [fixture('kbank-kbiz.csv'), ask],
      [fixture('scb-businessnet.txt'), ask],
      [fixture('ktb-corporate-online.xls'), ask],
      [fixture('bcel-ibank.csv'), { ...ask, currency: 'LAK' }],
      [fixture('kbank-kbiz.csv'), { ...ask, chosen: 'SCB' }],
      [fixture('kbank-kbiz.csv'), { ...ask, currency: 'LAK' }],
      [big, ask],
      [bigCsv, ask],
      [Buffer.from('PK\u0003\u0004garbage'), ask],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), ask],
      [Buffer.from(',Date,Deposit\n,31-02-26,10.00\n'), ask],
    ];
    const seen = [];
    for (const [bytes, a] of files) {
      const threaded = await outcome(q.server.ctx.statementReader, bytes, a);
      expect(threaded).toEqual(await outcome(inlineStatementReader, bytes, a));
      seen.push('read' in threaded ? threaded.read.lines.length : threaded.refused);
    }
    // what each came to (so that the comparison above compared something)
    expect(seen).toEqual([
      4,
      2,
      2,
      2,
      [400, 'STATEMENT_BANK_MISMATCH'],
      [400, 'STATEMENT_LINE_INVALID'],
      2_000,
      10_000,
      [400, 'STATEMENT_FILE_INVALID'],
      [400, 'STATEMENT_FILE_TYPE'],
      [400, 'STATEMENT_BANK_UNKNOWN'],
    ]);
  });

  it('answers members while big statements are being read', async () => {
    const reader = q.server.ctx.statementReader;
    const address = await q.server.app.listen({ host: '127.0.0.1', port: 0 });
    // its thread already started: what is compared is reading, not starting up
    expect((await reader.read(fixture('kbank-kbiz.csv'), ask)).lines).toHaveLength(4);
    const done: string[] = [];
    // CSV: on the thread that answers requests, reading it gives that thread back not once until it is done
    const reads = Array.from({ length: 3 }, () => reader.read(bigCsv, ask).then((r) => (done.push('read'), r)));
    // over a real connection, as members' requests arrive: it needs the event loop to turn
    const lookup = fetch(`${address}/api/lookup/info`, { headers: { 'x-wallet-client': 'member' } }).then((r) => (done.push('lookup'), r));
    expect((await lookup).status).toBe(200);
    expect((await Promise.all(reads)).map((r) => r.lines.length)).toEqual([10_000, 10_000, 10_000]);
    // the lookup did not wait for the three (read one after another on one thread); read on the thread that
    // answers requests, each read held it (about 0.2 s here) and the lookup came after them
    expect(done.indexOf('lookup')).toBeLessThan(3);
  });

  it('answers 503 STATEMENT_BUSY, reading and keeping nothing, while every reading place is taken', async () => {
    // one thread, no queue: the first file takes it, the second is refused at once, the third is read once it is free
    const reader = new ThreadStatementReader({ threads: 1, queue: 0 });
    try {
      const first = reader.read(big, ask);
      expect(reader.reading).toBe(1);
      expect(await outcome(reader, fixture('kbank-kbiz.csv'), ask)).toEqual({ refused: [503, 'STATEMENT_BUSY'] });
      expect((await first).lines).toHaveLength(2_000);
      expect((await reader.read(fixture('kbank-kbiz.csv'), ask)).lines).toHaveLength(4);
    } finally {
      await reader.close();
    }

    // the clerk's preview and import, answered so (a reader with no place at all: how long a read takes is the machine's business)
    const serverReader = q.server.ctx.statementReader;
    const none = new ThreadStatementReader({ threads: 0, queue: 0 });
    q.server.ctx.statementReader = none;
    const before = await imports();
    try {
      const bytes = kbiz([{ at: q.server.clock.now - 600_000, amount: '21.00', details: 'From X7890 MR. SOMCHAI J++', balance: '5.00' }]);
      const preview = await send('preview', bytes, `account=${ACCOUNT}`);
      expect([preview.statusCode, message(preview)]).toEqual([503, 'STATEMENT_BUSY']);
      const imported = await send('import', bytes, `account=${ACCOUNT}&sha256=${'0'.repeat(64)}`);
      expect([imported.statusCode, message(imported)]).toEqual([503, 'STATEMENT_BUSY']);
      expect(await imports()).toBe(before);
      // a place again: the same file previews
      q.server.ctx.statementReader = serverReader;
      const again = await send('preview', bytes, `account=${ACCOUNT}`);
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as StatementPreview).lines).toHaveLength(1);
    } finally {
      q.server.ctx.statementReader = serverReader;
      await none.close();
    }
  });

  it('refuses a read past its time as a file that cannot be read (400)', async () => {
    const slow = new ThreadStatementReader({ timeoutMs: 1 });
    try {
      expect(await outcome(slow, big, ask)).toEqual({ refused: [400, 'STATEMENT_FILE_INVALID'] });
    } finally {
      await slow.close();
    }
  });
});
