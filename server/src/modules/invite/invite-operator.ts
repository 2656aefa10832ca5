import { sql } from 'kysely';
import type { CommandSet } from '../../operator/command-sets.js';
import {
  parseOptions,
  percentOption,
  switchOption,
  UsageError,
  updateSettingAudited,
  type OperatorEnv,
  type Print,
} from '../../operator/common.js';
import { inLanguage, type Settings } from '../../settings/registry.js';
import { parseSettingValue, readAllSettings } from '../../settings/store.js';

/** Operator commands of the invite programme: its rule (the `invite` setting), shown and changed. */

async function current(env: OperatorEnv) {
  const rule = (await readAllSettings(env.database.db)).invite;
  if (!rule) throw new UsageError('the invite setting is missing; start the server once to seed it');
  return rule;
}

async function show(env: OperatorEnv, print: Print) {
  const rule = await current(env);
  print(`invite programme: ${rule.active ? 'on' : 'off'}`);
  print(`an inviter earns ${rule.percent}% of each credited deposit of a member who registered with their PR code`);
  print(
    rule.turnover === 0
      ? 'what a deposit earned can be received at once'
      : `what a deposit earned can be received once that invitee has bet ${rule.turnover} x the deposit since making it`,
  );
  print(`banners: ${rule.banners.length ? rule.banners.map((b) => `${b.image} "${inLanguage(b.html, 'en')}"`).join(', ') : 'none'}`);
  const totals = await env.database.db
    .selectFrom('invites')
    .select([
      sql<number>`coalesce(sum(amount), 0)`.as('earned'),
      sql<number>`coalesce(sum(case when receive_journal_id is not null then amount else 0 end), 0)`.as('received'),
    ])
    .executeTakeFirstOrThrow();
  print(`so far (minor units): earned ${Number(totals.earned)}, received ${Number(totals.received)}`);
}

function jsonOption(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`--banners must be JSON, got "${text}"`);
  }
}

async function set(env: OperatorEnv, args: string[], print: Print) {
  const o = parseOptions(args, ['active', 'percent', 'turnover', 'banners']);
  if (Object.keys(o).length === 0) throw new UsageError('invite rule set needs at least one of --active, --percent, --turnover, --banners');
  // the parts given, set on the rule as stored when its row is locked (a change of other parts at the same moment is kept)
  const given: Partial<Settings['invite']> = {};
  if (o.active !== undefined) given.active = switchOption(o.active, 'active');
  if (o.percent !== undefined) given.percent = percentOption(o.percent, 'percent');
  if (o.turnover !== undefined) {
    if (!/^\d{1,3}$/.test(o.turnover) || Number(o.turnover) > 100)
      throw new UsageError(`--turnover must be a whole number from 0 to 100, got "${o.turnover}"`);
    given.turnover = Number(o.turnover);
  }
  const banners = o.banners === undefined ? {} : { banners: jsonOption(o.banners) };
  const ruleFrom = (before: Settings['invite']) => parseSettingValue('invite', JSON.stringify({ ...before, ...given, ...banners }));
  // checked first: a bad value is refused with nothing written
  let value = ruleFrom(await current(env));
  await updateSettingAudited(env, 'invite', (before) => (value = ruleFrom(before ?? value)), 'invite.rule-set');
  print(`invite rule set: ${JSON.stringify(value)}`);
  print('deposits already counted keep what they earned; new ones earn at the new percentage');
}

export const inviteCommands: CommandSet = {
  help: `  npm run operator -- invite rule show         the invite rule (on/off, percent of invitees' deposits, their turnover) and totals
  npm run operator -- invite rule set [--active yes|no] [--percent P] [--turnover X] [--banners '[{"image":"/x.svg","html":{"th":"..."}}]']
                                                change the invite rule; --percent to 2 decimals, --turnover 0 pays at once
`,
  async run(env, args, print) {
    const [group, action, verb, ...rest] = args;
    if (group !== 'invite' || action !== 'rule') return false;
    if (verb === undefined || verb === 'show') await show(env, print);
    else if (verb === 'set') await set(env, rest, print);
    else throw new UsageError(`unknown command "invite rule ${verb}"; use show or set`);
    return true;
  },
};
