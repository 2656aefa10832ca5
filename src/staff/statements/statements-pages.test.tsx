import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StatementPreview, StatementPreviewLine, StatementQueueLine } from '../../../contract/staff-statements';
import { fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const ACCOUNTS = {
  accounts: [
    { accountNo: '0481212347', bankCode: 'KBANK', name: 'Kasikornbank', currency: 'BAHT' },
    { accountNo: '0101200012345678', bankCode: 'BCEL', name: 'BCEL', currency: 'LAK' },
  ],
};
const line = (rowNo: number, over: Partial<StatementPreviewLine>): StatementPreviewLine => ({
  rowNo,
  at: '2026-11-28T12:02:00.000Z',
  amount: 150,
  sender: { bank: 'KBANK', account: 'X7890', name: 'MR. SOMCHAI J' },
  description: 'Transfer Deposit · K PLUS · From X7890 MR. SOMCHAI J++',
  action: 'credit-member',
  why: null,
  matchRef: null,
  member: { id: 1, phone: '0812345678', name: 'SOMCHAI JAIDEE' },
  ...over,
});
const PREVIEW: StatementPreview = {
  bank: 'KBANK',
  accountNo: '0481212347',
  currency: 'BAHT',
  fileName: 'kbiz.csv',
  sha256: 'a'.repeat(64),
  outgoing: 1,
  creditAloneLeft: 5000,
  lines: [
    line(13, {}),
    line(14, { amount: 900, action: 'link', matchRef: 'slip:7' }),
    line(15, { amount: 2751.25, action: 'queue', why: 'NO_MATCH', member: null, sender: { bank: 'BBL', account: 'X9999', name: null } }),
    line(16, { amount: 120, action: 'duplicate', member: null }),
  ],
};

describe('bank statement import screen', () => {
  it('previews the chosen file for the chosen account, says what each line will do, then imports that file', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/statements/accounts': () => [200, ACCOUNTS],
      'POST /api/staff/statements/preview': () => [200, PREVIEW],
      'POST /api/staff/statements/import': () => [
        200,
        {
          ...PREVIEW,
          importId: 3,
          creditAloneLeft: 4850,
          lines: PREVIEW.lines.map((l, i) => ({ ...l, ...(i < 3 && { status: ['CREDITED', 'LINKED', 'UNMATCHED'][i] }) })),
        },
      ],
    });
    await renderStaff('/staff/statements');
    expect(await screen.findByRole('heading', { name: 'Import a bank statement' })).toHaveFocus();
    const preview = await screen.findByRole('button', { name: 'Preview' });
    expect(preview).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Deposit account'), '0481212347');
    await user.selectOptions(screen.getByLabelText("Bank's layout"), 'KBANK');
    await user.upload(screen.getByLabelText('Statement file'), new File(['Date,Deposit'], 'kbiz.csv', { type: 'text/csv' }));
    await user.click(preview);
    const table = await screen.findByRole('table', { name: 'What each incoming line will do' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent("Credit 0812345678 (SOMCHAI JAIDEE): the sender's account and name fit");
    expect(rows[1]).toHaveTextContent('Already credited (slip:7): linked, not credited again');
    expect(rows[2]).toHaveTextContent('To the queue: No waiting request, earlier credit or member matches it');
    expect(rows[2]).toHaveTextContent('2,751.25');
    expect(rows[3]).toHaveTextContent('Already imported: refused, nothing happens');
    expect(screen.getByText(/^1 lines to credit, .*150\.00 in all$/)).toBeInTheDocument();
    expect(screen.getByText(/You may credit .*5,000\.00 more alone now/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 3 lines' }));
    expect(await screen.findByRole('heading', { name: 'Imported kbiz.csv' })).toHaveFocus();
    const done = screen.getByRole('table', { name: 'What each incoming line did' });
    expect(within(done).getAllByRole('row')[1]).toHaveTextContent('Credited');
    expect(screen.getByText('1 lines credited; 0 wait for a second finance clerk or admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the unmatched statement lines' })).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(posts).toEqual([
      '/api/staff/statements/preview?account=0481212347&bank=KBANK',
      `/api/staff/statements/import?account=0481212347&bank=KBANK&sha256=${'a'.repeat(64)}`,
    ]);
  });

  it('says why a file is refused, in the console language', async () => {
    const user = userEvent.setup();
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/statements/accounts': () => [200, ACCOUNTS],
      'POST /api/staff/statements/preview': () => [400, { message: 'STATEMENT_ACCOUNT_MISMATCH' }],
    });
    await renderStaff('/staff/statements', 'th');
    await screen.findByRole('heading', { name: 'นำเข้ารายการเดินบัญชีธนาคาร' });
    await user.upload(await screen.findByLabelText('ไฟล์รายการเดินบัญชี'), new File(['x'], 'other.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'ดูตัวอย่าง' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('รายการเดินบัญชีนี้เป็นของบัญชีอื่น ไม่ใช่บัญชีรับฝากที่เลือก');
  });

  it('says the server is reading other files, in Lao, and previews the file sent again', async () => {
    const user = userEvent.setup();
    let busy = true;
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/statements/accounts': () => [200, ACCOUNTS],
      'POST /api/staff/statements/preview': () => (busy ? [503, { message: 'STATEMENT_BUSY' }] : [200, PREVIEW]),
    });
    await renderStaff('/staff/statements', 'lo');
    const file = await screen.findByLabelText('ໄຟລ໌ລາຍການເຄື່ອນໄຫວບັນຊີ');
    await user.selectOptions(screen.getByLabelText('ບັນຊີຮັບຝາກ'), '0481212347');
    await user.upload(file, new File(['Date,Deposit'], 'kbiz.csv', { type: 'text/csv' }));
    const preview = screen.getByRole('button', { name: 'ເບິ່ງຕົວຢ່າງ' });
    await user.click(preview);
    expect(await screen.findByRole('alert')).toHaveTextContent('ຕອນນີ້ເຊີບເວີກຳລັງອ່ານໄຟລ໌ລາຍການເຄື່ອນໄຫວບັນຊີອື່ນຢູ່');
    busy = false;
    await user.click(preview);
    expect(await screen.findByRole('table', { name: 'ສິ່ງທີ່ຈະເກີດກັບແຕ່ລະລາຍການເງິນເຂົ້າ' })).toBeInTheDocument();
  });
});

const queued = (id: number, over: Partial<StatementQueueLine> = {}): StatementQueueLine => ({
  id,
  importId: 3,
  bank: 'KBANK',
  accountNo: '0481212347',
  rowNo: 20 + id,
  at: '2026-11-28T12:02:00.000Z',
  amount: 250,
  currency: 'BAHT',
  sender: { bank: 'KBANK', account: 'X5555', name: 'MR. ANAN S' },
  description: 'Transfer Deposit',
  status: 'UNMATCHED',
  why: 'AMBIGUOUS',
  candidates: [
    { id: 8, phone: '0833333331', name: 'ANAN SUKSAN' },
    { id: 9, phone: '0833333332', name: 'ANAN SUKJAI' },
  ],
  member: null,
  hold: null,
  ...over,
});

describe('unmatched statement lines', () => {
  it('lists why each waits and who it could be; assigns one with a phone and a reason, dismisses another', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/statements/queue': () => [200, { rows: [queued(1), queued(2, { why: 'NO_MATCH', candidates: [], amount: 75 })] }],
      'POST /api/staff/statements/lines/1/assign': () => [200, { message: 'SUCCESS' }],
      'POST /api/staff/statements/lines/2/dismiss': () => [200, { message: 'SUCCESS' }],
    });
    await renderStaff('/staff/statements/queue');
    expect(await screen.findByRole('heading', { name: 'Unmatched statement lines' })).toHaveFocus();
    await screen.findByRole('table', { name: 'Statement lines waiting, oldest first' });
    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveTextContent('More than one match: a person must choose');
    expect(first).toHaveTextContent('Could be: 0833333331 ANAN SUKSAN, 0833333332 ANAN SUKJAI');
    expect(second).toHaveTextContent('No waiting request, earlier credit or member matches it');

    await user.click(screen.getByRole('button', { name: 'Assign line 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Assign statement line 1' });
    const submit = within(dialog).getByRole('button', { name: 'Assign and credit' });
    await user.type(within(dialog).getByLabelText("Member's phone"), '0833333332');
    expect(dialog).toHaveTextContent('will be credited to the wallet of the member with phone 0833333332');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Receipt seen');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await screen.findByText(/Statement line 1: .*250\.00 credited to 0833333332\./);

    await user.click(screen.getByRole('button', { name: 'Dismiss line 2' }));
    const dismiss = screen.getByRole('alertdialog', { name: 'Dismiss statement line 2' });
    await user.type(within(dismiss).getByLabelText('Reason'), 'cash paid in by the office');
    await user.click(within(dismiss).getByRole('button', { name: 'Dismiss' }));
    await screen.findByText('Statement line 2 dismissed: nothing credited.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/staff/statements/lines/1/assign', { phone: '0833333332', reason: 'Receipt seen' }],
      ['/api/staff/statements/lines/2/dismiss', { reason: 'cash paid in by the office' }],
    ]);
    expect(screen.getByText('No statement line is waiting.')).toBeInTheDocument();
  });

  it('an agent has neither screen in the navigation and may not open them', async () => {
    const calls = fakeServer({ ...signedIn('agent'), 'GET /api/staff/dashboard': () => [200, {}] });
    await renderStaff('/staff/');
    await screen.findByRole('navigation', { name: 'Console' });
    expect(screen.queryByRole('link', { name: 'Bank statements' })).not.toBeInTheDocument();
    await renderStaff('/staff/statements/queue');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/staff/statements'))).toBe(false);
  });
});
