import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, type TestServer } from './helper.js';
import { slipDriver, slipServer } from './slip-helpers.js';

const HOUR = 3_600_000;

/** No transfer lost to the slip closing time (closing 23:00, the seeded one): its hour counts from the reopening. */
describe('the slip closing time', () => {
  let server: TestServer;
  let token: string;
  let dir: string;
  let close: () => Promise<void>;
  const { makeSlip, upload, slipOf } = slipDriver(
    () => server,
    () => dir,
    () => token,
  );
  // the start of yesterday in Bangkok: the transfers are made then, the uploads follow
  const day = Date.now() - ((Date.now() + 7 * HOUR) % (24 * HOUR)) - 24 * HOUR;
  /** A transfer at `sent` (ms after `day` began) uploaded at `uploaded`: the slip's answer once checked. */
  const transferThenUpload = async (sent: number, uploaded: number, amount: string) => {
    const file = await makeSlip(amount, '--minutes-ago', String(Math.round((Date.now() - (day + sent)) / 60_000)));
    server.clock.now = day + uploaded;
    const res = await upload(file);
    if (res.statusCode !== 200) return { status: res.statusCode, message: message(res) };
    return slipOf((res.json() as { reference: string }).reference);
  };

  beforeAll(async () => {
    ({ server, dir, token, close } = await slipServer({ closeTime: '23:00' }));
  });
  afterAll(() => close());

  it('credits a transfer made while intake was closed when it is uploaded within the hour after reopening', async () => {
    // 23:10: the upload is refused until midnight
    expect(await transferThenUpload(23 * HOUR + 10 * 60_000, 23 * HOUR + 15 * 60_000, '101')).toEqual({
      status: 403,
      message: 'SLIP_CLOSED',
    });
    // 00:50 the next day, 100 minutes after the transfer: its hour counts from 00:00
    expect(await transferThenUpload(23 * HOUR + 10 * 60_000, 24 * HOUR + 50 * 60_000, '102')).toMatchObject({
      status: 'SUCCESS',
      amount: 102,
    });
    // 01:10: the hour after reopening has passed
    expect(await transferThenUpload(23 * HOUR + 20 * 60_000, 25 * HOUR + 10 * 60_000, '103')).toMatchObject({
      status: 'FAILED',
      note: 'SLIP_EXPIRED',
    });
  });

  it('credits a transfer made within the hour before closing when it is uploaded after reopening', async () => {
    // 22:30 transfer, 00:40 upload: the closing cut its hour short, so it runs from 00:00
    expect(await transferThenUpload(22 * HOUR + 30 * 60_000, 24 * HOUR + 40 * 60_000, '104')).toMatchObject({
      status: 'SUCCESS',
      amount: 104,
    });
    // 20:00 transfer, 21:30 upload: the hour ran out with intake open, as always
    expect(await transferThenUpload(20 * HOUR, 21 * HOUR + 30 * 60_000, '105')).toMatchObject({ status: 'FAILED', note: 'SLIP_EXPIRED' });
  });
});
