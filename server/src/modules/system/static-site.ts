import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Paths the site never owns: they answer 404 from the server, not the app shell. */
const SERVER_PATHS = /^\/(api|socket\.io|play)(\/|$)/;

/**
 * Serves the built PWA: hashed assets cached for a year, the shell, manifest and service worker
 * always revalidated (so an update is seen), and every other GET answered with the shell so that
 * the client router can show the page (or its 404).
 */
export async function staticSite(app: FastifyInstance, options: { root: string }): Promise<void> {
  const indexFile = path.join(options.root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no built site at ${options.root}; run "npm run build" (npm start does it for you)`);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    cacheControl: false, // setHeaders decides, per file
    setHeaders(res, filePath) {
      const rel = path.relative(options.root, filePath);
      res.setHeader('Cache-Control', rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || SERVER_PATHS.test(url) || path.extname(url)) {
      return reply.status(404).send({ message: 'NO_DATA' });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
