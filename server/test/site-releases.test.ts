import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProblems, pruneReleases } from '../../scripts/build-site.mjs';
import { DEMO_SECRETS } from '../src/config.js';
import { build, type TestServer } from './helper.js';

/** A small build as vite and scripts/prerender.ts leave it, named by `name` in its page and asset. */
function writeRelease(dir: string, name: string, pause?: () => Promise<void>): Promise<void> {
  const files: [string, string][] = [
    [`assets/app-${name}.js`, `export const release = '${name}';\n`],
    ['index.html', `<!doctype html><html><body><script src="/assets/app-${name}.js"></script>shell ${name}</body></html>`],
    ['login.html', `<!doctype html><html><body><h1>Sign in ${name}</h1></body></html>`],
    ['404.html', `<!doctype html><html><body><h1>Not found ${name}</h1></body></html>`],
    ['prerendered.json', JSON.stringify({ pages: { '/login': 'login.html' }, notFound: '404.html', sections: ['', 'login', 'user'] })],
  ];
  // file by file, as a build writes them, with the server answering between the files
  return files.reduce(async (before, [file, text]) => {
    await before;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
    await pause?.();
  }, Promise.resolve());
}

/** Answers the load loop must have had while the other process switched, before it is told to stop. */
const ANSWERS_WHILE_SWITCHING = 200;

/**
 * The switch as `npm run build` makes it, in a process of its own (so requests are answered while it
 * runs, not only between two calls): `first` switched in (from the plain dist directory), then `first`
 * and `last` in turn, as fast as it can, until its stdin ends; `last` is left in. It prints `switching`
 * as it starts and the number of switches made as it ends.
 */
const SWITCHER = `
import { activate } from ${JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, '../../scripts/build-site.mjs')).href)};
const [dist, first, last] = process.argv.slice(1);
let stop = false;
process.stdin.on('end', () => (stop = true)).resume();
console.log('switching');
let switches = 0;
while (!stop) {
  activate(switches % 2 ? last : first, dist);
  switches += 1;
  await new Promise((resolve) => setImmediate(resolve));
}
activate(last, dist);
console.log(String(switches + 1));
`;

describe('site releases: a new build switched in under a running server', () => {
  let base: string;
  let server: TestServer;
  const dist = () => path.join(base, 'dist');
  const releases = () => path.join(base, 'releases');
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-releases-'));
    // a build from before releases: dist a plain directory
    await writeRelease(dist(), 'zero');
    fs.mkdirSync(releases());
    server = await build({ staticDir: dist() });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('answers every page while releases are built and switched in, then the new index and the old assets', async () => {
    const answers: { url: string; status: number; body: string }[] = [];
    let building = true;
    // answers given while the other process was switching releases, and what to do once there are enough
    let whileSwitching = -1;
    let enough = () => undefined as void;
    const pages = ['/', '/login', '/user/wallet', '/nowhere'];
    const load = (async () => {
      while (building) {
        for (const url of pages) {
          const reply = await get(url);
          answers.push({ url, status: reply.statusCode, body: reply.body });
          if (whileSwitching >= 0 && ++whileSwitching === ANSWERS_WHILE_SWITCHING) enough();
        }
      }
    })();
    // the releases written file by file while the server answers
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
    const [one, two] = ['20261121-one', '20261122-two'].map((name) => path.join(releases(), name)) as [string, string];
    await writeRelease(one, 'one', pause);
    await writeRelease(two, 'two', pause);

    const switcher = spawn(process.execPath, ['--input-type=module', '-e', SWITCHER, dist(), one, two], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let said = '';
    switcher.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (whileSwitching < 0 && said.startsWith('switching')) whileSwitching = 0;
    });
    enough = () => switcher.stdin.end();
    const exitCode = await new Promise<number | null>((resolve) => switcher.once('close', resolve));
    building = false;
    await load;

    expect(exitCode).toBe(0);
    // the switches and the answers overlapped: it switched until the server had answered enough meanwhile
    const switches = Number(said.split('\n')[1]);
    expect(switches).toBeGreaterThanOrEqual(2);
    expect(whileSwitching).toBeGreaterThanOrEqual(ANSWERS_WHILE_SWITCHING);
    expect(fs.lstatSync(dist()).isSymbolicLink()).toBe(true);
    // never a page missing: each answered from one whole release or another
    const wrong = answers.filter(({ url, status }) => status !== (url === '/nowhere' ? 404 : 200));
    expect(wrong).toEqual([]);
    expect(answers.filter(({ url }) => url === '/nowhere').every(({ body }) => body.includes('Not found'))).toBe(true);
    // the new release's pages and assets
    expect((await get('/')).body).toContain('shell two');
    expect((await get('/login')).body).toContain('Sign in two');
    const fresh = await get('/assets/app-two.js');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toContain('immutable');
    // a tab opened on an earlier release (the one before releases too) still loads its chunks
    for (const name of ['one', 'zero']) {
      const old = await get(`/assets/app-${name}.js`);
      expect(old.statusCode, name).toBe(200);
      expect(old.body).toContain(`release = '${name}'`);
      expect(old.headers['cache-control']).toContain('immutable');
    }
    // an asset no release has, and paths outside the releases, are not found
    expect((await get('/assets/app-none.js')).statusCode).toBe(404);
    expect((await get('/assets/..%2f..%2fdist/index.html')).statusCode).toBe(404);
    expect((await get('/prerendered.json')).statusCode).toBe(200);
  });

  it('refuses a production build without the server’s gift-link secret, before building anything', async () => {
    expect(buildProblems({})).toEqual([]);
    expect(buildProblems({ NODE_ENV: 'production', GIFTLINK_SECRET: 'a-real-giftlink-secret-0123' })).toEqual([]);
    // the server's own demo secret: the build refuses what production refuses
    for (const secret of [undefined, DEMO_SECRETS.GIFTLINK_SECRET, 'short'])
      expect(buildProblems({ NODE_ENV: 'production', ...(secret ? { GIFTLINK_SECRET: secret } : {}) })).toEqual([
        expect.stringMatching(/^GIFTLINK_SECRET is (not set|the demo default|shorter than 16 characters)/),
      ]);
    const script = path.resolve(import.meta.dirname, '../../scripts/build-site.mjs');
    const child = spawn(process.execPath, [script], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Build error: GIFTLINK_SECRET is not set, so the site would carry the demo gift-link passphrase/);
  });

  it('keeps the newest releases and the current one when pruning', () => {
    const current = fs.realpathSync(dist());
    pruneReleases(2, releases(), dist());
    const left = fs.readdirSync(releases()).map((name) => path.join(releases(), name));
    expect(left).toContain(current);
    expect(left).toHaveLength(2);
  });
});
