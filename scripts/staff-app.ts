import path from 'node:path';
import type { Plugin } from 'vite';
import { LANG_TAG } from '../contract/lang-tags.js';

/**
 * The staff console (issue 23) is a second entry of the site's build: staff/index.html, served at
 * /staff/ and /staff/* by the server (server/src/modules/system/static-site.ts). It shares the framework
 * and src/lib chunks with the member PWA; its own files are named assets/staff/* so the member's service
 * worker leaves them out of its precache (vite.config.ts), and scripts/size.mjs checks that none of them
 * is there nor on the member's pages.
 */
export const STAFF_HTML = 'staff/index.html';
export const STAFF_ASSETS = 'assets/staff';
/** The console's modules: its code, its wire shapes and its catalog part. */
export const isStaffModule = (id: string) =>
  /[\\/]src[\\/]staff[\\/]/.test(id) ||
  /[\\/]contract[\\/]staff\.ts$/.test(id) ||
  /[\\/]src[\\/]locales[\\/][^\\/]+[\\/]staff(-sign-in)?\.po/.test(id);

/**
 * The console's entry chunk, any chunk or asset made only of the console's modules, and any chunk holding one
 * of src/staff's (the member app never imports them, so such a chunk is reached from the console only, with the
 * libraries and contract files only the console uses: the sign-in page's, the console's) go under assets/staff/.
 */
export const staffFileName =
  (pattern: string) =>
  ({ moduleIds, name, isEntry }: { moduleIds?: readonly string[]; name?: string; isEntry?: boolean }) => {
    const staff =
      (isEntry && name === 'staff') ||
      (!!moduleIds?.length && (moduleIds.every(isStaffModule) || moduleIds.some((id) => /[\\/]src[\\/]staff[\\/]/.test(id))));
    return staff ? `${STAFF_ASSETS}/${pattern}` : `assets/${pattern}`;
  };

/** `variant`: the build's; the console's page is in its language before the script runs (the Lao build's is Lao). */
export function staffApp(variant: 'th' | 'la' = 'th'): Plugin {
  return {
    name: 'wallet:staff-app',
    // after vite-plugin-pwa's HTML hook, which adds the member's web app manifest to every page
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // the console is no part of the member's installable app
        if (!ctx.filename.endsWith(path.normalize(STAFF_HTML))) return html;
        return html.replace(/\s*<link rel="manifest"[^>]*>/g, '').replace(/<html lang="[^"]*"/, `<html lang="${LANG_TAG[variant]}"`);
      },
    },
    // the dev server: a deep link into the console gets the console's page (the member's otherwise)
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (/^\/staff(\/[^.]*)?$/.test(url)) req.url = `/${STAFF_HTML}`;
        next();
      });
    },
  };
}
