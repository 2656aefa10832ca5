import { slipVerify } from 'promptparse/validate';
import sharp from 'sharp';
import { qrTexts } from './qr-texts.js';

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

/** Reads the slip-verify QR of a JPEG, PNG or WebP (dimensions already checked by the caller). Blocks its thread: run it in a worker. */
export async function readSlipQr(image: Uint8Array): Promise<SlipQr> {
  let texts: string[];
  try {
    texts = await qrTexts(image, { side: READ_SIDE, maxInputPixels: MAX_INPUT_PIXELS, max: 4, tryHarder: true });
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
