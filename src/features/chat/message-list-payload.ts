import type { ChatMessageKind, MediaPayload } from '../../../contract/chat';
import type { ChatButton, ChatMessage, GenericElement, QuickReply } from './types';

/**
 * A message as the list shows it. The server's `payload` is `unknown` (an agent tool or an older
 * greeter may send anything), so every shape is checked here and a message that does not fit is
 * `unknown`, shown as a neutral line instead of breaking the whole conversation.
 */
export type Shown =
  | { kind: 'text'; text: string }
  | { kind: 'buttons'; text: string; buttons: ChatButton[] }
  | { kind: 'quick_replies'; text: string; replies: QuickReply[] }
  | { kind: 'generic'; cards: GenericElement[] }
  | { kind: 'media'; text: string; fileType: MediaType; filePath: string; name: string }
  | { kind: 'postback'; text: string }
  | { kind: 'unknown' };
type NoneLeft<T extends never> = T;
/** Every kind of the contract is shown here: a kind added there fails the typecheck here until it is. */
export type UnshownKinds = NoneLeft<Exclude<ChatMessageKind, Shown['kind']>>;
export type MediaType = MediaPayload['fileType'];

const UNKNOWN: Shown = { kind: 'unknown' };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const BUTTON_TYPES: readonly unknown[] = ['web', 'call', 'postback'] satisfies ChatButton['type'][];
const MEDIA_TYPES: readonly unknown[] = ['image', 'video', 'file'] satisfies MediaType[];

/** Buttons without a title or of an unknown type are left out; the rest of the message still shows. */
function buttonsOf(v: unknown): ChatButton[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((b: unknown) => {
    if (!isRecord(b) || !text(b.title)?.trim() || !BUTTON_TYPES.includes(b.type) || typeof b.payload !== 'string') return [];
    return [{ title: b.title as string, type: b.type as ChatButton['type'], payload: b.payload }];
  });
}

function cardsOf(v: unknown): GenericElement[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((c: unknown) => {
    if (!isRecord(c) || !text(c.title)?.trim()) return [];
    return [
      { image_url: text(c.image_url) ?? '', title: c.title as string, subtitle: text(c.subtitle) ?? '', buttons: buttonsOf(c.buttons) },
    ];
  });
}

export function shown(message: ChatMessage['message']): Shown {
  const p = message.payload;
  switch (message.message_type) {
    case 'text':
    case 'postback': {
      const t = isRecord(p) ? text(p.message) : undefined;
      return t === undefined ? UNKNOWN : { kind: message.message_type, text: t };
    }
    case 'buttons': {
      if (!isRecord(p)) return UNKNOWN;
      const buttons = buttonsOf(p.buttons);
      return buttons.length ? { kind: 'buttons', text: text(p.message) ?? '', buttons } : UNKNOWN;
    }
    case 'quick_replies': {
      if (!isRecord(p) || !Array.isArray(p.quick_replies)) return UNKNOWN;
      const replies = p.quick_replies.flatMap((r: unknown) =>
        isRecord(r) && text(r.title)?.trim() && typeof r.payload === 'string' ? [{ title: r.title as string, payload: r.payload }] : [],
      );
      const t = text(p.message) ?? '';
      return replies.length || t ? { kind: 'quick_replies', text: t, replies } : UNKNOWN;
    }
    case 'generic': {
      // history carries the cards in `payloads`; a live greeter message may carry them as `payload`
      const cards = cardsOf(message.payloads ?? p);
      return cards.length ? { kind: 'generic', cards } : UNKNOWN;
    }
    case 'media': {
      if (!isRecord(p) || !MEDIA_TYPES.includes(p.fileType) || typeof p.filePath !== 'string') return UNKNOWN;
      return {
        kind: 'media',
        text: text(p.message) ?? '',
        fileType: p.fileType as MediaType,
        filePath: p.filePath,
        name: text(p.name) ?? '',
      };
    }
    default:
      return UNKNOWN;
  }
}

/** A `web` button opens only http(s) pages: a `javascript:` or `data:` payload is not made a link. */
export function webHref(payload: string): string | undefined {
  try {
    const url = new URL(payload.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A `call` button dials digits only (a leading + kept): nothing else of the payload reaches the tel: link. */
export function telHref(payload: string): string | undefined {
  const trimmed = payload.trim();
  const digits = trimmed.replace(/\D/g, '');
  return digits ? `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}` : undefined;
}

/** Where a picture, clip or file opens from: http(s) or a picked file's blob: URL, never a script URL. */
export function safeSrc(src: string): string | undefined {
  if (!src) return undefined;
  try {
    const url = new URL(src, document.baseURI);
    return ['http:', 'https:', 'blob:'].includes(url.protocol) ? src : undefined;
  } catch {
    return undefined;
  }
}

/** The server's copy once uploaded (`prefix` + path), the picked file's preview until then. */
export function mediaSrc(prefix: string, filePath: string, localUrl?: string): string | undefined {
  return safeSrc(filePath ? prefix + filePath : (localUrl ?? ''));
}
