import { readSlipQr, type SlipQr } from './reader.js';

/** The body of a slip-reading worker thread (piscina calls the default export with each task). */
export default function read(image: Uint8Array): Promise<SlipQr> {
  return readSlipQr(image);
}
