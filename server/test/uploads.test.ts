import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG as PngImage } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freeSpaceOf, type FreeSpace } from '../src/adapters/storage/free-space.js';
import { forgetOldUsage } from '../src/modules/uploads/service.js';
import type { Settings } from '../src/settings/registry.js';
import { newMember } from './bonus-helpers.js';
import { multipart, PNG } from './chat-helpers.js';
import { setSetting } from './deposit-helpers.js';
import { build, message, type TestServer } from './helper.js';

const KB = 1024;
const MB = 1024 * KB;
/** A chat image of 400 KB: a PNG's signature, then filler. */
const IMAGE_400K = Buffer.concat([PNG, Buffer.alloc(400 * KB - PNG.length, 7)]);

/** A real PNG slip image of `side` x `side` noisy pixels: about side² x 4 bytes (noise does not compress). */
function slipImage(side: number): Buffer {
  const png = new PngImage({ width: side, height: side });
  randomBytes(png.data.length).copy(png.data);
  return PngImage.sync.write(png);
}

describe('upload budgets', () => {
  let server: TestServer;
  let dir: string;
  /** The reader the server was built with. */
  let measured: FreeSpace;
  const small: Settings['uploads'] = { guestAddressMbPerHour: 1, memberMbPerHour: 2, slipsPer10Min: 10, minFreeMb: 1024 };
  const plentyOfDisk = async () => 100 * 1024 * MB;

  const chatUpload = (bytes: Buffer, who: { address?: string; token?: string } = {}) => {
    const body = multipart(bytes, 'a.png');
    return server.app.inject({
      method: 'POST',
      url: '/api/chat/upload-image',
      payload: body.payload,
      headers: { ...body.headers, ...(who.token ? { authorization: `Bearer ${who.token}` } : {}) },
      remoteAddress: who.address ?? '10.20.0.1',
    });
  };
  const slipUpload = (bytes: Buffer, token: string, key?: string) => {
    const body = multipart(bytes, 'slip.png');
    return server.app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      remoteAddress: '10.30.0.1',
    });
  };
  /** What is on the disk (or in stored_files): the uploads' rows, counted by kind. */
  const stored = async () => {
    const db = server.ctx.database.db;
    const count = async (table: 'chat_uploads' | 'slips') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { chat: await count('chat_uploads'), slips: await count('slips') };
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    server = await build({ dataDir: dir });
    measured = server.ctx.freeSpace;
    // the daily slip closing time would make this suite depend on the hour it runs at
    await setSetting(server, 'slip', { minDeposit: 1, closeTime: '00:00' });
  });
  beforeEach(async () => {
    server.ctx.freeSpace = plentyOfDisk;
    await setSetting(server, 'uploads', small);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a guest address past its bytes for the hour, stores nothing, and takes it again an hour later', async () => {
    server.clock.now = Date.now();
    const address = '10.20.0.7';
    expect((await chatUpload(IMAGE_400K, { address })).statusCode).toBe(200);
    expect((await chatUpload(IMAGE_400K, { address })).statusCode).toBe(200);
    const before = await stored();
    const third = await chatUpload(IMAGE_400K, { address }); // 1200 KB > 1 MB
    expect([third.statusCode, message(third)]).toEqual([429, 'UPLOAD_LIMIT']);
    expect(await stored()).toEqual(before);
    // another address has its own budget
    expect((await chatUpload(IMAGE_400K, { address: '10.20.0.8' })).statusCode).toBe(200);

    server.clock.now += 3_600_000 + 1;
    expect(await forgetOldUsage(server.ctx)).toBeGreaterThanOrEqual(3);
    expect((await chatUpload(IMAGE_400K, { address })).statusCode).toBe(200);
  });

  it("refuses a member past the member's bytes for the hour, slips and chat files together", async () => {
    server.clock.now = Date.now();
    const { token } = await newMember(server);
    const slip = slipImage(360); // about 510 KB: with three chat files 1.7 MB, with a fourth 2.1 MB
    expect(slip.length).toBeGreaterThan(450 * KB);
    expect((await slipUpload(slip, token)).statusCode).toBe(200);
    // past the guest's 1 MB: a member has 2 MB
    for (let i = 0; i < 3; i++) expect((await chatUpload(IMAGE_400K, { token })).statusCode).toBe(200);
    const before = await stored();
    const chat = await chatUpload(IMAGE_400K, { token });
    expect([chat.statusCode, message(chat)]).toEqual([429, 'UPLOAD_LIMIT']);
    const late = await slipUpload(slip, token);
    expect([late.statusCode, message(late)]).toEqual([429, 'UPLOAD_LIMIT']);
    expect(await stored()).toEqual(before);
  });

  it('refuses the 11th slip of a member in 10 minutes and stores nothing; a replay does not count', async () => {
    server.clock.now = Date.now();
    await setSetting(server, 'uploads', { ...small, memberMbPerHour: 200 });
    const { token } = await newMember(server);
    const slip = slipImage(8);
    const first = await slipUpload(slip, token, 'slip-key-0001');
    expect(first.statusCode).toBe(200);
    // the outbox sending the first slip again after a lost answer: the same slip, not a second one
    expect((await slipUpload(slip, token, 'slip-key-0001')).json()).toEqual(first.json());
    for (let i = 2; i <= 10; i++) expect((await slipUpload(slip, token)).statusCode, `slip ${i}`).toBe(200);
    const before = await stored();
    const eleventh = await slipUpload(slip, token);
    expect([eleventh.statusCode, message(eleventh)]).toEqual([429, 'SLIP_LIMIT']);
    expect(await stored()).toEqual(before);
    // chat files are not slips
    expect((await chatUpload(IMAGE_400K, { token })).statusCode).toBe(200);
    server.clock.now += 10 * 60_000 + 1;
    expect((await slipUpload(slip, token)).statusCode).toBe(200);
  });

  it('refuses every upload while the disk is under the floor, stores nothing, and takes them again above it', async () => {
    server.clock.now = Date.now();
    const { token } = await newMember(server);
    const before = await stored();
    server.ctx.freeSpace = async () => 1023 * MB;
    for (const res of [await chatUpload(PNG), await chatUpload(PNG, { token }), await slipUpload(slipImage(8), token)])
      expect([res.statusCode, message(res)]).toEqual([503, 'UPLOAD_UNAVAILABLE']);
    expect(await stored()).toEqual(before);
    server.ctx.freeSpace = async () => 1025 * MB;
    expect((await chatUpload(PNG)).statusCode).toBe(200);
    expect((await slipUpload(slipImage(8), token)).statusCode).toBe(200);
  });

  it("measures DATA_DIR's disk where the embedded server keeps the uploads; not another Postgres's, whose disk is elsewhere", async () => {
    // the tests' Postgres is not the embedded server of DATA_DIR: its disk is not known here
    expect(await measured()).toBeUndefined();
    server.ctx.freeSpace = freeSpaceOf(dir, Date.now);
    expect(await server.ctx.freeSpace()).toBeGreaterThan(0);
    // a floor larger than any disk
    await setSetting(server, 'uploads', { ...small, minFreeMb: 1024 ** 4 });
    const res = await chatUpload(PNG, { address: '10.20.0.9' });
    expect([res.statusCode, message(res)]).toEqual([503, 'UPLOAD_UNAVAILABLE']);
    // DATA_DIR's own folders need not exist yet: the disk they will be on answers
    expect(await freeSpaceOf(path.join(dir, 'not', 'made', 'yet'), Date.now)()).toBeGreaterThan(0);
  });
});
