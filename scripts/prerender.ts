import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { LANG_TAG } from '../contract/lang-tags.js';
import { PRERENDERED_PAGES } from '../contract/prerendered-pages.js';

/** The public pages painted from HTML and CSS alone (contract/prerendered-pages.ts), and the not-found page. */
export const PRERENDERED = [
  ...Object.entries(PRERENDERED_PAGES).map(([url, file]) => ({ url, file })),
  // any path no route matches shows the not-found page
  { url: '/__not-found__', file: '404.html', mark: '404' },
];

/** What src/entry-server.tsx exports (declared here: the server's tsconfig, which also checks scripts/, has no JSX). */
interface EntryServer {
  render(url: string, locale: 'th' | 'la'): Promise<{ html: string; notFound: boolean }>;
  routeSections(): string[];
}

export const PRERENDERED_INDEX = 'prerendered.json';
/** The id of the sign-in page's list of what a sign-in leads to (src/lib/early-sign-in.ts reads it). */
export const SIGNED_IN_CODE_ID = 'signed-in-code';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * What a sign-in leads to, as files of this build, for the sign-in page to fetch while its sign-in is on its way
 * (src/lib/early-sign-in.ts): for each signed-in page, its code (with the signed-in layout's, the code that reads
 * the answer, the wallet's query and the saved cache's restore) and stylesheets; for each language, its words
 * and the member's ('' the build's default language). Each with everything it imports.
 */
export function signedInCode(manifest: Record<string, ManifestChunk>, variant: 'th' | 'la') {
  const closure = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
      if (files.has(`/${chunk.file}`)) return;
      files.add(`/${chunk.file}`);
      for (const css of chunk.css ?? []) files.add(`/${css}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return [...files];
  };
  const common = [
    'src/routes/user.tsx?tsr-split=component',
    'src/lib/early-answer.ts',
    'src/lib/member/wallet-query.ts',
    'src/lib/persistence.ts',
  ];
  const pages: Record<string, string[]> = {};
  for (const key of Object.keys(manifest)) {
    const page = /^src\/routes(\/user\/[a-z-]+)\.tsx\?tsr-split=component$/.exec(key)?.[1];
    if (page) pages[page] = closure([...common, key]);
  }
  if (!pages['/user/home']) throw new Error('prerender: no /user/home route in the build manifest');
  const words = Object.fromEntries(
    (['th', 'la', 'en'] as const).map((l) => [l, closure([`src/locales/${l}/messages.po`, `src/locales/${l}/member.po`])]),
  );
  // one map: pages are paths (/user/...), languages are not; '' is the build's default language
  return { ...pages, ...words, '': words[variant] };
}
const ROOT_DIV = '<div id="root"></div>';

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
        const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
        // data, never run (the page's Content-Security-Policy allows no inline script): what a sign-in leads to
        const signedIn = `<script type="application/json" id="${SIGNED_IN_CODE_ID}">${JSON.stringify(signedInCode(manifest, variant))}</script>`;
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
              .replace(/<html lang="[^"]*"/, `<html lang="${LANG_TAG[variant]}"`)
              .replace('</head>', () => (page.url === '/login' ? `${signedIn}</head>` : '</head>'))
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
