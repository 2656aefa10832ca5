import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Server-provided HTML, always sanitised: scripts, handlers and javascript: links are removed. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
