import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementPreview, StatementQueueLine } from '../../contract/staff-statements.js';
import { ledgerProblems, otherMember, setSetting, walletOf } from './deposit-helpers.js';
import { newPolicyDay } from './adjustment-helpers.js';
import { message } from './helper.js';
import { queueServer } from './staff-queue-helpers.js';
import { signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';
import { kbiz, sendStatement, type Line } from './statement-helpers.js';
import { MAX_UNPACKED_BYTES } from '../src/modules/bank-statement/read-file.js';

/**
 * Crediting from the bank statement (issue 39): a KBank K-BIZ export of the deposit account, each incoming
 * line matched and credited once under the staff money policy, the rest worked in the queue; all of it in
 * the audit trail, found from the member.
 */

const ACCOUNT = '0481212347';
describe('bank statement import under attack (issue 39 review)', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  let second: StaffBrowser;
  let member2 = 0;
  let balance = 1_000_000;
  const db = () => q.server.ctx.database.db;
  /** Balances rise with each line: each line of a test differs from every other test's. */
  const line = (at: number, amount: string, details: string): Line => {
    balance += 1;
    return { at, amount, details, balance: `${(balance / 100).toFixed(2)}` };
  };
  const send = (path: 'preview' | 'import', bytes: Buffer, query: string, as = q.finance) =>
    sendStatement(q.server, as, path, bytes, query);
  const preview = async (bytes: Buffer, as = q.finance) => {
    const res = await send('preview', bytes, `account=${ACCOUNT}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StatementPreview;
  };
  /** Preview, then import what was previewed. */
  const importFile = async (bytes: Buffer, as = q.finance) => {
    const seen = await preview(bytes, as);
    const res = await send('import', bytes, `account=${ACCOUNT}&sha256=${seen.sha256}`, as);
    return res;
  };
  const queue = async () => (await staffCall(q.server, q.finance, 'GET', '/statements/queue')).json().rows as StatementQueueLine[];

  beforeAll(async () => {
    q = await queueServer();
    second = (await signedIn(q.server, 'fin2', 'finance')).browser;
    const deposit = q.server.ctx.settings.get('deposit');
    await setSetting(q.server, 'deposit', {
      ...deposit,
      isManual: true,
      banks: deposit.banks.map((b) => (b.bankType === 'DEPOSIT' && b.bankCode === 'KBANK' ? { ...b, bankAccountNo: ACCOUNT } : b)),
    });
    await otherMember(q.server, '0822222222');
    member2 = (await db().selectFrom('members').select('id').where('phone', '=', '0822222222').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => q.close());

  it('refuses the same file imported again naming another bank: the bank the clerk picks is not part of a line', async () => {
    await newPolicyDay(q.server);
    await db().updateTable('members').set({ bank_account_no: '1234567890' }).where('id', '=', 1).execute();
    const t = q.server.clock.now - 3600_000;
    const file = kbiz([line(t, '100.00', 'From KBANK X7890 MR. SOMCHAI J++')], 'XXX-X-X1234-7', false);
    const before = await walletOf(q.server, 1);
    const first = await importFile(file);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as StatementPreview).lines[0]!.status).toBe('CREDITED');
    expect(await walletOf(q.server, 1)).toBe(before + 10_000);
    // the very same bytes, the clerk picking another bank in the form (query bank=)
    const seen = await send('preview', file, `account=${ACCOUNT}&bank=SCB`);
    expect(seen.statusCode, seen.body).toBe(200);
    const again = await send('import', file, `account=${ACCOUNT}&bank=SCB&sha256=${(seen.json() as StatementPreview).sha256}`);
    expect([again.statusCode, message(again)]).toEqual([409, 'STATEMENT_ALREADY_IMPORTED']);
    expect(await walletOf(q.server, 1)).toBe(before + 10_000);
  });

  it('queues, never credits again, the same transfer exported again without the balance column', async () => {
    await newPolicyDay(q.server);
    await db().updateTable('members').set({ bank_account_no: '1234567890' }).where('id', '=', 1).execute();
    const t = q.server.clock.now - 3000_000;
    const l = line(t, '110.00', 'From X7890 MR. SOMCHAI J++');
    const before = await walletOf(q.server, 1);
    expect((await importFile(kbiz([l]))).statusCode).toBe(200);
    const res = await importFile(kbiz([{ ...l, balance: '' }]));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StatementPreview).lines.map((x) => [x.action, x.status])).toEqual([['queue', 'UNMATCHED']]);
    expect((await queue()).find((x) => x.amount === 110)).toMatchObject({ why: 'MAYBE_IMPORTED' });
    expect(await walletOf(q.server, 1)).toBe(before + 11_000);
  });

  it('two imports of the same file at once: one imports, the other 409, no 5xx, credited once', async () => {
    await newPolicyDay(q.server);
    await db().updateTable('members').set({ bank_account_no: '1234567890' }).where('id', '=', 1).execute();
    const t = q.server.clock.now - 2400_000;
    const file = kbiz([line(t, '120.00', 'From X7890 MR. SOMCHAI J++'), line(t + 60_000, '121.00', 'From X7890 MR. SOMCHAI J++')]);
    const before = await walletOf(q.server, 1);
    const seen = (await send('preview', file, `account=${ACCOUNT}`)).json() as StatementPreview;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => send('import', file, `account=${ACCOUNT}&sha256=${seen.sha256}`, i % 2 ? second : q.finance)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await walletOf(q.server, 1)).toBe(before + 24_100);
    // overlapping files at once
    const a = kbiz([line(t + 120_000, '130.00', 'From X7890 MR. SOMCHAI J++'), line(t + 180_000, '131.00', 'From X7890 MR. SOMCHAI J++')]);
    const shared = line(t + 240_000, '132.00', 'From X7890 MR. SOMCHAI J++');
    const f1 = kbiz([line(t + 300_000, '133.00', 'From X7890 MR. SOMCHAI J++'), shared]);
    const f2 = kbiz([shared, line(t + 360_000, '134.00', 'From X7890 MR. SOMCHAI J++')]);
    void a;
    const s1 = ((await send('preview', f1, `account=${ACCOUNT}`)).json() as StatementPreview).sha256;
    const s2 = ((await send('preview', f2, `account=${ACCOUNT}`)).json() as StatementPreview).sha256;
    const w0 = await walletOf(q.server, 1);
    const both = await Promise.all([
      send('import', f1, `account=${ACCOUNT}&sha256=${s1}`),
      send('import', f2, `account=${ACCOUNT}&sha256=${s2}`, second),
    ]);
    expect(both.every((r) => r.statusCode < 500)).toBe(true);
    const gained = (await walletOf(q.server, 1)) - w0;
    expect([26_500, 26_600]).toContain(gained);
    expect(await ledgerProblems(q.server)).toEqual([]);
  });

  it('a queued line assigned twice at once is credited once', async () => {
    await newPolicyDay(q.server);
    const t = q.server.clock.now - 1800_000;
    const res = await importFile(kbiz([line(t, '77.00', 'Cash Deposit')]));
    expect(res.statusCode).toBe(200);
    const row = (await queue()).find((r) => r.amount === 77 && r.status === 'UNMATCHED')!;
    const before = await walletOf(q.server, member2);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        staffCall(q.server, i % 2 ? second : q.finance, 'POST', `/statements/lines/${row.id}/assign`, {
          phone: '0822222222',
          reason: 'phoned in',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await walletOf(q.server, member2)).toBe(before + 7_700);
  });

  it('crafted files and inputs: 4xx, never 5xx', async () => {
    const t = q.server.clock.now - 1200_000;
    const bad: Buffer[] = [
      kbiz([line(t, '99999999999999999999.00', 'From X7890 MR. SOMCHAI J++')]),
      kbiz([line(t, '1e308', 'From X7890 MR. SOMCHAI J++')]),
      kbiz([line(t, 'NaN', 'From X7890 MR. SOMCHAI J++')]),
      kbiz([{ at: t, amount: '10.00', details: 'From X7890 MR. \u0000SOMCHAI J++', balance: '1.00' }]),
      kbiz([{ at: t, amount: '10.00', details: 'x', balance: '99999999999999999999999' }]),
      Buffer.from('PK\u0003\u0004garbage'),
      Buffer.from('<html><table><tr><td>Date</td><td>Amount</td></tr><tr><td>99-99-99</td><td>1</td></tr></table></html>'),
      Buffer.from(',Date,Deposit\n,31-02-26,10.00\n,01-01-26,10.00\n'),
    ];
    const codes: number[] = [];
    for (const b of bad) codes.push((await send('preview', b, `account=${ACCOUNT}`)).statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    const id = await staffCall(q.server, q.finance, 'POST', '/statements/lines/99999999999999999999/assign', {
      phone: '0822222222',
      reason: 'phoned in',
    });
    const id2 = await staffCall(q.server, q.finance, 'POST', '/statements/lines/1/assign', {
      phone: '08\u00002222222',
      reason: 'phoned in',
    });
    expect([id.statusCode < 500, id2.statusCode < 500]).toEqual([true, true]);
  });

  it('reads an HTML statement with a numeric entity beyond Unicode (&#99999999;) as it reads one with a valid entity, never a 5xx', async () => {
    const html = Buffer.from(
      '<html><table><tr><td>Date</td><td>Description</td><td>Amount</td></tr><tr><td>01-01-26</td><td>&#99999999;</td><td>10.00</td></tr></table></html>',
    );
    // control: the same file with a valid entity is not a server fault
    const control = await send('preview', Buffer.from(html.toString().replace('&#99999999;', '&#65;')), `account=${ACCOUNT}&bank=KTB`);
    expect(control.statusCode).toBeLessThan(500);
    const res = await send('preview', html, `account=${ACCOUNT}&bank=KTB`);
    expect([res.statusCode, message(res)]).toEqual([control.statusCode, message(control)]);
  });

  it('keeps an uploaded file name with a NUL byte in it without the byte, never a 5xx', async () => {
    await newPolicyDay(q.server);
    const t = q.server.clock.now - 900_000;
    const bytes = kbiz([line(t, '12.00', 'Cash Deposit')]);
    const withName = (path: 'preview' | 'import', query: string) =>
      sendStatement(q.server, q.finance, path, bytes, query, 'st\u0000atement.csv');
    const seen = await withName('preview', `account=${ACCOUNT}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const res = await withName('import', `account=${ACCOUNT}&sha256=${(seen.json() as StatementPreview).sha256}`);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });

  it('refuses a file with a NUL byte past its first 4 KiB as no statement (400), never a 5xx', async () => {
    await newPolicyDay(q.server);
    const t = q.server.clock.now - 600_000;
    const bytes = kbiz([line(t, '13.00', 'Cash Deposit ' + 'x'.repeat(4200)), line(t + 60_000, '14.00', 'Cash \u0000Deposit')]);
    expect(bytes.indexOf(0)).toBeGreaterThan(4096);
    const seen = await send('preview', bytes, `account=${ACCOUNT}`);
    expect([seen.statusCode, message(seen)]).toEqual([400, 'STATEMENT_FILE_TYPE']);
    // an import naming any preview reads the file first: the same refusal
    const res = await send('import', bytes, `account=${ACCOUNT}&sha256=${'0'.repeat(64)}`);
    expect([res.statusCode, message(res)]).toEqual([400, 'STATEMENT_FILE_TYPE']);
  });

  it('refuses a workbook that unpacks past the limit, whatever sizes it declares, and stays up (413, never a 5xx)', async () => {
    // 80 MB of one byte packs into about 80 KB, under the 5 MB upload limit; its header says 1,000 bytes
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(80 * 1024 * 1024, 0x20), declared: 1_000 },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await send('preview', bomb, `account=${ACCOUNT}`);
    expect([res.statusCode, message(res)]).toEqual([413, 'STATEMENT_UNPACKS_TOO_LARGE']);
    // at the limit exactly it is read (and is no statement): the limit is the unpacked bytes, not the declared ones
    const atLimit = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(MAX_UNPACKED_BYTES, 0x20), declared: 1 }]);
    expect(message(await send('preview', atLimit, `account=${ACCOUNT}`))).toBe('STATEMENT_FILE_INVALID');
    // a zip whose directory points outside it: no statement, and the server answers the next call
    const broken = Buffer.from(bomb);
    broken.writeUInt32LE(0x7fffffff, broken.length - 22 + 16);
    expect(message(await send('preview', broken, `account=${ACCOUNT}`))).toBe('STATEMENT_FILE_INVALID');
    // a directory that holds more entries than it counts (JSZip reads them all): the bomb hidden past the count
    const hidden = Buffer.from(bomb);
    hidden.writeUInt16LE(1, hidden.length - 22 + 8);
    hidden.writeUInt16LE(1, hidden.length - 22 + 10);
    expect(message(await send('preview', hidden, `account=${ACCOUNT}`))).toBe('STATEMENT_FILE_INVALID');
    // a ZIP64 marker, or a directory that does not end where its end record starts (JSZip shifts its offsets)
    const zip64 = Buffer.from(bomb);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 22 + 12);
    expect(message(await send('preview', zip64, `account=${ACCOUNT}`))).toBe('STATEMENT_FILE_INVALID');
    expect((await staffCall(q.server, q.finance, 'GET', '/statements/queue')).statusCode).toBe(200);
  });
});

/** A zip of these parts, deflated, each declaring `declared` as its unpacked size when given (a lie). */
function zipOf(parts: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = deflateRawSync(part.data);
    const size = part.declared ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
