import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * What operator content (conditions, contact text, agreements, banners) needs, and no more: text,
 * lists, tables, links and images. No forms or controls (a fake sign-in form posting elsewhere), no
 * `style`, `class` or `id` (a full-screen fixed overlay over the real page), no frames or media.
 */
const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'div', 'span', 'center', 'font', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'q', 'cite', 'abbr'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['a', 'img', 'figure', 'figcaption'],
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'align', 'color'];

/**
 * DOMPurify's own instance (the package builds it as it is imported), set up on first use: the settings
 * once (setConfig: not read again at every call) and the hook. A second instance of our own cost a second
 * build of DOMPurify's tables on the page's start. The app has no other user of DOMPurify. Without a DOM
 * (the build's pre-rendering) the instance is not supported and nothing is set up here.
 */
let ready = false;
function sanitizer(): typeof DOMPurify {
  if (ready || !DOMPurify.isSupported) return DOMPurify;
  ready = true;
  DOMPurify.setConfig({ ALLOWED_TAGS, ALLOWED_ATTR });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'IMG' && !ownImage(node.getAttribute('src') ?? '')) node.remove();
    // links leave the site in a new tab, without handing it this page
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return DOMPurify;
}

/** Images only from this site (relative or same origin) or inline data: no tracking pixels, no look-alike assets elsewhere. */
function ownImage(src: string): boolean {
  if (!src.trim()) return false; // none, or one the sanitiser took away (javascript:)
  if (/^data:image\//i.test(src.trim())) return true;
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function sanitizeHtml(html: string): string {
  return sanitizer().sanitize(html);
}

// DOMPurify's first use (its settings, its first document, its code's first run) was most of what
// cleaning the contact page's text cost: 12-29 ms of one task on a fast machine (Lighthouse's trace), about 4
// times that on a slow phone. It is done ahead, a step per idle moment, while the screen's text is still on its
// way (not in a browser without idle callbacks, nor in the build's pre-rendering: the first text pays it there)
const warmUp = [sanitizer, () => sanitizeHtml('<p><a href="/">.</a></p>')];
const warmNext = () => {
  warmUp.shift()?.();
  if (warmUp.length) requestIdleCallback(warmNext);
};
if (typeof requestIdleCallback === 'function') requestIdleCallback(warmNext);

/** Server-provided HTML, always sanitised (see ALLOWED_TAGS): scripts, handlers, forms, styles and foreign images are removed. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
