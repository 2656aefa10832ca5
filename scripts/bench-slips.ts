// `npx tsx scripts/bench-slips.ts [main|workers]`: reads 40 slip photos of 36 megapixels at once and
// prints how long the event loop was held (what every other request waited) and how the process's
// memory grew. `main` reads them on the main thread as the server did before issue 19 (zxing-wasm on
// the full image); `workers` through the server's SlipReader. A measurement, not a test: run each
// mode in its own process, it prints, it does not judge.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { generate } from 'promptparse';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { drawSlip } from '../server/src/adapters/slip/slip-image.js';
import { SlipReader } from '../server/src/adapters/slip/slip-reader.js';

const mode = process.argv[2] === 'main' ? 'main' : 'workers';
const COUNT = Number(process.env.BENCH_SLIPS ?? 40);
const side = 6000;
const slip = await drawSlip(generate.slipVerify({ sendingBank: '004', transRef: '20261125093000ABCDE12345' }));
const tall = await sharp(slip)
  .resize({ height: side - 400, kernel: 'nearest' })
  .png()
  .toBuffer();
const photo = await sharp({ create: { width: side, height: side, channels: 3, background: { r: 90, g: 96, b: 104 } } })
  .composite([{ input: tall, top: 200, left: 1100 }])
  .jpeg({ quality: 85 })
  .toBuffer();

/** The reading before issue 19: zxing-wasm decodes the whole file on this thread. */
async function readOnMain(image: Uint8Array) {
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 });
  return results.some((r) => r.isValid) ? 'found' : 'no-qr';
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const rssBefore = process.memoryUsage().rss;
const reader = new SlipReader({ threads: 1, queue: COUNT });
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = Date.now();
// the longest gap between ticks of a 5 ms timer: how long a request arriving then would have waited
let last = performance.now();
let longest = 0;
const ticker = setInterval(() => {
  const now = performance.now();
  longest = Math.max(longest, now - last);
  last = now;
}, 5);
const kinds: string[] = [];
if (mode === 'main') {
  // as the server's verifications did: each slip after some I/O of its own (here a timer turn), read here
  for (let i = 0; i < COUNT; i++) {
    await new Promise((r) => setTimeout(r, 0));
    kinds.push(await readOnMain(new Uint8Array(photo)));
  }
} else kinds.push(...(await Promise.all(Array.from({ length: COUNT }, () => reader.read(new Uint8Array(photo)).then((r) => r.kind)))));
clearInterval(ticker);
const seconds = (Date.now() - started) / 1000;
delay.disable();
const rssPeak = process.memoryUsage().rss;
await reader.close();
gc?.();
await new Promise((r) => setTimeout(r, 2000));
const rssAfter = process.memoryUsage().rss;
console.log(
  `${mode}: ${COUNT} slips of ${side}x${side} (${Math.round(photo.length / 1024)} KB JPEG) in ${seconds.toFixed(1)} s, ` +
    `${kinds.filter((k) => k === 'found').length} read; longest event-loop stall ${longest.toFixed(0)} ms, ` +
    `delay p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms; RSS ${mb(rssBefore)} MB before, ${mb(rssPeak)} MB at the end, ${mb(rssAfter)} MB after (workers ended)`,
);
