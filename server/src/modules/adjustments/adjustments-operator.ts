import type { Adjustment } from '../../../../contract/staff-adjustments.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { printable, refusedAsUsage, UsageError, wordsAndReason, type OperatorEnv, type Print } from '../../operator/common.js';
import { CLI_SYSTEM } from '../audit/service.js';
import { approveAdjustment, listAdjustments, rejectAdjustment, requestAdjustment } from './service.js';

/** What each refusal of the adjustments service means at the terminal. */
const REFUSALS: Record<string, string> = {
  STAFF_FORBIDDEN: 'adjustments need --as <username> of a finance clerk or admin who is not disabled',
  FOUR_EYES: 'the one who asked for it cannot decide it: --as another finance clerk or admin',
  ASKER_DISABLED: 'the one who asked for it is disabled now: it is no longer approved; reject it to clear it',
  ADJUSTMENT_NOT_PENDING: 'it was decided already',
  ADJUSTMENT_REVERSED: 'that entry was reversed already, or a reversal of it waits',
  MONEY_NOT_ENOUGH: 'the wallet holds less than that: nothing moved',
  AMOUNT_INVALID: 'the amount must be above 0 (baht with at most 2 decimals, whole kip)',
  REASON_REQUIRED: 'a reason is needed: --reason "..." (3 to 500 characters)',
  NO_DATA: 'no such member, adjustment or reversible credit of that member',
};

const line = (a: Adjustment) =>
  `${a.id}\t${a.member.phone}\t${a.kind}${a.reverses ? ` of entry ${a.reverses}` : ''}\t${a.amount} ${a.currency}\t${a.status}\t${a.requestedBy} ${a.requestedAt}\t${a.decidedBy ?? '-'}\t${printable(a.reason)}${a.decisionReason ? ` / ${printable(a.decisionReason)}` : ''}\t${a.journalId ?? '-'}`;

const told = (a: Adjustment) =>
  a.status === 'PENDING'
    ? `adjustment ${a.id}: ${a.kind} ${a.amount} ${a.currency} for ${a.member.phone} waits for a second finance clerk or admin (adjust approve ${a.id} --as <another>)`
    : `adjustment ${a.id}: ${a.kind} ${a.amount} ${a.currency} for ${a.member.phone} ${a.status}${a.journalId ? ` (journal entry ${a.journalId})` : ''}`;

async function adjust(env: OperatorEnv, action: string | undefined, args: string[], print: Print): Promise<boolean> {
  const ctx = { database: env.database, now: Date.now };
  const by = { actor: env.actor ?? CLI_SYSTEM };
  const { words, reason } = wordsAndReason('adjust', args, ', and --as <username>');
  const id = Number(words[0]);
  switch (action) {
    case 'list': {
      const { pending, recent } = await listAdjustments(env.database.db);
      print(
        `${pending.length} waiting, ${recent.length} recent (id, member, kind, amount, status, asked by, decided by, reason, journal entry)`,
      );
      for (const a of [...pending, ...recent]) print(line(a));
      return true;
    }
    case 'credit':
    case 'debit': {
      const [phone, amountText] = words;
      const amount = Number(amountText);
      if (!phone || words.length !== 2 || !Number.isFinite(amount))
        throw new UsageError(`adjust ${action} needs <phone> <amount> --reason "..."`);
      print(told(await requestAdjustment(ctx, by, { phone, kind: action, amount, reason: reason ?? '' })));
      return true;
    }
    case 'reverse': {
      if (words.length !== 1 || !Number.isSafeInteger(id) || id <= 0)
        throw new UsageError('adjust reverse needs <journalId> --reason "..."');
      const owner = await env.database.db
        .selectFrom('journal')
        .innerJoin('members', 'members.id', 'journal.member_id')
        .select('members.phone')
        .where('journal.id', '=', id)
        .executeTakeFirst();
      if (!owner) throw new UsageError(`no journal entry ${id} of a member`);
      print(told(await requestAdjustment(ctx, by, { phone: owner.phone, kind: 'reverse', journalId: id, reason: reason ?? '' })));
      return true;
    }
    case 'approve':
    case 'reject': {
      if (words.length !== 1 || !Number.isSafeInteger(id) || id <= 0)
        throw new UsageError(`adjust ${action} needs <id>${action === 'reject' ? ' --reason "..."' : ''}`);
      const decided =
        action === 'approve'
          ? await approveAdjustment(ctx, by, { id, reason })
          : await rejectAdjustment(ctx, by, { id, reason: reason ?? '' });
      print(told(decided));
      return true;
    }
    default:
      return false;
  }
}

export const adjustmentCommands: CommandSet = {
  help: `  npm run operator -- adjust credit <phone> <amount> --reason "..." --as <username>
  npm run operator -- adjust debit <phone> <amount> --reason "..." --as <username>
                                                a staff credit or debit of the member's wallet (finance or admin); a credit
                                                that takes this person's credits alone in 24 hours above the
                                                adjustments setting's threshold (a debit: above it) waits for a
                                                second finance clerk or admin
  npm run operator -- adjust reverse <journalId> --reason "..." --as <username>
                                                take back a deposit or a staff credit (never below zero; once)
  npm run operator -- adjust list               waiting adjustments, then the 50 last decided
  npm run operator -- adjust approve <id> [--reason "..."] --as <username>
  npm run operator -- adjust reject <id> --reason "..." --as <username>
                                                decide a waiting adjustment: someone other than who asked for it
`,
  async run(env, args, print) {
    const [group, action, ...rest] = args;
    if (group !== 'adjust') return false;
    return refusedAsUsage(`adjust ${action}`, REFUSALS, () => adjust(env, action, rest, print));
  },
};
