import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_MARKER } from '../src/app.js';
import { createLogger, maskUrl } from '../src/lib/logger.js';
import { build, call, login, type TestServer } from './helper.js';
import { spawnServer } from './spawn-server.js';

describe('the request log', () => {
  let server: TestServer;
  let lines: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    server = await build({}, { logger: createLogger('info', sink) });
  });
  afterAll(() => server.close());

  it('writes no game password, session token, OTP code or OTP token of a request', async () => {
    const token = await login(server.app);
    const { username, password } = (await call(server.app, 'GET', '/api/wallet/activate/ASKMEBET', undefined, { token })).json();
    const sent = (await call(server.app, 'POST', '/api/otp/send', { phoneNumber: '0655555555' })).json();
    const code = server.sms.lastCodeFor('0655555555')!;
    lines = [];

    expect((await call(server.app, 'GET', `/api/autoLogin/askmebet/${username}/${password}`, undefined, { token })).statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: `/play/ASKMEBET?u=${username}&k=${encodeURIComponent(password)}` })).statusCode,
    ).toBe(200);
    await call(server.app, 'POST', '/api/otp/verify', { otpToken: sent.otpToken, otpCode: code });
    await call(server.app, 'GET', `/api/lookup/info?otpToken=${sent.otpToken}&otpCode=${code}&token=${token}`);
    await call(server.app, 'PUT', '/api/account/changepwd', { oldPassword: 'demo1234', newPassword: 'hunter22' }, { token });

    const written = log();
    expect(written).toContain('/api/autoLogin/askmebet/'); // the requests are logged...
    expect(written).toContain('/play/ASKMEBET?u=');
    for (const secret of [password, encodeURIComponent(password), token, sent.otpToken, code, 'hunter22', 'demo1234']) {
      expect(written, secret).not.toContain(secret); // ...without their secrets
    }
  });

  it('writes one line per request when it is answered, and none for /healthz and /readyz at info', async () => {
    lines = [];
    expect((await call(server.app, 'GET', '/api/lookup/info')).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await server.app.inject({ method: 'GET', url: '/readyz' });
    const written = lines.map(
      (line) => JSON.parse(line) as { msg: string; level: number; req?: { url: string; method: string }; res?: { statusCode: number } },
    );
    const requests = written.filter((line) => line.req);
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/lookup/info' }),
        res: { statusCode: 200 },
      }),
    ]);
  });

  it('masks the secret parts of a URL and keeps the rest', () => {
    expect(maskUrl('/api/autoLogin/pg/pg000001/s3cr3t')).toBe('/api/autoLogin/pg/pg000001/***');
    expect(maskUrl('/api/autoLogin/pg/pg000001/s3cr3t?x=1')).toBe('/api/autoLogin/pg/pg000001/***?x=1');
    expect(maskUrl('/api/autoLogin/pg/pg000001')).toBe('/api/autoLogin/pg/pg000001');
    expect(maskUrl('/play/PG?u=pg000001&k=s3cr3t&r=You%20won')).toBe('/play/PG?u=pg000001&k=***&r=You%20won');
    expect(maskUrl('/play/PG?%6B=s3cr3t')).toBe('/play/PG?%6B=***');
    expect(maskUrl('/api/wallet')).toBe('/api/wallet');
  });
});

describe('the running server’s log on stdout', () => {
  it('writes every line of a burst of requests and of the drain, each a whole JSON line, to stdout', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-log-'));
    try {
      const server = spawnServer({ DATA_DIR: dataDir });
      expect(await server.listening).toBe(true);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          fetch(`${server.url}/api/lookup/info?burst=${i}`, { headers: { [CLIENT_HEADER]: CLIENT_MARKER } }).then((res) => res.status),
        ),
      );
      expect(answers.every((status) => status === 200)).toBe(true);
      expect((await fetch(`${server.url}/healthz?probe=1`)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz?probe=1`)).status).toBe(200);
      await server.stop('SIGTERM');
      const lines = server.out.stdout.split('\n').filter(Boolean);
      const requested = lines.filter((line) => /\/api\/lookup\/info\?burst=\d+/.test(line));
      // one line per request, when it is answered: its URL, status and time; a probe's at debug (not written at info)
      expect(requested).toHaveLength(40);
      expect(new Set(requested.map((line) => /burst=(\d+)/.exec(line)![1])).size).toBe(40);
      for (const line of requested)
        expect(JSON.parse(line)).toMatchObject({
          level: 30,
          msg: 'request completed',
          res: { statusCode: 200 },
          responseTime: expect.any(Number),
        });
      expect(lines.some((line) => line.includes('incoming request') || line.includes('probe=1'))).toBe(false);
      expect(lines.some((line) => line.includes('SIGTERM: draining, then shutting down'))).toBe(true);
      expect(lines.every((line) => line.startsWith('{') && line.endsWith('}'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
