import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, login, type TestServer } from './helper.js';

/** A small built site, compressed by the same script as the real build. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-site-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><title>Wallet</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`,
  );
  fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), `export const words = ${JSON.stringify('hello wallet '.repeat(500))};\n`);
  fs.writeFileSync(path.join(root, 'assets', 'logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
  // a how-to video (public/howto/): the player and the service worker ask for byte ranges of it
  fs.mkdirSync(path.join(root, 'howto'));
  fs.writeFileSync(path.join(root, 'howto', 'wallet.mp4'), Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251)));
  fs.writeFileSync(path.join(root, 'sw.js'), `self.addEventListener('install', () => {});\n`);
  // what scripts/prerender.ts writes: the public pages and the 404 page, and which path gets which
  fs.writeFileSync(
    path.join(root, 'login.html'),
    '<!doctype html><html><body><div id="root" data-prerendered="/login"><h1>Sign in</h1></div></body></html>',
  );
  fs.writeFileSync(
    path.join(root, '404.html'),
    '<!doctype html><html><body><div id="root" data-prerendered="404"><h1>Page Not Found</h1></div></body></html>',
  );
  fs.writeFileSync(
    path.join(root, 'prerendered.json'),
    JSON.stringify({ pages: { '/login': 'login.html' }, notFound: '404.html', sections: ['', 'login', 'user'] }),
  );
  execFileSync(process.execPath, ['scripts/compress.mjs', root], { stdio: 'ignore' });
  return root;
}

const get = (server: TestServer, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  server.app.inject({ method, url, headers });

describe('the built site and its transport', () => {
  let server: TestServer;
  let root: string;
  let script: string;
  beforeAll(async () => {
    root = fakeBuild();
    script = fs.readFileSync(path.join(root, 'assets', 'app-abc123.js'), 'utf8');
    server = await build({ staticDir: root });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends the brotli copy of an asset to a browser that takes it, gzip to one that takes only gzip', async () => {
    const br = await get(server, '/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);

    const gz = await get(server, '/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get(server, '/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a pre-rendered page with its HTML, an unknown path with the 404 page, the rest with the shell', async () => {
    for (const url of ['/login', '/login/', '/login?redirect=%2Fuser%2Fhome']) {
      const res = await get(server, url, { 'accept-encoding': 'br' });
      expect([res.statusCode, res.headers['content-encoding']], url).toEqual([200, 'br']);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('data-prerendered="/login"');
    }
    const missing = await get(server, '/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.body).toContain('Page Not Found');
    expect((await get(server, '/no/such/page', {}, 'HEAD')).statusCode).toBe(404);
    expect((await get(server, '/user/statement')).body).toContain('<title>Wallet</title>');
  });

  it('sends a form sent before the app started (a POST to a pre-rendered page) back to the page, keeping nothing', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/login?redirect=%2Fuser%2Fhome',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=0812345678&password=secret12',
    });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/login?redirect=%2Fuser%2Fhome']);
    expect(res.body).not.toContain('secret12');
    expect((await server.app.inject({ method: 'POST', url: '/user/home', payload: 'a=b' })).statusCode).toBe(404);
  });

  it('answers every page path with the compressed shell, never cached without revalidation', async () => {
    for (const url of ['/', '/user/home', '/user/anything']) {
      const res = await get(server, url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<title>Wallet</title>');
    }
    expect((await get(server, '/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('leaves images as they are and never serves a compressed copy by its own name', async () => {
    const png = await get(server, '/assets/logo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect((await get(server, '/assets/app-abc123.js.br')).statusCode).toBe(404);
    expect((await get(server, '/index.html.gz')).statusCode).toBe(404);
  });

  it('answers a byte range of a how-to video with 206 and those bytes, the whole file with 200', async () => {
    const whole = fs.readFileSync(path.join(root, 'howto', 'wallet.mp4'));
    const part = await get(server, '/howto/wallet.mp4', { range: 'bytes=100-199', 'accept-encoding': 'br, gzip' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(whole.subarray(100, 200))).toBe(true);
    const open = await get(server, '/howto/wallet.mp4', { range: 'bytes=9000-' });
    expect([open.statusCode, open.headers['content-range'], open.rawPayload.length]).toEqual([206, 'bytes 9000-9999/10000', 1000]);
    const full = await get(server, '/howto/wallet.mp4');
    expect([full.statusCode, full.headers['accept-ranges'], full.rawPayload.length]).toEqual([200, 'bytes', 10_000]);
  });

  it('compresses larger API answers, leaves small ones alone', async () => {
    const banks = await call(server.app, 'GET', '/api/lookup/banks', undefined, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(banks.headers['content-encoding']).toBe('br');
    expect(banks.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(banks.rawPayload).toString()).banks.length).toBeGreaterThan(5);
    const active = await call(server.app, 'GET', '/api/lookup/active', undefined, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(active.headers['content-encoding']).toBeUndefined();
    expect(active.json()).toEqual({ active: true });
  });

  it('answers HEAD wherever GET answers', async () => {
    for (const url of ['/', '/login', '/user/home', '/assets/app-abc123.js', '/api/docs/json']) {
      const head = await get(server, url, {}, 'HEAD');
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      expect(head.headers['content-type'], url).toBe((await get(server, url)).headers['content-type']);
    }
    const api = await server.app.inject({ method: 'HEAD', url: '/api/lookup/info', headers: { 'x-wallet-client': 'member' } });
    expect(api.statusCode).toBe(200);
    expect((await get(server, '/nothing.js', {}, 'HEAD')).statusCode).toBe(404);
  });

  it('answers router-level errors in the usual shape without echoing the URL', async () => {
    const badEncoding = await get(server, '/api/lookup/%zz');
    expect([badEncoding.statusCode, badEncoding.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const long = 'x'.repeat(101);
    const tooLong = await get(server, `/play/logo/${long}`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ message: 'KEY_INVALID' });
    expect(tooLong.body).not.toContain(long);
    expect(badEncoding.headers['x-content-type-options']).toBe('nosniff');
    expect(tooLong.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('security headers', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    root = fakeBuild();
    server = await build({ staticDir: root });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const directives = (csp: unknown) =>
    new Map(
      String(csp)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );

  it('sends the policy and the other headers on pages, assets, API answers, errors and the sandbox pages', async () => {
    const token = await login(server.app);
    const { username } = (await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token })).json();
    const { link } = (await call(server.app, 'GET', `/api/autoLogin/pg/${username}`, undefined, { token })).json();
    const launch = new URL(link, 'http://127.0.0.1');
    const answers = {
      page: await get(server, '/login'),
      asset: await get(server, '/assets/app-abc123.js'),
      api: await call(server.app, 'GET', '/api/lookup/info'),
      apiError: await call(server.app, 'GET', '/api/lookup/info', undefined, { marker: false }),
      missing: await get(server, '/nothing.js'),
      play: await get(server, launch.pathname + launch.search),
      logo: await get(server, '/play/logo/PG.svg'),
    };
    for (const [what, res] of Object.entries(answers)) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src'), what).toEqual(["'self'"]);
      // own files only (the sandbox page also gets helmet's per-answer nonce, which no script of it carries)
      expect(csp.get('script-src')?.[0], what).toBe("'self'");
      expect(
        csp
          .get('script-src')
          ?.slice(1)
          .every((s) => /^'nonce-[0-9a-f]+'$/.test(s)),
        what,
      ).toBe(true);
      expect(csp.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('base-uri'), what).toEqual(["'none'"]);
      expect(csp.get('form-action'), what).toEqual(["'self'"]);
      expect(csp.get('report-uri'), what).toEqual(['/csp-report']);
      expect(String(res.headers['content-security-policy']), what).not.toMatch(/unsafe-(inline|eval)/);
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['referrer-policy'], what).toBe('no-referrer');
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(res.headers['permissions-policy'], what).toContain('camera=()');
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
    // the sandbox page's one inline <style> carries the nonce its policy names
    expect(answers.play.statusCode).toBe(200);
    const nonce = /<style nonce="([0-9a-f]+)">/.exec(answers.play.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(directives(answers.play.headers['content-security-policy']).get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(answers.play.body).not.toContain('<script');
    expect(directives(answers.page.headers['content-security-policy']).get('style-src')).toEqual(["'self'"]);
    expect(directives(answers.page.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('takes reports of violations', async () => {
    const report = {
      'csp-report': { 'document-uri': 'http://127.0.0.1/login', 'blocked-uri': 'inline', 'effective-directive': 'script-src-elem' },
    };
    const res = await server.app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(res.statusCode).toBe(204);
    // one address cannot flood the log
    const post = () =>
      server.app.inject({
        method: 'POST',
        url: '/csp-report',
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify(report),
      });
    for (let i = 1; i < 60; i++) expect((await post()).statusCode).toBe(204);
    const over = await post();
    expect([over.statusCode, over.json()]).toEqual([429, { message: 'REQUEST_LIMIT_1MIN' }]);
  });

  it('sends HSTS only over HTTPS: behind a trusted proxy that says so', async () => {
    const viaProxy = { 'x-forwarded-proto': 'https' };
    expect((await get(server, '/login', viaProxy)).headers['strict-transport-security']).toBeUndefined();
    const proxied = await build({ staticDir: root, trustProxy: ['127.0.0.1'] });
    try {
      expect((await get(proxied, '/login', viaProxy)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await get(proxied, '/login', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('slow clients', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await build();
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    port = (server.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => server.close());

  it('closes a connection whose headers trickle in a byte every 2 s', async () => {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.write('GET /api/lookup/info HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = 'X-Slow: ' + 'a'.repeat(20);
    let sent = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed && sent < trickle.length) socket.write(trickle[sent++]!);
    }, 2_000);
    const closedAfter = await new Promise<number>((resolve) => {
      socket.on('close', () => resolve(Date.now() - started));
      // bounded: the test gives up (and fails below) after 25 s
      setTimeout(() => {
        socket.destroy();
        resolve(Infinity);
      }, 25_000).unref();
    });
    clearInterval(timer);
    // closed by the server's headers timeout (10 s, app.ts), not by the test giving up; a busy machine can
    // only close it later, never sooner
    expect(closedAfter).not.toBe(Infinity);
    expect(closedAfter).toBeGreaterThanOrEqual(9_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/\r\n\r\n\{"message":"KEY_INVALID"\}$/);
  });

  it('answers a request HTTP itself cannot read in the usual shape (400 KEY_INVALID), and closes it', async () => {
    const raw = (bytes: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port });
        let answer = '';
        socket.on('data', (d) => (answer += d.toString()));
        socket.on('close', () => resolve(answer));
        socket.write(bytes);
      });
    const body = '{"amount":100}';
    for (const bytes of [
      // a Content-Length shorter than the body: the rest is read as the next request's first line
      `POST /api/wallet/withdraw HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3\r\n\r\n${body}`,
      // Content-Length with chunked encoding
      `POST /api/wallet/withdraw HTTP/1.1\r\nHost: x\r\nContent-Length: 14\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
      // a chunk whose size is not hexadecimal
      `POST /api/wallet/withdraw HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n${body}\r\n0\r\n\r\n`,
    ]) {
      const answer = await raw(bytes);
      expect(answer, bytes).toMatch(/HTTP\/1\.1 400 Bad Request\r\n[\s\S]*\r\n\r\n\{"message":"KEY_INVALID"\}$/);
    }
  });
});
