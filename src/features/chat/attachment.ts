import { CHAT_MEDIA_MAX_MB } from '../../../contract/limits';

/** §5 Chat attachment and §9 upload limits: what may be sent, decided before anything is queued. */

const KINDS: Record<string, 'image' | 'video'> = { png: 'image', jpg: 'image', jpeg: 'image', gif: 'image', mp4: 'video', mov: 'video' };
const TYPES: Record<string, 'image' | 'video'> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
};
/** For the file input's `accept`: the §5 types by extension and by MIME type. */
export const ACCEPT = [...Object.keys(KINDS).map((e) => `.${e}`), ...Object.keys(TYPES)].join(',');

export type AttachmentCheck =
  { ok: true; kind: 'image' | 'video' } | { ok: false; reason: 'unsupported' } | { ok: false; reason: 'too-large'; maxMb: number };

/**
 * A file needs an extension of an accepted type (mp4, quicktime (.mov), png, jpeg, jpg, gif), and a MIME
 * type, when the browser gives one, that agrees; images at most 10 MB, videos 20 MB. The server checks
 * the bytes again.
 */
export function checkAttachment(file: Pick<File, 'name' | 'size' | 'type'>): AttachmentCheck {
  const dot = file.name.lastIndexOf('.');
  const kind = dot > 0 ? KINDS[file.name.slice(dot + 1).toLowerCase()] : undefined;
  if (!kind || (file.type && TYPES[file.type] !== kind)) return { ok: false, reason: 'unsupported' };
  const maxMb = CHAT_MEDIA_MAX_MB[kind];
  if (file.size > maxMb * 1024 * 1024) return { ok: false, reason: 'too-large', maxMb };
  return { ok: true, kind };
}

/** §2: Enter sends; with Shift, Ctrl, Alt or Meta it does not (a new line), nor while an IME is composing. */
export const isSendKey = (e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey' | 'isComposing'>) =>
  e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey && !e.isComposing;
