import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helper.js';

/** A built site with the staff console's page (staff/index.html) and one of its hashed files. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-site-staff-'));
  fs.mkdirSync(path.join(root, 'staff'));
  fs.mkdirSync(path.join(root, 'assets', 'staff'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>Wallet</title></head><body></body></html>');
  fs.writeFileSync(
    path.join(root, 'staff', 'index.html'),
    '<!doctype html><html><head><title>Staff console</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(root, 'assets', 'staff', 'staff-abc123.js'), 'export const staff = 1;\n');
  fs.writeFileSync(path.join(root, '404.html'), '<!doctype html><html><body><h1>Page Not Found</h1></body></html>');
  fs.writeFileSync(
    path.join(root, 'prerendered.json'),
    JSON.stringify({ pages: {}, notFound: '404.html', sections: ['', 'login', 'user'] }),
  );
  return root;
}

describe('the staff console in the built site', () => {
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

  it('answers /staff and every path under it with the console page, revalidated on each visit', async () => {
    for (const url of ['/staff', '/staff/', '/staff/audit', '/staff/sign-in?x=1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect([res.statusCode, res.headers['cache-control']], url).toEqual([200, 'no-cache']);
      expect(res.body, url).toContain('<title>Staff console</title>');
    }
  });

  it('serves its hashed files like the member app’s, and leaves other paths to the member app', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/staff/staff-abc123.js' });
    expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect((await server.app.inject({ method: 'GET', url: '/user/home' })).body).toContain('<title>Wallet</title>');
    expect((await server.app.inject({ method: 'GET', url: '/staffroom' })).statusCode).toBe(404);
  });
});
