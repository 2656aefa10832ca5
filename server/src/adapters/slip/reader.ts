import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { slipVerify } from 'promptparse/validate';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/** What the slip's mini QR (the Bank of Thailand slip-verify payload) says, or why it says nothing. */
export type SlipQr =
  | { kind: 'found'; sendingBank: string; transRef: string }
  /** A QR code, but not a valid slip-verify payload (wrong tag, bad CRC). */
  | { kind: 'unreadable-reference' }
  /** No QR code in the image at all. */
  | { kind: 'no-qr' }
  /** The image itself could not be decoded (corrupt, or a format our reader does not decode). */
  | { kind: 'undecodable' };

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

/** Reads the slip-verify QR of a PNG or JPEG (dimensions already checked by the caller). */
export async function readSlipQr(image: Uint8Array): Promise<SlipQr> {
  await prepare();
  let texts: string[];
  try {
    const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 });
    // zxing answers an image it cannot load with one invalid result carrying the error
    if (results.some((r) => !r.isValid && /load image/i.test(r.error))) return { kind: 'undecodable' };
    texts = results.filter((r) => r.isValid).map((r) => r.text);
  } catch {
    return { kind: 'undecodable' };
  }
  if (!texts.length) return { kind: 'no-qr' };
  for (const text of texts) {
    const slip = slipVerify(text);
    if (slip?.sendingBank && slip.transRef) return { kind: 'found', sendingBank: slip.sendingBank, transRef: slip.transRef };
  }
  return { kind: 'unreadable-reference' };
}
