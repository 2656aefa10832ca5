import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from './free-port.js';

/** A device's subscription as the local push service gives it, with its id there (`clientHash`). */
export interface LocalDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface LocalPushService {
  url: string;
  /** Subscribes a new device with the server's VAPID public key (what a browser's pushManager.subscribe does). */
  subscribe(applicationServerKey: string): Promise<LocalDevice>;
  /** The messages the device received, decrypted (the local service checks each one's VAPID signature and encryption). */
  messages(device: LocalDevice): Promise<string[]>;
  /** The device unsubscribed: the service answers 410 from now on. */
  expire(device: LocalDevice): Promise<void>;
  stop(): Promise<void>;
}

/**
 * web-push-testing (a push service that speaks RFC 8030 and 8291 and checks VAPID, on localhost) in a
 * process of its own, on a free port, for the server's Web Push tests and the e2e's.
 */
export async function localPushService(): Promise<LocalPushService> {
  const port = await freePort();
  const main = path.join(path.dirname(createRequire(import.meta.url).resolve('web-push-testing/package.json')), 'src/bin/server.js');
  const child: ChildProcess = spawn(process.execPath, [main, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  const post = async <T>(route: string, body: unknown): Promise<T> => {
    const res = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`local push service ${route}: ${res.status} ${text}`);
    return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  };
  // up when it answers its status (it starts in well under a second; a busy machine may take longer)
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`local push service exited: ${output}`);
    try {
      await post('/status', {});
      break;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`local push service did not start: ${(err as Error).message} ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    subscribe: async (applicationServerKey) =>
      (await post<{ data: LocalDevice }>('/subscribe', { userVisibleOnly: 'true', applicationServerKey })).data,
    messages: async (device) =>
      (await post<{ data: { messages: string[] } }>('/get-notifications', { clientHash: device.clientHash })).data.messages,
    expire: async (device) => void (await post(`/expire-subscription/${device.clientHash}`, {})),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
