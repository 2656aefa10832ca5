import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Paths the site never owns: they answer 404 from the server, not the app shell. */
const SERVER_PATHS = /^\/(api|socket\.io|play|csp-report)(\/|$)/;
const COMPRESSED = /\.(br|gz)$/;

/** What the build pre-rendered (scripts/prerender.ts writes prerendered.json beside index.html). */
interface PrerenderedIndex {
  /** '/login' -> 'login.html' */
  pages: Record<string, string>;
  /** the not-found page, for paths no route of the app can match */
  notFound: string;
  /** the first path segment of every route of the app ('' for '/') */
  sections: string[];
}

function readIndex(root: string): PrerenderedIndex | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'prerendered.json'), 'utf8')) as PrerenderedIndex;
  } catch {
    return undefined; // an older build: the shell answers every page path
  }
}

/**
 * Serves the built PWA: hashed assets cached for a year, the pages, manifest and service worker
 * always revalidated (so an update is seen). A public page answers with its pre-rendered HTML, a path
 * no route matches with the pre-rendered 404 page (status 404), every other page path (the member's
 * pages) with the shell, and the client router takes over. GET and HEAD alike. The build writes a
 * brotli and a gzip copy beside each text file (scripts/compress.mjs); the one the browser accepts is
 * sent as it is.
 */
export async function staticSite(app: FastifyInstance, options: { root: string }): Promise<void> {
  const indexFile = path.join(options.root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no built site at ${options.root}; run "npm run build" (npm start does it for you)`);
    return;
  }
  const prerendered = readIndex(options.root);
  const withCopies = new Set(
    fs
      .readdirSync(options.root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.gz'))
      .map((f) => path.join(options.root, f.slice(0, -3))),
  );
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false, // setHeaders decides, per file
    // the .br / .gz copies are reached through their original's name only, never as URLs
    allowedPath: (pathname) => !COMPRESSED.test(pathname),
    setHeaders(res, filePath) {
      const file = filePath.replace(COMPRESSED, '');
      const rel = path.relative(options.root, file);
      res.setHeader('Cache-Control', rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // a text file has compressed copies: caches must keep one answer per Accept-Encoding
      if (withCopies.has(file)) res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const page = prerendered?.pages[url.length > 1 ? url.replace(/\/$/, '') : url];
    // a form sent before the app had started (the pre-rendered page was already usable): back to the
    // page, with what was sent dropped; the forms say method="post", so it never reaches a URL or a log
    if (request.method === 'POST' && page) return reply.redirect(request.url, 303);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || SERVER_PATHS.test(url) || path.extname(url)) {
      return reply.status(404).send({ message: 'NO_DATA' });
    }
    if (page) return reply.sendFile(page);
    if (prerendered && !prerendered.sections.includes(url.split('/')[1] ?? '')) {
      return reply.status(404).sendFile(prerendered.notFound);
    }
    return reply.sendFile('index.html');
  });
}
