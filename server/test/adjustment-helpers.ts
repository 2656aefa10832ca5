import type { Adjustment } from '../../contract/staff-adjustments.js';
import { DEMO_MEMBER } from './helper.js';
import { queueServer } from './staff-queue-helpers.js';
import { signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';

/**
 * The adjustment suites' server: the demo member holds 5,000 baht (queueServer), two finance clerks
 * (`fin` and `fin2`) and an agent are signed in. The approval threshold is the seeded 5,000 baht.
 */
export async function adjustmentServer() {
  const q = await queueServer();
  const second = (await signedIn(q.server, 'fin2', 'finance')).browser;
  return { ...q, second };
}

/** An adjustment asked in the console by `browser` for the demo member. */
export const ask = (
  server: Awaited<ReturnType<typeof adjustmentServer>>['server'],
  browser: StaffBrowser,
  body: { kind: 'credit' | 'debit' | 'reverse'; amount?: number; journalId?: number; reason?: string; key?: string; phone?: string },
) => staffCall(server, browser, 'POST', '/adjustments', { phone: DEMO_MEMBER.phone, reason: 'counted twice', ...body });

export const adjustmentOf = (res: { json(): unknown }) => res.json() as Adjustment;

/** What `person` has credited alone under the money policy (staff_credits, minor units, every currency and time). */
export const creditedAlone = async (server: Awaited<ReturnType<typeof adjustmentServer>>['server'], person: string) =>
  Number(
    (
      await server.ctx.database.db
        .selectFrom('staff_credits')
        .select((eb) => eb.fn.sum<string>('amount').as('total'))
        .where('person', '=', person)
        .executeTakeFirstOrThrow()
    ).total ?? 0,
  );

/** The journal entry an adjustment made, with the sum of its postings and who it names. */
export async function entryOf(server: Awaited<ReturnType<typeof adjustmentServer>>['server'], journalId: number) {
  const db = server.ctx.database.db;
  const entry = await db.selectFrom('journal').selectAll().where('id', '=', journalId).executeTakeFirstOrThrow();
  const postings = await db.selectFrom('postings').select('amount').where('journal_id', '=', journalId).execute();
  return { ...entry, sum: postings.reduce((s, p) => s + Number(p.amount), 0), postings: postings.length };
}

/**
 * Forgets the staff credits of the money policy's window (policy.ts), as a new day would: for the suites
 * whose tests each judge their own credits, not the sum of the tests before them. The policy's own tests
 * (staff-money-policy.test.ts) never call it.
 */
export async function newPolicyDay(server: Awaited<ReturnType<typeof adjustmentServer>>['server']): Promise<void> {
  await server.ctx.database.db.deleteFrom('staff_credits').execute();
}
