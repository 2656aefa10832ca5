import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Paths the site never owns: they answer 404 from the server, not the app shell. */
const SERVER_PATHS = /^\/(api|socket\.io|play|csp-report)(\/|$)/;
const COMPRESSED = /\.(br|gz)$/;
/** The staff console (issue 23): a second app of the same build, its page at staff/index.html. */
const STAFF_PAGES = /^\/staff(\/|$)/;
const STAFF_INDEX = 'staff/index.html';

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

/** One build of the site: where it is (links resolved), its pages, and its files that have compressed copies. */
interface Release {
  dir: string;
  prerendered: PrerenderedIndex | undefined;
  /** paths relative to `dir` ('assets/app-1a2b.js') with .br and .gz copies beside them */
  withCopies: Set<string>;
}

function readRelease(dir: string): Release {
  const withCopies = new Set(
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.gz'))
      .map((f) => f.slice(0, -3)),
  );
  return { dir, prerendered: readIndex(dir), withCopies };
}

/**
 * The site's releases as the build leaves them (scripts/build-site.mjs): `root` a link to the current
 * one, renamed over at once when a new build is switched in, its siblings the releases before it. The
 * link is read again on every request, so the switch takes effect without a restart; each release's
 * index is read once. `root` a plain directory: that one build, always current.
 */
class SiteReleases {
  private readonly known = new Map<string, Release>();
  constructor(private readonly root: string) {}

  /**
   * The current release. The one switch that is not a single rename (a build from before releases, `root` a
   * plain directory, moved aside for the first link) leaves `root` missing for an instant: asked then, the
   * link is looked for again a few times, 5 ms apart, instead of failing the request.
   */
  async currentNow(): Promise<Release> {
    for (let tries = 1; ; tries++) {
      try {
        return this.current();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || tries >= 40) throw err;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  }

  current(): Release {
    const dir = fs.realpathSync(this.root);
    let release = this.known.get(dir);
    if (!release) {
      release = readRelease(dir);
      // releases the build pruned are forgotten with their index
      for (const old of this.known.keys()) if (!fs.existsSync(old)) this.known.delete(old);
      this.known.set(dir, release);
    }
    return release;
  }

  /** The release that holds `file` (a path under a release's directory), and the file's path in it. */
  locate(file: string): { release: Release | undefined; rel: string } {
    for (const release of this.known.values()) {
      const rel = path.relative(release.dir, file);
      if (!rel.startsWith('..')) return { release, rel };
    }
    return { release: undefined, rel: file };
  }

  /**
   * The release directory to serve the file `rel` ('assets/app-1a2b.js') from: the current release when
   * it has it; for a hashed asset it lacks, the newest earlier release that has it (a tab opened before
   * the switch asks for its own build's chunks). Undefined when none has it.
   */
  holding(rel: string, current: string): string | undefined {
    const has = (dir: string) => fs.statSync(path.join(dir, rel), { throwIfNoEntry: false })?.isFile() ?? false;
    if (has(current)) return current;
    if (!rel.startsWith('assets/') || !fs.lstatSync(this.root, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
    const parent = path.dirname(current);
    const earlier = fs
      .readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(parent, entry.name))
      .filter((dir) => dir !== current)
      .sort()
      .reverse()
      .find(has);
    if (earlier && !this.known.has(earlier)) this.known.set(earlier, readRelease(earlier));
    return earlier;
  }
}

/** A URL's path as a file's path in a release: undefined for anything but plain names (no '..', no dot files, no copies). */
function fileOf(url: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return undefined;
  }
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => !segment || segment.startsWith('.') || segment.includes('\\')) || COMPRESSED.test(decoded))
    return undefined;
  return segments.join('/');
}

/** Whether an Accept-Encoding header takes this coding: named, and not with q=0. */
function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? '').split(',').some((item) => {
    const [name, ...params] = item.split(';').map((part) => part.trim());
    const q = params.find((p) => p.startsWith('q='));
    return name === coding && !(q && Number(q.slice(2)) === 0);
  });
}

/** A page of a release read whole, as the brotli or gzip copy the browser takes when the build made one. */
async function readPage(release: Release, file: string, acceptEncoding: string | undefined) {
  for (const [coding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (release.withCopies.has(file) && accepts(acceptEncoding, coding))
      return { body: await fs.promises.readFile(path.join(release.dir, file + ext)), encoding: coding };
  }
  return { body: await fs.promises.readFile(path.join(release.dir, file)), encoding: undefined };
}

/**
 * Serves the built PWA: hashed assets cached for a year, the pages, manifest and service worker
 * always revalidated (so an update is seen). A public page answers with its pre-rendered HTML, a path
 * no route matches with the pre-rendered 404 page (status 404), every other page path (the member's
 * pages) with the shell, and the client router takes over; /staff and /staff/* with the staff console's
 * page (staff/index.html, its own router). GET and HEAD alike. The build writes a
 * brotli and a gzip copy beside each text file (scripts/compress.mjs); the one the browser accepts is
 * sent as it is. Files are looked up at each request in the current release (SiteReleases): a new
 * build switched in is served at once, and an asset only an earlier kept release has is served from it.
 */
export async function staticSite(app: FastifyInstance, options: { root: string }): Promise<void> {
  const indexFile = path.join(options.root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no built site at ${options.root}; run "npm run build" (npm start does it for you)`);
    return;
  }
  const releases = new SiteReleases(options.root);
  // `root` itself when it is a plain directory (no releases yet), else undefined
  const plainRoot = releases.current().dir === path.resolve(options.root) ? path.resolve(options.root) : undefined;
  await app.register(fastifyStatic, {
    root: options.root,
    // no routes: the handler below finds each file in the release that has it when asked, so the files
    // of a release switched in later are served too
    serve: false,
    index: false,
    preCompressed: true,
    cacheControl: false, // setHeaders decides, per file
    setHeaders(res, filePath) {
      const { release, rel } = releases.locate(filePath.replace(COMPRESSED, ''));
      res.setHeader('Cache-Control', rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // a text file has compressed copies: caches must keep one answer per Accept-Encoding
      if (release?.withCopies.has(rel)) res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  /**
   * The page file answering a page path in a release (undefined: 404 NO_DATA), and its status: the
   * pre-rendered page, the console's page, the pre-rendered 404 page, or the app's shell.
   */
  const pageFile = (url: string, release: Release, current: string): { file: string; status: number } | undefined => {
    const page = release.prerendered?.pages[url.length > 1 ? url.replace(/\/$/, '') : url];
    if (page) return { file: page, status: 200 };
    // every page path of the console is its one page (its router takes over), revalidated like the member's
    if (STAFF_PAGES.test(url)) return releases.holding(STAFF_INDEX, current) === current ? { file: STAFF_INDEX, status: 200 } : undefined;
    if (release.prerendered && !release.prerendered.sections.includes(url.split('/')[1] ?? ''))
      return { file: release.prerendered.notFound, status: 404 };
    return { file: 'index.html', status: 200 };
  };

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    let release = await releases.currentNow();
    // a form sent before the app had started (the pre-rendered page was already usable): back to the
    // page, with what was sent dropped; the forms say method="post", so it never reaches a URL or a log
    if (request.method === 'POST' && release.prerendered?.pages[url.length > 1 ? url.replace(/\/$/, '') : url])
      return reply.redirect(request.url, 303);
    const read = request.method === 'GET' || request.method === 'HEAD';
    // a file of the site (the .br / .gz copies are reached through their original's name only)
    const file = read && !SERVER_PATHS.test(url) && path.extname(url) ? fileOf(url) : undefined;
    const dir = file && releases.holding(file, release.dir);
    if (file && dir) return reply.sendFile(file, dir);
    if (!read || SERVER_PATHS.test(url) || path.extname(url)) {
      return reply.status(404).send({ message: 'NO_DATA' });
    }
    // a plain build directory (a build from before releases) is moved aside at the first switch to
    // releases, between two of this handler's steps at worst: its page is read whole here (a file opened
    // is read to its end wherever it moves), and read again from the link when it has just gone
    for (let tries = 1; ; tries++) {
      const answer = pageFile(url, release, release.dir);
      if (!answer) return reply.status(404).send({ message: 'NO_DATA' });
      if (release.dir !== plainRoot) return reply.status(answer.status).sendFile(answer.file, release.dir);
      try {
        const page = await readPage(release, answer.file, request.headers['accept-encoding']);
        if (page.encoding) reply.header('content-encoding', page.encoding);
        if (release.withCopies.has(answer.file)) reply.header('vary', 'Accept-Encoding');
        return reply
          .status(answer.status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(page.body);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || tries >= 40) throw err;
        await new Promise((resolve) => setTimeout(resolve, 5));
        release = await releases.currentNow();
      }
    }
  });
}
