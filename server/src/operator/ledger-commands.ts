import { inSnapshot, withTransaction } from '../db/transaction.js';
import { balanceDrift, checkLedger, repairBalances, type Drift } from '../ledger/invariants.js';
import { givenReason } from '../modules/audit/service.js';
import type { CommandSet } from './command-sets.js';
import { auditCli, parseOptions, UsageError, type OperatorEnv, type Print } from './common.js';

const HELD = 'ledger check: every entry balances, every balance equals its postings, none below zero, each currency sums to 0';

/**
 * `ledger repair`: an account's balance is a cache of the sum of its postings; when `ledger check` finds
 * them apart (a lost balance update), this shows each such account and the balance its postings give, and
 * with --yes and a reason sets them, in one transaction with an audit row for each (`ledger.repair`, the
 * balance before and after, filed under the account's member where it has one). An entry that does not balance, or a currency that still does not sum to zero
 * after it, is not a cached balance's fault: it is shown, never "repaired".
 */
async function ledgerRepair(env: OperatorEnv, args: string[], print: Print): Promise<void> {
  const yes = args.includes('--yes');
  const { reason } = parseOptions(
    args.filter((a) => a !== '--yes'),
    ['reason'],
  );
  const { database } = env;
  const show = (d: Drift) => `  ${d.code}: ${d.balance} -> ${d.posted} (${d.posted - d.balance >= 0 ? '+' : ''}${d.posted - d.balance})`;
  if (!yes) {
    const drift = await inSnapshot(database, (tx) => balanceDrift(tx));
    if (!drift.length) return print('ledger repair: every balance is the sum of its postings; nothing to change');
    print(`ledger repair would set ${drift.length} balance(s) to the sum of their postings (minor units):`);
    for (const d of drift) print(show(d));
    return print('nothing changed; to write it: npm run operator -- ledger repair --yes --reason "..."');
  }
  const why = givenReason(reason);
  if (!why) throw new UsageError('ledger repair --yes needs a reason: ledger repair --yes --reason "..." (3 to 500 characters)');
  const changed = await withTransaction(database, async (tx) => {
    const drift = await balanceDrift(tx);
    const done = await repairBalances(
      tx,
      drift.map((d) => d.accountId),
    );
    // one row per account, filed under its member where it has one (found from the member's trail)
    for (const d of done) {
      const owner = await tx
        .selectFrom('ledger_accounts as a')
        .innerJoin('members as m', 'm.id', 'a.member_id')
        .select('m.phone')
        .where('a.id', '=', d.accountId)
        .executeTakeFirst();
      await auditCli(env, tx, {
        action: 'ledger.repair',
        target: owner ? `member:${owner.phone}` : `account:${d.code}`,
        before: { account: d.code, balance: d.balance },
        after: { account: d.code, balance: d.posted },
        reason: why,
      });
    }
    return done;
  });
  if (!changed.length) print('ledger repair: every balance is the sum of its postings; nothing changed');
  else {
    print(`ledger repair set ${changed.length} balance(s) to the sum of their postings (minor units):`);
    for (const d of changed) print(show(d));
  }
  const left = await inSnapshot(database, checkLedger);
  if (left.length) throw new UsageError(`ledger check still fails (not a cached balance):\n${left.join('\n')}`);
  print(HELD);
}

/** The ledger's own commands: its check, and the repair of cached balances. */
export const ledgerCommands: CommandSet = {
  help: `  npm run operator -- ledger check              verify the ledger's invariants (one snapshot: safe while members transact)
  npm run operator -- ledger repair [--yes --reason "..."]
                                                show the accounts whose balance is not the sum of their
                                                postings and what each would be set to; with --yes, set
                                                them (the postings are the ledger) and audit each
`,
  async run(env, args, print) {
    const [group, action, ...rest] = args;
    if (group !== 'ledger') return false;
    if (action === 'check') {
      const problems = await inSnapshot(env.database, checkLedger);
      if (problems.length) throw new UsageError(`ledger check failed:\n${problems.join('\n')}`);
      print(HELD);
      return true;
    }
    if (action === 'repair') {
      await ledgerRepair(env, rest, print);
      return true;
    }
    return false;
  },
};
