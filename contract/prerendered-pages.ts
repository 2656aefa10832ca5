/**
 * The public pages the build pre-renders (scripts/prerender.ts) and the file each is written to in dist/: the
 * server answers each path with its file (prerendered.json, written from this), and the service worker does too,
 * online or not (sw/navigation.ts). They paint from HTML and CSS alone, before any script has run.
 */
export const PRERENDERED_PAGES = {
  '/login': 'login.html',
  '/register': 'register.html',
  '/forgot-password': 'forgot-password.html',
  '/howto': 'howto.html',
  '/contact': 'contact.html',
  '/terminated': 'terminated.html',
} as const satisfies Record<string, string>;
