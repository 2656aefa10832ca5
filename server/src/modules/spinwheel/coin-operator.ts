import { siteCurrency } from '../../lib/site-money.js';
import { withTransaction } from '../../db/transaction.js';
import { coinsOf, giveCoins } from '../../ledger/coins.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { auditCli, UsageError, updateSettingAudited, type OperatorEnv, type Print } from '../../operator/common.js';
import { parseSettingValue, readAllSettings } from '../../settings/store.js';

/** Operator commands for spin-wheel coins: give a member coins, and the rule deposits earn them by. */

async function grant(env: OperatorEnv, phone: string | undefined, count: string | undefined, print: Print) {
  if (!phone) throw new UsageError('coins grant needs a phone number and a number of coins');
  const n = Number(count);
  if (!/^\d+$/.test(count ?? '') || n < 1 || n > 10_000) throw new UsageError(`coins grant needs 1 to 10000 coins, got "${count ?? ''}"`);
  // coins are spins, and spins are prizes paid into the wallet: coins on the shell's word alone, with no
  // second person and no allowance, are a demo's (as `deposit` is). In production coins come by the rule
  if (env.config.production)
    throw new UsageError(
      'coins grant is a demo grant, refused in production: coins come from deposits by the coins rule; to give a member money, adjust credit <phone> <amount> --reason "..." --as <username> (the money policy applies)',
    );
  const { database } = env;
  const member = await database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst();
  if (!member) throw new UsageError(`no member with phone ${phone}`);
  const total = await withTransaction(database, async (tx) => {
    const before = await coinsOf(tx, member.id);
    const journalId = await giveCoins(tx, member.id, n, 'OPERATOR', Date.now());
    const after = await coinsOf(tx, member.id);
    await auditCli(env, tx, {
      action: 'coins.grant',
      target: `member:${phone}`,
      before: { coins: before },
      after: { coins: after },
      journalIds: [journalId],
    });
    return after;
  });
  print(`gave ${n} coin(s) to ${phone}; they hold ${total}`);
}

async function rule(env: OperatorEnv, args: string[], print: Print) {
  const [action = 'show', per, coins, wager] = args;
  if (action === 'set') {
    if (per === undefined || coins === undefined) throw new UsageError('coins rule set needs <amount> <coins>, e.g. coins rule set 100 1');
    // the wager multiple stays as it was unless given (as stored when the row is locked)
    const rule = (wagerMultiple: number | undefined) =>
      parseSettingValue(
        'coinRule',
        JSON.stringify({ per: Number(per), coins: Number(coins), currency: siteCurrency(env.config), wagerMultiple }),
      );
    // checked before the write, so a bad value is a usage error with nothing changed
    rule(wager === undefined ? undefined : Number(wager));
    await updateSettingAudited(
      env,
      'coinRule',
      (before) => rule(wager === undefined ? before?.wagerMultiple : Number(wager)),
      'coins.rule-set',
    );
  } else if (action !== 'show') throw new UsageError(`coins rule takes show or set, got "${action}"`);
  const { coinRule } = await readAllSettings(env.database.db);
  if (!coinRule || coinRule.coins === 0) return print('coins rule: deposits earn no coins');
  const multiple = coinRule.wagerMultiple ?? 1;
  print(
    `coins rule: ${coinRule.coins} coin(s) for every full ${coinRule.per} ${coinRule.currency ?? "in the member's currency"} of one credited deposit, ` +
      (multiple === 0
        ? 'given at once'
        : `given once the member has bet ${multiple}x the deposit since it (a withdrawal before then forfeits them)`),
  );
}

export const coinCommands: CommandSet = {
  help: `  npm run operator -- coins grant <phone> <n>    give a member n spin-wheel coins (1 to 10000; a demo's, refused in production)
  npm run operator -- coins rule [show]          the rule deposits earn coins by
  npm run operator -- coins rule set <amount> <coins> [<wager>]   <coins> coin(s) for every full <amount> of one deposit (coins 0: none),
                                                 given once bets since it reach <wager> x the deposit (0: at once; unchanged if not given)
`,
  async run(env, args, print) {
    const [group, action, ...rest] = args;
    if (group !== 'coins') return false;
    if (action === 'grant') await grant(env, rest[0], rest[1], print);
    else if (action === 'rule') await rule(env, rest, print);
    else throw new UsageError(`unknown command "coins ${action ?? ''}"; coins grant or coins rule`);
    return true;
  },
};
