import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLIENT_HEADER, CLIENT_MARKER } from '../src/app.js';

const root = path.resolve(import.meta.dirname, '../..');
/** The shipped configuration, tested as it is: only its ports, paths and instances are put in. */
export const NGINX_CONF = path.join(root, 'deploy', 'nginx.conf');

/** Debian's nginx (nginx-light), as an operator installs it; .ci/run installs it. */
export function nginxBinary(): string {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
  if (!found)
    throw new Error(
      'nginx is not installed: the deploy test runs deploy/nginx.conf in a real nginx (apt-get install nginx-light; .ci/run does)',
    );
  return found;
}

export { freePort } from './free-port.js';

/** A self-signed certificate for 127.0.0.1, as files in `dir`. */
export function selfSigned(dir: string): { cert: string; key: string; pem: Buffer } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' }); // prettier-ignore
  return { cert, key, pem: fs.readFileSync(cert) };
}

/** deploy/nginx.conf with this test's ports, certificate, logs and instances; fails when a line it expects moved. */
export function renderConf(options: { http: number; https: number; cert: string; key: string; logs: string; instances: number[] }): string {
  let conf = fs.readFileSync(NGINX_CONF, 'utf8');
  const swap = (pattern: RegExp, by: string) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf has no ${pattern}: the deploy test renders the shipped file`);
    conf = conf.replace(pattern, by);
  };
  // each instance's line as the shipped file writes it, with its parameters (max_fails=0), on this test's port
  const shipped = /^\s*server 127\.0\.0\.1:\d+((?: [^;]+)?);$/m.exec(conf);
  if (!shipped) throw new Error('deploy/nginx.conf has no instance line "server 127.0.0.1:<port> ...;"');
  const servers = options.instances.map((port) => `    server 127.0.0.1:${port}${shipped[1]};`).join('\n');
  swap(/(# instances begin[^\n]*\n)[\s\S]*?(\n\s*# instances end)/g, `$1${servers}$2`);
  swap(/^\s*listen \[::\]:80;$/m, '');
  swap(/^\s*listen \[::\]:443 ssl http2;$/m, '');
  swap(/listen 80;/, `listen 127.0.0.1:${options.http};`);
  swap(/listen 443 ssl http2;/, `listen 127.0.0.1:${options.https} ssl http2;`);
  swap(/ssl_certificate \S+;/, `ssl_certificate ${options.cert};`);
  swap(/ssl_certificate_key \S+;/, `ssl_certificate_key ${options.key};`);
  swap(/\/var\/log\/nginx\//g, `${options.logs}/`);
  return conf;
}

export interface Nginx {
  child: ChildProcess;
  stop(): Promise<void>;
  log(): string;
}

/**
 * nginx in the foreground on `conf` (deploy/nginx.conf rendered), included in the http block as Debian's
 * nginx.conf includes sites-enabled; its pid, logs and temporary files under `dir`.
 */
export async function startNginx(dir: string, conf: string, httpsPort: number): Promise<Nginx> {
  const binary = nginxBinary();
  fs.writeFileSync(path.join(dir, 'wallet.conf'), conf);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`).join('\n');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;\nevents { worker_connections 512; }\nhttp {\n${temp}\n  include ${dir}/wallet.conf;\n}\n`,
  );
  // nginx started as root runs its workers as nobody: they must reach the temporary directories
  fs.chmodSync(dir, 0o755);
  const errorLog = path.join(dir, 'error.log');
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog, '-g', `daemon off; pid ${dir}/nginx.pid;`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const log = () => `${out}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(httpsPort, '127.0.0.1', () => resolve(socket.end() && true));
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (tries > 300) throw new Error(`nginx is not listening on ${httpsPort}:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exit;
    },
  };
}

/** A new, empty Postgres database beside `url`'s (dropped by the returned function). */
export async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `wallet_deploy_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return { url: fresh.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string };
  headers: Record<string, string | string[] | undefined>;
}

/** A member's HTTPS client through nginx: kept-alive connections, the test's certificate trusted, from `localAddress` if given. */
export function memberClient(base: string, ca: Buffer, localAddress?: string) {
  const agent = new https.Agent({ ca, keepAlive: true, maxSockets: 4, ...(localAddress ? { localAddress } : {}) });
  return {
    agent,
    request(
      method: string,
      url: string,
      options: { token?: string; body?: unknown; key?: string; headers?: Record<string, string> } = {},
    ): Promise<Answer> {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      return new Promise((resolve, reject) => {
        const req = https.request(
          `${base}${url}`,
          {
            method,
            agent,
            headers: {
              [CLIENT_HEADER]: CLIENT_MARKER,
              ...(payload ? { 'content-type': 'application/json' } : {}),
              ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
              ...(options.key ? { 'idempotency-key': options.key } : {}),
              ...options.headers,
            },
            timeout: 60_000,
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => {
              let body: Answer['body'] = {};
              try {
                body = text ? (JSON.parse(text) as Answer['body']) : {};
              } catch {
                body = { text };
              }
              resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
            });
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in 60 s`)));
        req.on('error', reject);
        req.end(payload);
      });
    },
  };
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** One GET over HTTP/2 (as a browser speaks to nginx), its status and body. */
export function http2Get(
  base: string,
  url: string,
  ca: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(base, { ca });
    session.once('error', reject);
    const stream = session.request({ ':path': url, ...headers });
    let status = 0;
    let body = '';
    stream.on('response', (answer) => (status = Number(answer[':status'])));
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => {
      session.close();
      resolve({ status, body });
    });
    stream.on('error', reject);
  });
}
