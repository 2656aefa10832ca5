import type { TestServer } from './helper.js';
import type { StaffBrowser } from './staff-helpers.js';

/**
 * Bank statements as the tests upload them: a KBank K-BIZ export of the deposit account (the layout of
 * server/test/fixtures/statements/kbank-kbiz.csv) and the multipart body the console sends it in.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Bangkok's wall time of `ms` as K-BIZ writes it: dd-mm-yy and HH:mm. */
export function bkk(ms: number) {
  const d = new Date(ms + 7 * 3600_000);
  return {
    date: `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${String(d.getUTCFullYear()).slice(2)}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  };
}

export interface Line {
  at: number;
  amount: string;
  details: string;
  balance: string;
}

/** A K-BIZ statement with these incoming lines; `marker: false` leaves out the line that names the bank. */
export function kbiz(lines: Line[], account = 'XXX-X-X1234-7', marker = true): Buffer {
  const head = [
    'รายการเดินบัญชีเงินฝากกระแสรายวัน (มีรายละเอียด),,,,,,,,,,,,',
    ...(marker ? ['K-DEPOSIT STATEMENT OF CURRENT ACCOUNT (WITH DETAIL),,,,,,,,,,,,'] : []),
    `,,,,,,,Account Number,,,,${account},`,
    ',Date,"Time/\nEff.Date",Descriptions,Withdrawal,,Deposit,,"Outstanding\nBalance",,Channel,,Details',
  ];
  const rows = lines.map((l) => {
    const { date, time } = bkk(l.at);
    return `,${date},${time},Transfer Deposit,,,"${l.amount}",,"${l.balance}",,K PLUS,,${l.details}`;
  });
  return Buffer.from('\ufeff' + [...head, ...rows].join('\r\n') + '\r\n');
}

export const BOUNDARY = '----statement-test';

/** The file as the console's upload form sends it. */
export function multipart(bytes: Buffer, name = 'statement.csv') {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** The console's upload of a statement file to preview or import, by `as` (its cookies and CSRF token). */
export function sendStatement(
  server: TestServer,
  as: StaffBrowser,
  path: 'preview' | 'import',
  bytes: Buffer,
  query: string,
  name?: string,
) {
  return server.app.inject({
    method: 'POST',
    url: `/api/staff/statements/${path}?${query}`,
    cookies: as.cookies,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(as.csrf ? { 'x-csrf-token': as.csrf } : {}) },
    payload: multipart(bytes, name),
  });
}
