import { CHAT_MEDIA_MAX_MB } from '../../../../contract/limits.js';

/** §5 chat attachments: the type is read from the file's first bytes, never from its name or the client's word. */
export type MediaKind = 'image' | 'video';

const startsWith = (bytes: Buffer, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/** The content type of an accepted file of this kind, or undefined (not png, jpeg, gif; not mp4, quicktime). */
export function sniffMedia(bytes: Buffer, kind: MediaKind): string | undefined {
  if (kind === 'image') {
    if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
    if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
    if (/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'image/gif';
    return undefined;
  }
  // ISO base media: a box size, then its type; mp4 and QuickTime both open with ftyp, told apart by the brand
  const box = ascii(bytes, 4, 8);
  if (box === 'ftyp') return ascii(bytes, 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  // older QuickTime files open with another atom
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(box)) return 'video/quicktime';
  return undefined;
}

/** §9: 10 MB images, 20 MB videos (contract/limits.ts, which the site checks before it sends). */
export const MAX_BYTES: Record<MediaKind, number> = {
  image: CHAT_MEDIA_MAX_MB.image * 1024 * 1024,
  video: CHAT_MEDIA_MAX_MB.video * 1024 * 1024,
};
