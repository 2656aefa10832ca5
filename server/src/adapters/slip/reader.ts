import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { slipVerify } from 'promptparse/validate';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/** What the slip's mini QR (the Bank of Thailand slip-verify payload) says, or why it says nothing. */
export type SlipQr =
  | { kind: 'found'; payload: string; sendingBank: string; transRef: string }
  /** A QR code, but not a valid slip-verify payload (wrong tag, bad CRC). */
  | { kind: 'unreadable-reference' }
  /** No QR code in the image at all. */
  | { kind: 'no-qr' }
  /** The image itself could not be decoded (corrupt, or not an image). */
  | { kind: 'undecodable' };

/**
 * The longest side a slip is read at. A phone photo's slip QR spans a tenth of its width or more, so at
 * 2000 px its modules are still several pixels wide; decoding 36 megapixels instead costs the reader a
 * wasm heap of hundreds of MB it never gives back.
 */
export const READ_SIDE = 2000;
/** The upload's own limit (36 MP) with room: sharp refuses anything larger before decoding it. */
const MAX_INPUT_PIXELS = 40_000_000;

// one image at a time per worker, nothing kept between images: memory stays what one slip needs
sharp.cache(false);
sharp.concurrency(1);

let ready: Promise<unknown> | undefined;
function prepare(): Promise<unknown> {
  // the wasm comes from node_modules: no network at run time
  ready ??= (() => {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

/** The image upright (EXIF), at most READ_SIDE a side, as RGBA pixels: what zxing reads without decoding a file itself. */
async function pixels(image: Uint8Array) {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: READ_SIDE, height: READ_SIDE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** Loads the QR reader's wasm now, so the first code read does not pay for it. */
export const warmQrReader = (): Promise<unknown> => prepare();

/**
 * The texts of the QR codes in a small image (a payment gateway's QR, PNG or SVG, drawn at 4 times its
 * size so an SVG's modules are several pixels wide). Runs on the caller's thread: for images of a few
 * hundred pixels, not for photos (readSlipQr, in a worker).
 */
export async function readQrTexts(image: Uint8Array): Promise<string[]> {
  const { data, info } = await sharp(image, { limitInputPixels: 4_000_000, failOn: 'error', density: 288 })
    .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  await prepare();
  const picture = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  const results = await readBarcodes(picture as unknown as Parameters<typeof readBarcodes>[0], {
    formats: ['QRCode'],
    maxNumberOfSymbols: 2,
  });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/** Reads the slip-verify QR of a JPEG, PNG or WebP (dimensions already checked by the caller). Blocks its thread: run it in a worker. */
export async function readSlipQr(image: Uint8Array): Promise<SlipQr> {
  let texts: string[];
  try {
    const picture = await pixels(image);
    await prepare();
    // zxing-wasm reads anything shaped like ImageData ({ data, width, height }); Node has no ImageData class
    const results = await readBarcodes(picture as unknown as Parameters<typeof readBarcodes>[0], {
      formats: ['QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: 4,
    });
    texts = results.filter((r) => r.isValid).map((r) => r.text);
  } catch {
    return { kind: 'undecodable' };
  }
  if (!texts.length) return { kind: 'no-qr' };
  for (const text of texts) {
    const slip = slipVerify(text);
    if (slip?.sendingBank && slip.transRef) return { kind: 'found', payload: text, sendingBank: slip.sendingBank, transRef: slip.transRef };
  }
  return { kind: 'unreadable-reference' };
}
