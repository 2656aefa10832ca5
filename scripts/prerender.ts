import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

/** The public pages painted from HTML and CSS alone, and the file each one is written to in dist/. */
export const PRERENDERED = [
  { url: '/login', file: 'login.html' },
  { url: '/register', file: 'register.html' },
  { url: '/howto', file: 'howto.html' },
  { url: '/contact', file: 'contact.html' },
  { url: '/terminated', file: 'terminated.html' },
  // any path no route matches shows the not-found page
  { url: '/__not-found__', file: '404.html', mark: '404' },
] as const;

/** What src/entry-server.tsx exports (declared here: the server's tsconfig, which also checks scripts/, has no JSX). */
interface EntryServer {
  render(url: string, locale: 'th' | 'la'): Promise<{ html: string; notFound: boolean }>;
  routeSections(): string[];
}

export const PRERENDERED_INDEX = 'prerendered.json';
const ROOT_DIV = '<div id="root"></div>';
const INTL = { th: 'th', la: 'lo' } as const;

/**
 * Pre-renders the public pages at build time, in the build's default language (VITE_VARIANT), into
 * copies of the built index.html: the form paints before any script runs, and src/main.tsx hydrates
 * it. Runs after the bundle is written and before vite-plugin-pwa builds the service worker, so the
 * pages are precached. The pages render through Vite's SSR loader with the project's own config.
 */
export function prerender(variant: 'th' | 'la'): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let configFile: string | undefined;
  return {
    name: 'wallet:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    writeBundle: {
      sequential: true,
      async handler() {
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        if (!template.includes(ROOT_DIV)) throw new Error(`prerender: ${ROOT_DIV} not found in index.html`);
        const server = await createServer({
          root,
          configFile,
          mode: 'production',
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, watch: null, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        // the login route's guard clears a class on document.body; nothing else of the DOM is used while
        // React renders to a string
        const g = globalThis as { document?: unknown };
        const hadDocument = 'document' in g;
        const classList = { add: () => undefined, remove: () => undefined, contains: () => false };
        g.document = { body: { classList }, documentElement: { classList } };
        try {
          const { render, routeSections } = (await server.ssrLoadModule('/src/entry-server.tsx')) as EntryServer;
          const pages: Record<string, string> = {};
          for (const page of PRERENDERED) {
            const { html, notFound } = await render(page.url, variant);
            const mark = 'mark' in page ? page.mark : page.url;
            if (notFound !== (mark === '404')) throw new Error(`prerender: ${page.url} rendered ${notFound ? 'not found' : 'a page'}`);
            const out = template
              .replace(/<html lang="[^"]*"/, `<html lang="${INTL[variant]}"`)
              .replace(ROOT_DIV, `<div id="root" data-prerendered="${mark}" data-locale="${variant}">${html}</div>`);
            fs.writeFileSync(path.join(outDir, page.file), out);
            if (mark !== '404') pages[page.url] = page.file;
          }
          // read by the server (server/src/modules/system/static-site.ts): which file answers which path
          const index = { pages, notFound: '404.html', sections: routeSections() };
          fs.writeFileSync(path.join(outDir, PRERENDERED_INDEX), `${JSON.stringify(index, null, 2)}\n`);
        } finally {
          if (!hadDocument) delete g.document;
          await server.close();
        }
      },
    },
  };
}
