/**
 * The saved picture of a payment QR code (issue 21, "save QR"): a PNG drawn on a canvas from the SVG the
 * panel shows, with lines of text under it (amount, provider, expiry), so a member can open it from the
 * banking app on the same phone. Made with the browser's own canvas: no package, nothing loaded on /login.
 */

const SIDE = 480; // the code, in pixels: banking apps read a saved image of this size at once
const PAD = 32;
const FIRST_LINE = 36; // the amount, the line a member checks first
const LINE = 26;
const FONT = 'system-ui, -apple-system, "Noto Sans Thai", "Noto Sans Lao", sans-serif';

/** The SVG with a pixel size: the server's code has only a viewBox, and an image without a size draws at 300x150. */
function sized(svg: string): string {
  return /<svg[^>]*\swidth=/.test(svg) ? svg : svg.replace('<svg', `<svg width="${SIDE}" height="${SIDE}"`);
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('QR_IMAGE'));
    image.src = src;
  });
}

/** The PNG: white, the code on top, then each line centred under it (the first one larger). */
export async function qrPicture(svg: string, lines: readonly string[]): Promise<Blob> {
  const image = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(sized(svg))}`);
  const canvas = document.createElement('canvas');
  canvas.width = SIDE + 2 * PAD;
  canvas.height = PAD + SIDE + PAD / 2 + lines.reduce((h, _, i) => h + (i === 0 ? FIRST_LINE : LINE) * 1.4, 0) + PAD / 2;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('QR_IMAGE');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // no smoothing: the modules stay sharp squares
  context.imageSmoothingEnabled = false;
  context.drawImage(image, PAD, PAD, SIDE, SIDE);
  context.fillStyle = '#111';
  context.textAlign = 'center';
  context.textBaseline = 'top';
  let y = PAD + SIDE + PAD / 2;
  lines.forEach((line, i) => {
    const size = i === 0 ? FIRST_LINE : LINE;
    context.font = `${i === 0 ? 700 : 500} ${size}px ${FONT}`;
    context.fillText(line, canvas.width / 2, y, canvas.width - 2 * PAD);
    y += size * 1.4;
  });
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('QR_IMAGE'))), 'image/png'));
}
