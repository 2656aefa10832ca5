import type { AppContext } from './context.js';
import { inSnapshot } from './db/transaction.js';
import { checkLedger, checkLedgerSince } from './ledger/invariants.js';
import { sweepUnusedUploads } from './modules/chat/upload-sweep.js';
import { recoverQrCodes } from './modules/deposit/qr-service.js';
import { verifyDueSlips } from './modules/deposit/slips.js';
import { recoverTruelinks } from './modules/deposit/truelink-service.js';
import { refundSweep } from './modules/refund/job.js';
import { sendDuePush } from './modules/push/service.js';
import { forgetOldUsage } from './modules/uploads/service.js';
import { recoverOpenIntents } from './modules/wallet/transfers.js';
import { retentionSweep } from './modules/system/retention.js';
import { sweepHealth, type SweepTask } from './modules/system/sweep-health.js';
import { writeHeartbeat } from './modules/system/heartbeat.js';
import { alertPass } from './modules/alerts/service.js';

/** Where the sweep says what it did and what failed (the server's logger). */
export interface SweepLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs one task of the sweep: its failure is logged with the task's name and counted, never thrown, so
 * a money error in one open transfer (or a lost database) never ends the process nor the other tasks.
 */
export async function sweepTask<T>(ctx: AppContext, log: SweepLog, task: SweepTask, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    const { failures, passFailed } = sweepHealth(ctx.database);
    failures.set(task, (failures.get(task) ?? 0) + 1);
    passFailed.add(task);
    log.error({ err, task }, `sweep: ${task} failed`);
    return undefined;
  }
}

/**
 * The ledger's promises, watched while the server runs: the first look is the full check (`checkLedger`);
 * each later one checks what was written since the look before the last (`checkLedgerSince`: a Postgres
 * transaction can commit an entry numbered below one already seen, so each pass reads the last two
 * passes' entries), and the accounts found drifting until they hold again (`ledger repair`). Each problem
 * is logged naming its account; /metrics counts them (`wallet_ledger_problems`).
 */
export async function watchLedger(ctx: AppContext, log: SweepLog): Promise<string[]> {
  const state = sweepHealth(ctx.database).ledger;
  const pass = await inSnapshot(ctx.database, async (tx) => {
    if (state.marks) return checkLedgerSince(tx, state.marks[0], state.drifting);
    const problems = await checkLedger(tx);
    const last = await tx
      .selectFrom('journal')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const drifting = problems.length ? (await checkLedgerSince(tx, 0)).drifting : [];
    return { problems, drifting, lastJournalId: Number(last?.id ?? 0) };
  });
  const before = new Set(state.problems);
  state.problems = pass.problems;
  state.drifting = pass.drifting;
  state.marks = [state.marks?.[1] ?? pass.lastJournalId, pass.lastJournalId];
  state.checkedAt = ctx.now();
  for (const problem of pass.problems)
    if (!before.has(problem)) log.error({ problem }, `ledger: ${problem} (npm run operator -- ledger check; ledger repair)`);
  if (before.size && !pass.problems.length) log.info({}, 'ledger: every problem found before holds again');
  return pass.problems;
}

/**
 * What an instance finishes at start and then every SWEEP_EVERY_MS: open transfers and deposits (their
 * outside calls), slips due, refunds of closed periods, retention, and the ledger watch. Every task on its
 * own (`sweepTask`); answers what the transfers and deposits came to, or undefined when the pass before
 * is still running.
 */
export async function sweepOnce(ctx: AppContext, log: SweepLog) {
  const health = sweepHealth(ctx.database);
  // a pass still running when the next is due (a slow provider): the next is skipped, not run beside it
  if (health.running) return undefined;
  health.running = true;
  try {
    return await sweepAll(ctx, log);
  } finally {
    health.running = false;
  }
}

async function sweepAll(ctx: AppContext, log: SweepLog) {
  const health = sweepHealth(ctx.database);
  health.passFailed.clear();
  const [open] = await Promise.all([
    recoverOpen(ctx, log),
    sweepTask(ctx, log, 'slips', () => verifyDueSlips(ctx)),
    sweepTask(ctx, log, 'refunds', async () => {
      const added = await refundSweep(ctx);
      if (added) log.info({ added }, 'refunds computed');
    }),
    // Web Push a pass missed (no instance heard the event, a push service that did not answer)
    sweepTask(ctx, log, 'push', async () => {
      const pushed = await sendDuePush(ctx);
      if (pushed.sent || pushed.dropped || pushed.later) log.info(pushed, 'web push: notices sent');
    }),
    sweepTask(ctx, log, 'retention', async () => {
      const done = await retentionSweep(ctx);
      if (done.keys || done.sessions || done.guestChatsClosed) log.info(done, 'retention: pruned and closed');
    }),
  ]);
  // after the money tasks: what they wrote is in the look
  await sweepTask(ctx, log, 'ledger', () => watchLedger(ctx, log));
  if (!health.passFailed.size) health.lastSuccessAt = ctx.now();
  // what this pass came to, for the alert pass of whichever instance sends (a lost database: nothing to write)
  await writeHeartbeat(ctx).catch((err: unknown) => log.error({ err }, 'sweep: the heartbeat was not written'));
  await sweepTask(ctx, log, 'alerts', () => alertPass(ctx, log));
  return open;
}

/**
 * The open transfers and deposits (their outside calls) finished or returned: at start before members are
 * served (main.ts), and on every pass. Answers what each came to; a task that failed answers undefined.
 */
export async function recoverOpen(ctx: AppContext, log: SweepLog) {
  const [transfers, giftLinks, qrCodes] = await Promise.all([
    sweepTask(ctx, log, 'transfers', () => recoverOpenIntents(ctx)),
    sweepTask(ctx, log, 'deposits', () => recoverTruelinks(ctx)),
    sweepTask(ctx, log, 'deposits', () => recoverQrCodes(ctx)),
  ]);
  return { transfers, giftLinks, qrCodes };
}

/** Chat files no message names an hour after they came, and upload records past every budget's window. */
export async function sweepUploads(ctx: AppContext, log: SweepLog): Promise<void> {
  await Promise.all([
    sweepTask(ctx, log, 'uploads', async () => {
      const deleted = await sweepUnusedUploads(ctx);
      if (deleted) log.info({ deleted }, 'unused chat uploads deleted');
    }),
    sweepTask(ctx, log, 'uploads', () => forgetOldUsage(ctx)),
  ]);
}
