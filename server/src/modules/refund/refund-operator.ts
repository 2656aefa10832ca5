import type { CommandSet } from '../../operator/command-sets.js';
import {
  auditCli,
  parseOptions,
  percentOption,
  switchOption,
  UsageError,
  updateSettingAudited,
  type OperatorEnv,
  type Print,
} from '../../operator/common.js';
import type { Settings } from '../../settings/registry.js';
import { parseSettingValue, readAllSettings } from '../../settings/store.js';
import { closedPeriods, computePeriod, periodOf, type Period } from './job.js';
import { withTransaction } from '../../db/transaction.js';
import { instantOnDate } from '../../lib/periods.js';

/** Operator commands of cashback: its rule (the `refund` setting), and computing a closed period by hand. */

async function current(env: OperatorEnv): Promise<Settings['refund']> {
  const rule = (await readAllSettings(env.database.db)).refund;
  if (!rule) throw new UsageError('the refund setting is missing; start the server once to seed it');
  return rule;
}

const when = (t: number) => new Date(t).toISOString();

async function show(env: OperatorEnv, print: Print) {
  const rule = await current(env);
  print(`refund programme: ${rule.active ? 'on' : 'off'}, every ${rule.period} (${env.config.timeZone})`);
  print(`refunds ${rule.percent}% of a net loss (${rule.percentWithBonus}% for a period in which the member held a bonus)`);
  print(`members receive once their refunds add up to ${rule.minimum}; never while a bonus is active`);
  print(`banners: ${rule.banners.length}`);
}

async function set(env: OperatorEnv, args: string[], print: Print) {
  const o = parseOptions(args, ['active', 'period', 'percent', 'percent-with-bonus', 'minimum', 'info', 'banners']);
  if (Object.keys(o).length === 0) throw new UsageError('refund rule set needs at least one option');
  // the parts given, set on the rule as stored when its row is locked (a change of other parts at the same moment is kept)
  const given: Record<string, unknown> = {};
  if (o.active !== undefined) given.active = switchOption(o.active, 'active');
  if (o.period !== undefined) given.period = o.period;
  if (o.percent !== undefined) given.percent = percentOption(o.percent, 'percent');
  if (o['percent-with-bonus'] !== undefined) given.percentWithBonus = percentOption(o['percent-with-bonus'], 'percent-with-bonus');
  if (o.minimum !== undefined) given.minimum = Number(o.minimum);
  for (const key of ['info', 'banners'] as const) if (o[key] !== undefined) given[key] = jsonOr(o[key]);
  const ruleFrom = (before: Settings['refund']) => parseSettingValue('refund', JSON.stringify({ ...before, ...given }));
  // checked first: a bad value is refused with nothing written
  let value = ruleFrom(await current(env));
  await updateSettingAudited(env, 'refund', (before) => (value = ruleFrom(before ?? value)), 'refund.rule-set');
  print(`refund rule set: ${JSON.stringify(value)}`);
  print('refunds already computed keep their amount; the next periods use the new rule');
}

/** JSON when it parses (a per-language object, a banner list), else the text itself. */
function jsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The local date YYYY-MM-DD as an instant inside that date in `timeZone`. */
function instantOn(date: string, timeZone: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new UsageError(`refund run takes a date as YYYY-MM-DD, got "${date}"`);
  const found = instantOnDate(date, timeZone);
  if (found === undefined) throw new UsageError(`no such date ${date}`);
  return found;
}

async function run(env: OperatorEnv, date: string | undefined, print: Print) {
  const rule = await current(env);
  if (!rule.active) throw new UsageError('the refund programme is off; turn it on with: refund rule set --active yes');
  const now = Date.now();
  let period: Period;
  if (date === undefined) period = closedPeriods(rule.period, now, env.config.timeZone, 1)[0]!;
  else {
    period = periodOf(rule.period, instantOn(date, env.config.timeZone), env.config.timeZone);
    if (period.end > now) throw new UsageError(`the ${rule.period} of ${date} has not closed yet (until ${when(period.end)})`);
  }
  const done = await computePeriod(env.database, rule, period, now);
  // the refunds are computed (each member's once, whoever runs it); the audit row records who asked
  await withTransaction(env.database, (tx) =>
    auditCli(env, tx, {
      action: 'refund.run',
      target: `refund:${when(period.start)}`,
      after: { members: done.members, added: done.added },
    }),
  );
  print(`refunds for ${when(period.start)} to ${when(period.end)}: ${done.members} member(s) lost, ${done.added} new refund(s)`);
  if (done.added < done.members)
    print(`${done.members - done.added} member(s) had their refund for this period already (never paid twice)`);
}

export const refundCommands: CommandSet = {
  help: `  npm run operator -- refund rule show         the cashback rule: on/off, period, percentages, minimum to receive
  npm run operator -- refund rule set [--active yes|no] [--period day|week] [--percent P] [--percent-with-bonus P]
                       [--minimum A] [--info '{"th":"...","en":"..."}'] [--banners '[...]']   change the cashback rule
  npm run operator -- refund run [YYYY-MM-DD]   compute the refunds of a closed period (default: the last one); the minute sweep does this by itself
`,
  async run(env, args, print) {
    const [group, action, verb, ...rest] = args;
    if (group !== 'refund') return false;
    if (action === 'run') await run(env, verb, print);
    else if (action === 'rule' && (verb === undefined || verb === 'show')) await show(env, print);
    else if (action === 'rule' && verb === 'set') await set(env, rest, print);
    else throw new UsageError(`unknown command "refund ${action ?? ''}"; use refund rule show|set or refund run`);
    return true;
  },
};
