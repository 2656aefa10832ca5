import { qrcode } from '../../lib/qrcode.js';

type Rgb = readonly [number, number, number];

/**
 * A sandbox bank's transfer slip as a PNG: a coloured header, grey bars where a real slip prints its
 * lines, and the slip-verify mini QR in its quiet zone, the part verification reads. No text is drawn:
 * what matters is the QR, exactly as banking apps put it on the slip.
 */
export async function drawSlip(payload: string, color: Rgb = [0, 166, 81]): Promise<Buffer> {
  // loaded here, not at every start: only the sandbox's slip maker draws
  const [{ PNG }, QRCode] = await Promise.all([import('pngjs'), qrcode()]);
  const width = 540;
  const height = 860;
  const png = new PNG({ width, height });
  const fill = (x0: number, y0: number, w: number, h: number, [r, g, b]: Rgb) => {
    for (let y = y0; y < Math.min(height, y0 + h); y++)
      for (let x = x0; x < Math.min(width, x0 + w); x++) {
        const i = (y * width + x) * 4;
        png.data[i] = r;
        png.data[i + 1] = g;
        png.data[i + 2] = b;
        png.data[i + 3] = 255;
      }
  };
  fill(0, 0, width, height, [250, 250, 247]);
  fill(0, 0, width, 110, color);
  fill(36, 38, 160, 34, [255, 255, 255]);
  // the lines of a slip: date, from, to, amount, fee, reference
  const grey: Rgb = [200, 203, 208];
  [160, 230, 300, 370, 440].forEach((y, i) => {
    fill(36, y, 140 + (i % 2) * 60, 18, grey);
    fill(36, y + 28, 300 - (i % 3) * 40, 22, [120, 124, 130]);
  });
  fill(36, 520, 200, 40, color);

  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = 6;
  const quiet = 4 * scale;
  const side = size * scale + 2 * quiet;
  const left = width - side - 30;
  const top = height - side - 40;
  fill(left, top, side, side, [255, 255, 255]);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++)
      if (qr.modules.get(r, c)) fill(left + quiet + c * scale, top + quiet + r * scale, scale, scale, [0, 0, 0]);
  return PNG.sync.write(png);
}
