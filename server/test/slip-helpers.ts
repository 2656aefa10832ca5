import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../src/config.js';
import { verifyDueSlips } from '../src/modules/deposit/slips.js';
import { runCommand } from '../src/operator/commands.js';
import { build, call, DEMO_MEMBER, login, type TestServer } from './helper.js';

/** Shared steps of the slip tests: the operator's commands, uploads as the site sends them, and waiting for verification. */

const BOUNDARY = '----walletslipboundary';
const REGISTERED_LONG_AGO = Date.now() - 30 * 24 * 3_600_000;
export function multipart(file: Buffer | undefined, filename = 'slip.png', contentType = 'image/png'): Buffer {
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
    );
    parts.push(file, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

export interface SlipView {
  reference: string;
  status: string;
  note: string | null;
  amount: number;
  link: boolean;
  createdAt: string;
}

/**
 * The slip suites' server: a working directory (the slip files), slip intake with the given daily closing
 * time and a minimum of 1, the upload budget high enough for one member's slips by the dozen (the budgets
 * have their own tests, uploads.test.ts), and the demo member signed in. `close` ends it and removes the directory.
 */
export async function slipServer({
  closeTime,
  config = {},
  logger,
}: {
  closeTime: string;
  /** More of the server's configuration (its slip verifier, say). */
  config?: Partial<Config>;
  logger?: FastifyBaseLogger;
}): Promise<{ server: TestServer; dir: string; token: string; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slips-'));
  const server = await build({ dataDir: dir, providerTimeoutMs: 200, ...config }, { logger });
  const operator = (...args: string[]) => runCommand(server.ctx, args, () => undefined);
  await operator('settings', 'set', 'slip', JSON.stringify({ minDeposit: 1, closeTime }));
  await operator('settings', 'set', 'uploads', JSON.stringify({ ...server.ctx.settings.get('uploads'), slipsPer10Min: 1000 }));
  await server.ctx.settings.refresh();
  const token = await login(server.app);
  return {
    server,
    dir,
    token,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The steps bound to one server, its working directory and the signed-in member's token (`token()` reads it when called). */
export function slipDriver(server: () => TestServer, dir: () => string, token: () => string) {
  let n = 0;
  const operator = async (...args: string[]) => {
    const lines: string[] = [];
    await runCommand(server().ctx, args, (l) => lines.push(l));
    return lines;
  };
  /** The tests move the clock back to a noon before the members were made: these registered long before sending. */
  const registeredLongAgo = (...phones: string[]) =>
    server()
      .ctx.database.db.updateTable('members')
      .set({ created_at: REGISTERED_LONG_AGO })
      .where('phone', 'in', phones)
      .where('created_at', '>', REGISTERED_LONG_AGO)
      .execute();
  /** The operator's `slip make` for a sender registered long before (a slip sent before its sender registered waits for review). */
  const makeSlipOf = async (phone: string, amount: string, ...flags: string[]) => {
    await registeredLongAgo(phone);
    const file = path.join(dir(), `slip-${++n}.png`);
    await operator('slip', 'make', phone, amount, file, ...flags);
    return fs.readFileSync(file);
  };
  const makeSlip = (amount: string, ...flags: string[]) => makeSlipOf(DEMO_MEMBER.phone, amount, ...flags);
  const upload = (file: Buffer | undefined, options: { token?: string; key?: string; filename?: string; type?: string } = {}) =>
    server().app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      headers: {
        'x-wallet-client': 'member',
        authorization: `Bearer ${options.token ?? token()}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      payload: multipart(file, options.filename, options.type),
    });
  const slips = async (t = token()) =>
    (await call(server().app, 'POST', '/api/statement/slip', { page: 1, limit: 100 }, { token: t })).json() as {
      total: number;
      slips: SlipView[];
    };
  /** Runs verification of everything due until nothing is PROCESSING-and-due (the request's follow-up is also racing: harmless). */
  const settle = async () => {
    // attempts already running (the upload's own follow-up) hold a lease: wait for them, then run what is due, until nothing is
    const processing = () =>
      server().ctx.database.db.selectFrom('slips').select(['lease_until', 'next_attempt_at']).where('status', '=', 'PROCESSING').execute();
    for (let i = 0; i < 1000; i++) {
      const open = await processing();
      if (open.some((s) => s.lease_until > 0)) await new Promise((r) => setTimeout(r, 20));
      else if (open.some((s) => s.next_attempt_at <= server().clock.now)) await verifyDueSlips(server().ctx);
      else return;
    }
    throw new Error('slips still being verified');
  };
  const slipOf = async (reference: string, t = token()) => {
    await settle();
    return (await slips(t)).slips.find((s) => s.reference === reference)!;
  };
  /** The member's wallet once every slip verification under way has finished. */
  const wallet = async (t = token()) => {
    await settle();
    return ((await call(server().app, 'GET', '/api/wallet', undefined, { token: t })).json() as { wallet: { amount: number } }).wallet
      .amount;
  };
  /** Sets the server's clock to the last noon in Bangkok (the slip window open) and answers `--minutes-ago` for a transfer then. */
  const atNoon = (extraMinutes = 0) => {
    const now = Date.now();
    let noon = now - ((now + 7 * 3_600_000) % 86_400_000) + 12 * 3_600_000;
    if (noon > now) noon -= 86_400_000;
    server().clock.now = noon;
    return String(Math.round((now - noon) / 60_000) + extraMinutes);
  };
  const uploadReference = async (file: Buffer, options: { token?: string; filename?: string; type?: string } = {}) => {
    const res = await upload(file, options);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'SUCCESS', status: 'PROCESSING' });
    return (res.json() as { reference: string }).reference;
  };
  const slipId = async (reference: string) =>
    (await server().ctx.database.db.selectFrom('slips').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()).id;
  return { operator, makeSlip, makeSlipOf, registeredLongAgo, upload, slips, settle, slipOf, wallet, atNoon, uploadReference, slipId };
}
