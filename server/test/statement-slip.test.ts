import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementPreview } from '../../contract/staff-statements.js';
import { setSetting } from './deposit-helpers.js';
import type { TestServer } from './helper.js';
import { slipDriver, slipServer } from './slip-helpers.js';
import { signedIn, type StaffBrowser } from './staff-helpers.js';
import { kbiz, sendStatement } from './statement-helpers.js';

/** One incoming line of `amount` at `at` from `details`, in the deposit account's K-BIZ statement. */
const statement = (at: number, amount: string, details: string, account: string) =>
  kbiz([{ at, amount, details, balance: '12345.67' }], account);

describe('a transfer credited from the statement, then sent by its slip (issue 39 review)', () => {
  let server: TestServer;
  let token: string;
  let dir: string;
  let close: () => Promise<void>;
  let fin: StaffBrowser;
  const { makeSlip, uploadReference, slipOf, wallet, atNoon } = slipDriver(
    () => server,
    () => dir,
    () => token,
  );
  const send = (path: 'preview' | 'import', bytes: Buffer, query: string) => sendStatement(server, fin, path, bytes, query, 's.csv');

  beforeAll(async () => {
    ({ server, dir, token, close } = await slipServer({ closeTime: '00:00' }));
    fin = (await signedIn(server, 'fin', 'finance')).browser;
  });
  afterAll(() => close());

  it('leaves the slip of a transfer the statement credited to a person, never a second credit', async () => {
    const minutesAgo = atNoon();
    const deposit = server.ctx.settings.get('deposit');
    await setSetting(server, 'deposit', { ...deposit, isManual: true });
    const kbank = deposit.banks.find((b) => b.bankType === 'DEPOSIT' && b.bankCode === 'KBANK')!;
    const account = kbank.bankAccountNo;
    await server.ctx.database.db.updateTable('members').set({ bank_account_no: '1234567890' }).where('id', '=', 1).execute();
    const before = await wallet();
    const file = statement(server.clock.now, '150.25', 'From X7890 MR. SOMCHAI J++', account);
    const seen = await send('preview', file, `account=${account}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const done = await send('import', file, `account=${account}&sha256=${(seen.json() as StatementPreview).sha256}`);
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as StatementPreview).lines.map((l) => l.status)).toEqual(['CREDITED']);
    expect(await wallet()).toBeCloseTo(before + 150.25, 2);
    // the member then sends the slip of that same transfer
    const reference = await uploadReference(await makeSlip('150.25', '--minutes-ago', minutesAgo));
    const slip = await slipOf(reference);
    expect(slip.status).toBe('REVIEW');
    const row = await server.ctx.database.db
      .selectFrom('slips')
      .select('note')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row.note).toBe('SLIP_ON_STATEMENT');
    expect(await wallet()).toBeCloseTo(before + 150.25, 2);
  });
});
