import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Reading the QR codes of an image: the picture as RGBA pixels (sharp) and zxing's wasm reader over them.
 * Shared by the slip reader (a photo, in a worker: reader.ts) and the payment gateway's QR (a small image
 * on the server's thread). No setting of sharp's is changed here: the worker sets its own.
 */

let ready: Promise<unknown> | undefined;
/** Loads the reader's wasm once (from node_modules: no network at run time); call it early to pay for it at start. */
export function prepareQrReader(): Promise<unknown> {
  ready ??= (() => {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

export interface PixelsOptions {
  /** The longest side it is read at (never enlarged). */
  side: number;
  /** Larger inputs are refused before they are decoded. */
  maxInputPixels: number;
  /** Dots per inch a vector image (SVG) is drawn at. */
  density?: number;
}

/**
 * The image upright (EXIF), at most `side` a side, on white where it is transparent, as RGBA pixels: what
 * zxing reads without decoding a file itself.
 */
async function pixels(image: Uint8Array, o: PixelsOptions) {
  const { data, info } = await sharp(image, { limitInputPixels: o.maxInputPixels, failOn: 'error', density: o.density })
    .rotate()
    .resize({ width: o.side, height: o.side, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** The texts of the valid QR codes in an image, at most `max` of them; throws when the image cannot be decoded. */
export async function qrTexts(image: Uint8Array, o: PixelsOptions & { max: number; tryHarder?: boolean }): Promise<string[]> {
  const picture = await pixels(image, o);
  await prepareQrReader();
  // zxing-wasm reads anything shaped like ImageData ({ data, width, height }); Node has no ImageData class
  const results = await readBarcodes(picture as unknown as Parameters<typeof readBarcodes>[0], {
    formats: ['QRCode'],
    tryHarder: o.tryHarder ?? false,
    maxNumberOfSymbols: o.max,
  });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/**
 * The texts of the QR codes in a small image (a payment gateway's QR, PNG or SVG, an SVG drawn at 288 dpi
 * so its modules are several pixels wide). For images of a few hundred pixels, not for photos.
 */
export const readGatewayQr = (image: Uint8Array): Promise<string[]> =>
  qrTexts(image, { side: 1200, maxInputPixels: 4_000_000, density: 288, max: 2 });
