import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SLIP_BUCKET } from '../src/modules/deposit/slips.js';
import { build, call, DEMO_MEMBER, login, type TestServer } from './helper.js';
import { operator, signedIn, type StaffBrowser } from './staff-helpers.js';

/**
 * The staff queue suites' server: a working directory for the slip files, the demo member signed in,
 * a finance clerk `fin` and an agent `agt` signed in to the console.
 */
/** The queue servers' /metrics token. */
export const QUEUE_METRICS_TOKEN = 'queue-metrics';

export async function queueServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queues-'));
  // /metrics on (its token): the queues' figures are read there too
  const server = await build({ dataDir: dir, metricsToken: QUEUE_METRICS_TOKEN });
  const token = await login(server.app);
  // money to withdraw
  await operator(server, 'deposit', DEMO_MEMBER.phone, '5000');
  const finance = (await signedIn(server, 'fin', 'finance')).browser;
  const agent = (await signedIn(server, 'agt', 'agent')).browser;
  return {
    server,
    token,
    finance,
    agent,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type QueueServer = Awaited<ReturnType<typeof queueServer>> & { finance: StaffBrowser };

/** The bytes a slip's image is stored with in these tests: a PNG signature and a marker. */
export const IMAGE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(32)]);

/**
 * A slip waiting for review as verification leaves one: its image stored, what the bank said (the amount
 * in minor units, 0 when it never told it) and why it waits. `transRef` shared by two slips makes a duplicate.
 */
export async function reviewSlip(
  server: TestServer,
  amountMinor: number,
  transRef = randomBytes(6).toString('hex').toUpperCase(),
  /** Why it waits: not sent from the member's account unless told (null: an account the operator checks by hand). */
  note: string | null = 'SLIP_SENDER_MISMATCH',
) {
  const reference = `REV${randomBytes(5).toString('hex').toUpperCase()}`;
  await server.ctx.storage.put(SLIP_BUCKET, reference, { bytes: IMAGE, contentType: 'image/png' });
  const now = server.clock.now;
  const row = await server.ctx.database.db
    .insertInto('slips')
    .values({
      member_id: 1,
      reference,
      file_name: reference,
      content_type: 'image/png',
      status: 'REVIEW',
      note,
      amount: amountMinor,
      currency: 'BAHT',
      sending_bank: amountMinor > 0 ? '004' : null,
      trans_ref: amountMinor > 0 ? transRef : null,
      next_attempt_at: now,
      idempotency_key: null,
      journal_id: null,
      sender: amountMinor > 0 ? 'KBANK xxx-x-x4567-x MR SOMCHAI J' : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, reference };
}

/** A manual deposit request the member holding `token` makes (the operator allows them: `deposit.isManual`); answers its id. */
export async function requestDeposit(server: TestServer, token: string, amount: number): Promise<number> {
  const res = await call(server.app, 'POST', '/api/wallet/add', { amount }, { token });
  if (res.statusCode !== 200) throw new Error(`deposit request refused: ${res.statusCode} ${res.body}`);
  return (res.json() as { requestId: number }).requestId;
}

/** The audit rows of one action on one target, oldest first. */
export const auditOf = (server: TestServer, action: string, target: string) =>
  server.ctx.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target', '=', target)
    .orderBy('id')
    .execute();

export const madeBy = async (server: TestServer, journalId: number | null) =>
  (await server.ctx.database.db.selectFrom('journal').select('made_by').where('id', '=', journalId!).executeTakeFirstOrThrow()).made_by;

/** The member's slip list as the app reads it. */
export const memberSlip = async (server: TestServer, token: string, reference: string) =>
  (
    (await call(server.app, 'POST', '/api/statement/slip', { page: 1, limit: 100 }, { token })).json() as {
      slips: { reference: string; status: string; note: string | null; amount: number }[];
    }
  ).slips.find((s) => s.reference === reference);

export const json = (text: string | null | undefined) => (text ? (JSON.parse(text) as unknown) : null);
