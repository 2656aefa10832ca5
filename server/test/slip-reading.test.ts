import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySlip } from '../src/modules/deposit/slips.js';
import { build, login, type TestServer } from './helper.js';
import { slipDriver } from './slip-helpers.js';

/**
 * Issue 19 item 5: slip images are read in worker threads, downscaled first, with a bounded queue. A
 * 36-megapixel photo of a slip is still read; the main thread answers other members meanwhile; a slip
 * that finds every thread and queue place taken stays PROCESSING and is read later.
 */

/** A phone photo of the slip: the slip upscaled onto a 6000 x 6000 background (36 megapixels, the upload's limit), as JPEG. */
async function photo(slip: Buffer): Promise<Buffer> {
  const side = 6000;
  const tall = await sharp(slip)
    .resize({ height: side - 400, kernel: 'nearest' })
    .png()
    .toBuffer();
  return sharp({ create: { width: side, height: side, channels: 3, background: { r: 90, g: 96, b: 104 } } })
    .composite([{ input: tall, top: 200, left: 1100 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe('reading slip images', () => {
  let server: TestServer;
  let token: string;
  let dir: string;
  const { operator, makeSlip, settle, slipOf, wallet, atNoon, uploadReference, slipId } = slipDriver(
    () => server,
    () => dir,
    () => token,
  );

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slip-reading-'));
    // one reading thread and one place in its queue: a third slip at once finds the reader full
    server = await build({ dataDir: dir, slipReadThreads: 1, slipReadQueue: 1 });
    await operator('settings', 'set', 'slip', JSON.stringify({ minDeposit: 1, closeTime: '00:00' }));
    await server.ctx.settings.refresh();
    token = await login(server.app);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads and credits a 36-megapixel JPEG photo of a slip, and a WebP slip', async () => {
    const before = await wallet();
    const big = await photo(await makeSlip('25', '--minutes-ago', atNoon()));
    expect(await sharp(big).metadata()).toMatchObject({ width: 6000, height: 6000 });
    const jpeg = await uploadReference(big, { filename: 'slip.jpg', type: 'image/jpeg' });
    expect(await slipOf(jpeg)).toMatchObject({ status: 'SUCCESS', amount: 25 });

    const webp = await sharp(await makeSlip('15', '--minutes-ago', atNoon()))
      .webp({ quality: 90 })
      .toBuffer();
    const reference = await uploadReference(webp, { filename: 'slip.webp', type: 'image/webp' });
    expect(await slipOf(reference)).toMatchObject({ status: 'SUCCESS', amount: 15 });
    expect(await wallet()).toBe(before + 40);
  });

  it('fails a WebP that is no image with SLIP_INCORRECT', async () => {
    atNoon();
    // a WebP header claiming 100 x 100 and nothing behind it
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8X'),
      Buffer.from([10, 0, 0, 0, 0, 0, 0, 0, 99, 0, 0, 99, 0, 0]),
    ]);
    const reference = await uploadReference(webp, { filename: 'slip.webp', type: 'image/webp' });
    expect(await slipOf(reference)).toMatchObject({ status: 'FAILED', note: 'SLIP_INCORRECT' });
  });

  it('answers other requests while big slips are being read', async () => {
    const big = await photo(await makeSlip('1', '--minutes-ago', atNoon()));
    const done: string[] = [];
    // a reader of its own with room for five at once (the server's has one place)
    const { SlipReader } = await import('../src/adapters/slip/slip-reader.js');
    const reader = new SlipReader({ threads: 1, queue: 4 });
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    // a reader already started: what is measured is reading, not starting up
    expect((await reader.read(big)).kind).toBe('found');
    try {
      const reads = Array.from({ length: 5 }, () => reader.read(big).then((r) => (done.push('read'), r)));
      // over a real connection, as members' requests arrive: it needs the event loop to turn
      const lookup = fetch(`${address}/api/lookup/info`, { headers: { 'x-wallet-client': 'member' } }).then(
        (r) => (done.push('lookup'), r),
      );
      expect((await lookup).status).toBe(200);
      expect((await Promise.all(reads)).map((r) => r.kind)).toEqual(['found', 'found', 'found', 'found', 'found']);
      // the lookup did not wait for the five (read one after another on one thread): on the main thread,
      // each read held the event loop and the lookup came last
      expect(done.indexOf('lookup')).toBeLessThan(5);
    } finally {
      await reader.close();
    }
  });

  it('keeps a slip PROCESSING while every reading place is taken, and reads it afterwards', async () => {
    const before = await wallet();
    const big = await photo(await makeSlip('1', '--minutes-ago', atNoon()));
    const slip = await makeSlip('40', '--minutes-ago', atNoon());
    // the one reading thread busy with a big photo, another waiting for it: the next is refused at once
    const fillers = Promise.all([server.ctx.slipReader.read(big), server.ctx.slipReader.read(big)]);
    expect(server.ctx.slipReader.full).toBe(true);
    expect(await server.ctx.slipReader.read(slip)).toEqual({ kind: 'busy' });
    expect((await fillers).map((r) => r.kind)).toEqual(['found', 'found']);
    expect(server.ctx.slipReader.full).toBe(false);

    // while it is full (held so here: how long two photos take is the machine's business), a slip's check
    // leaves it for later: not failed, the bank not asked, no attempt used
    const reader = server.ctx.slipReader;
    let held = true;
    Object.defineProperty(reader, 'full', { configurable: true, get: () => held });
    const row = () =>
      server.ctx.database.db
        .selectFrom('slips')
        .select(['status', 'attempts', 'lease_until'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    let id = 0;
    try {
      const reference = await uploadReference(slip);
      id = await slipId(reference);
      await verifySlip(server.ctx, id);
      while ((await row()).lease_until > 0) await new Promise((r) => setTimeout(r, 10));
      expect(await row()).toMatchObject({ status: 'PROCESSING', attempts: 0 });
      held = false;
      await settle();
      expect(await slipOf(reference)).toMatchObject({ status: 'SUCCESS', amount: 40 });
    } finally {
      delete (reader as { full?: boolean }).full;
    }
    expect(await wallet()).toBe(before + 40);
  });
});
