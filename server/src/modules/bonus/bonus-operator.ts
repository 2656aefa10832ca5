import { PROMOTION_MAX_USES } from '../../../../contract/staff-promotions.js';
import { BONUS_RULES } from '../../../../contract/staff-bonuses.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import type { CommandSet } from '../../operator/command-sets.js';
import {
  asStaff,
  auditCli,
  heldToTwoAdmins,
  parseOptions,
  printable,
  refusedAsUsage,
  UsageError,
  waitsForSecond,
  wordsAndReason,
  type OperatorEnv,
  type Print,
} from '../../operator/common.js';
import { withTransaction } from '../../db/transaction.js';
import { siteCurrency } from '../../lib/site-money.js';
import { badMoneyPlaceholder, MONEY_PLACEHOLDER_HELP } from './money-text.js';
import { givenOfBonus, usesOfPromotion } from './repository.js';
import { bonusDraftOf, decideBonusChange, endRewardByStaff, proposeBonus } from './service.js';
import type { Selectable } from 'kysely';
import type { BonusesTable } from '../../db/schema-bonus.js';
import {
  addPromotionAsAdmin,
  decidePromotion,
  promotionReach,
  proposalReasons,
  stopOffering,
  type PromotionValues,
} from './promotion-approval.js';
import { CLI_SYSTEM, givenReason } from '../audit/service.js';
import { SettingsCache } from '../../settings/store.js';

/**
 * Operator commands of the bonus module: bonuses and promotion codes (list, add, disable) and a
 * member's turnover. Amounts are typed in the site's currency (baht, or kip on the Lao site).
 */

const money = (minor: number | null, currency: Currency) => (minor === null ? '-' : `${toMajor(Number(minor), currency)}`);

function whole(text: string | undefined, name: string, min: number, max: number, fallback?: number): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text ?? '') || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text ?? ''}"`);
  return n;
}

function amount(text: string | undefined, name: string, currency: Currency, fallback?: number): number {
  if (text === undefined && fallback !== undefined) return fallback;
  let minor: number | undefined;
  try {
    // plain decimals only: Number() would also take 0x10, 1e2 or " 10 "
    minor = /^\d+(\.\d+)?$/.test(text ?? '') ? toMinor(Number(text), currency) : undefined;
  } catch {
    minor = undefined;
  }
  if (!text || minor === undefined || minor < 0) throw new UsageError(`--${name} must be an amount in ${currency}, got "${text ?? ''}"`);
  return minor;
}

/** What a bonus or promotion gives: `--percent P --max M`, or `--fixed F`. */
function giving(o: Record<string, string>, currency: Currency) {
  if (o.fixed !== undefined && o.percent === undefined && o.max === undefined) {
    const fixed = amount(o.fixed, 'fixed', currency);
    if (fixed <= 0) throw new UsageError('--fixed must be above 0');
    return { give_percent: null, give_max: null, give_fixed: fixed };
  }
  if (o.percent !== undefined && o.max !== undefined && o.fixed === undefined) {
    const max = amount(o.max, 'max', currency);
    if (max <= 0) throw new UsageError('--max must be above 0');
    return { give_percent: whole(o.percent, 'percent', BONUS_RULES.percent.min, BONUS_RULES.percent.max), give_max: max, give_fixed: null };
  }
  throw new UsageError('give either --percent P --max M, or --fixed F');
}

/** Text for every language: --name "Thai" plus optional --name-la and --name-en (Thai where one is missing). */
function perLanguage(o: Record<string, string>, key: string): string {
  const th = o[key];
  if (!th) throw new UsageError(`--${key} is needed`);
  const words = { th, la: o[`${key}-la`] ?? th, en: o[`${key}-en`] ?? th };
  // members read it with every {money:N} in their currency: a broken placeholder would show its braces
  const bad = badMoneyPlaceholder(words);
  if (bad !== undefined) throw new UsageError(`--${key}: "${bad}" is not an amount members can read (${MONEY_PLACEHOLDER_HELP})`);
  return JSON.stringify(words);
}

const DEFAULT_NOTICE = JSON.stringify({
  th: 'หากไม่ผ่านเงื่อนไขจะถูกหัก {percentFail}% ของโบนัส',
  la: 'ຫາກບໍ່ຜ່ານເງື່ອນໄຂຈະຖືກຫັກ {percentFail}% ຂອງໂບນັດ',
  en: 'If the conditions are not met, {percentFail}% of the bonus is forfeited.',
});

function checkCode(code: string | undefined, what: string): string {
  if (!code || !BONUS_RULES.code.test(code))
    throw new UsageError(`${what} needs a code of 2 to 32 capital letters, digits, _ or -, got "${code ?? ''}"`);
  return code;
}

async function bonusAdd(env: OperatorEnv, args: string[], print: Print) {
  const code = checkCode(args[0], 'bonus add');
  const currency = siteCurrency(env.config);
  const o = parseOptions(args.slice(1), [
    'name',
    'name-la',
    'name-en',
    'html',
    'html-la',
    'html-en',
    'notice',
    'notice-la',
    'notice-en',
    'type',
    'max-received',
    'percent-fail',
    'percent',
    'max',
    'fixed',
    'min-deposit',
    'turnover',
    'budget',
    'image',
    'reason',
  ]);
  const held = heldToTwoAdmins(env);
  if (held) {
    // in production, or as a staff member: an admin's proposal, as in the console's Bonuses
    if (!asStaff(env))
      throw new UsageError(
        'bonus add: a bonus puts money within members\' reach: an admin adds it (--as <admin> --budget A --reason "..."); its budget counts against their allowance, past it a second admin approves',
      );
    for (const shellOnly of ['notice', 'notice-la', 'notice-en', 'image'])
      if (o[shellOnly] !== undefined)
        throw new UsageError(
          `bonus add: --${shellOnly} is the demo shell's; an admin's bonus has the standard notice and banner, as in the console`,
        );
    if (o.budget === undefined)
      throw new UsageError('bonus add: --budget A is needed, the most the bonus may ever pay (it counts against your allowance)');
    if (!givenReason(o.reason)) throw new UsageError('bonus add needs a reason: --reason "..." (3 to 500 characters)');
  }
  const type = o.type ?? 'limit';
  if (!['limit', 'day', 'week'].includes(type)) throw new UsageError(`--type must be limit, day or week, got "${type}"`);
  // the description and notice default to the name and the standard forfeit sentence
  const name = perLanguage(o, 'name');
  const html = perLanguage({ html: o.name!, ...o }, 'html');
  const notice = o.notice ? perLanguage(o, 'notice') : DEFAULT_NOTICE;
  const values = {
    code,
    name,
    html,
    notice,
    type: type as 'limit' | 'day' | 'week',
    max_received: whole(o['max-received'], 'max-received', BONUS_RULES.maxReceived.min, BONUS_RULES.maxReceived.max, 1),
    percent_fail: whole(o['percent-fail'], 'percent-fail', BONUS_RULES.percentFail.min, BONUS_RULES.percentFail.max, 100),
    banners: JSON.stringify([{ image: o.image ?? '/bonus/daily.svg', html: JSON.parse(html) as object }]),
    ...giving(o, currency),
    min_deposit: amount(o['min-deposit'], 'min-deposit', currency, 0),
    turnover_multiple: whole(o.turnover, 'turnover', BONUS_RULES.turnover.min, BONUS_RULES.turnover.max, 1),
    budget: o.budget === undefined ? null : amount(o.budget, 'budget', currency),
    active: 1,
    sort: 100,
    created_at: Date.now(),
  };
  if (held) return proposeBonusAdd(env, values, o.reason!, print);
  const added = await withTransaction(env.database, async (tx) => {
    const result = await tx
      .insertInto('bonuses')
      .values(values)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    if (Number(result[0]?.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await auditCli(env, tx, { action: 'bonus.add', target: `bonus:${code}`, after: values, reason: givenReason(o.reason) ?? null });
    return true;
  });
  if (!added) throw new UsageError(`a bonus ${code} exists already`);
  print(`bonus ${code} added and offered to members`);
}

/** What a refusal of an admin's `bonus add`, `approve` or `reject` says on the terminal. */
const CHANGE_REFUSALS: Record<string, string> = {
  STAFF_FORBIDDEN: "bonuses are an admin's: --as <username> of an admin who is not disabled",
  BONUS_CODE_TAKEN: 'a bonus with this code exists already',
  BONUS_CHANGE_PENDING: 'a change of this bonus waits for a second admin already (bonus approve|reject <CODE> --as <admin>)',
  BONUS_CHANGE_DECIDED: 'no change of this bonus waits for a decision',
  FOUR_EYES: 'you proposed this change yourself: a second admin approves it (--as <another admin>)',
  ASKER_DISABLED: 'the admin who proposed it is disabled now: it is no longer approved; reject it to clear it',
  REASON_REQUIRED: '--reason "..." is 3 to 500 characters (a rejection needs one)',
  KEY_INVALID: 'a value is outside the bonus rules',
};

/** The database and the clock: what the promotion services read. */
const books = (env: OperatorEnv) => ({ database: env.database, now: env.now ?? Date.now });

/** What the console's bonus service reads, for a command: the database, the clock, the configuration and the settings. */
const consoleBooks = async (env: OperatorEnv) => ({
  ...books(env),
  config: env.config,
  settings: await SettingsCache.load(env.database.db),
});

/**
 * What `bonus|promotion approve|reject <CODE> [--reason "..."] --as <admin>` asks: its code and reason, read
 * as every command's (wordsAndReason); a second admin's decision, so only as a staff member.
 */
function decisionOf(env: OperatorEnv, what: 'bonus' | 'promotion', outcome: 'APPLIED' | 'REJECTED', args: string[]) {
  const command = `${what} ${outcome === 'APPLIED' ? 'approve' : 'reject'}`;
  const { words, reason } = wordsAndReason(command, args, ' and --as <admin>');
  const code = words[0];
  if (words.length !== 1 || !code)
    throw new UsageError(
      `${command} needs a ${what} code: ${command} <CODE>${outcome === 'REJECTED' ? ' --reason "..."' : ''} --as <admin>`,
    );
  if (!asStaff(env)) throw new UsageError(`${command} needs --as <admin>: a second admin decides`);
  return { command, code, reason };
}

/**
 * `bonus add --as <admin>` (in production the only way): the console's proposal, one service. Within the
 * admin's allowance the bonus is offered at once and its budget counted; past it the bonus waits for a second admin.
 */
async function proposeBonusAdd(
  env: OperatorEnv,
  values: Omit<Selectable<BonusesTable>, 'id' | 'first_deposit'>,
  reason: string,
  print: Print,
) {
  const currency = siteCurrency(env.config);
  const ctx = await consoleBooks(env);
  const change = await refusedAsUsage('bonus add', CHANGE_REFUSALS, () =>
    proposeBonus(ctx, { actor: env.actor! }, 'add', bonusDraftOf({ ...values, id: 0, first_deposit: 0 }, currency), reason),
  );
  if (change.status === 'APPLIED')
    print(
      `bonus ${values.code} added and offered to members; its budget of ${change.budgetAdded} ${currency} counts against your allowance`,
    );
  else
    print(
      `bonus ${values.code} waits for a second admin (${change.waitsBecause === 'amount' ? 'its budget is above the threshold' : 'with your credits of the last 24 hours it would pass the threshold'}): bonus approve ${values.code} --as <another admin>, or the console's Bonuses`,
    );
}

/** `bonus approve|reject <CODE> --as <admin>`: a second admin's decision on a bonus change that waits, as in the console. */
async function decideBonus(env: OperatorEnv, outcome: 'APPLIED' | 'REJECTED', args: string[], print: Print) {
  const { command, code, reason } = decisionOf(env, 'bonus', outcome, args);
  const ctx = await consoleBooks(env);
  const decided = await refusedAsUsage(command, CHANGE_REFUSALS, () =>
    decideBonusChange(ctx, { actor: env.actor! }, code, outcome, reason),
  );
  print(
    outcome === 'APPLIED'
      ? `bonus ${code}: the ${decided.kind === 'add' ? 'new bonus is offered to members' : 'change applies'}, counted against no one`
      : `bonus ${code}: the ${decided.kind === 'add' ? 'new bonus' : 'change'} is rejected; nothing changed`,
  );
}

async function bonusList(env: OperatorEnv, print: Print) {
  const db = env.database.db;
  const currency = siteCurrency(env.config);
  const rows = await db.selectFrom('bonuses').selectAll().orderBy('sort').orderBy('id').execute();
  print(`${rows.length} bonus(es) (code, offered, type, max received, gives, min deposit, turnover x, budget, given, active now, name)`);
  for (const b of rows) {
    const given =
      (await givenOfBonus(db, b.code)).map((g) => `${money(Number(g.total), g.currency as Currency)} ${g.currency}`).join(' + ') || '0';
    const holders = await db
      .selectFrom('member_bonuses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bonus_code', '=', b.code)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    const gives = b.give_percent !== null ? `${b.give_percent}% up to ${money(b.give_max, currency)}` : money(b.give_fixed, currency);
    print(
      `${b.code}\t${b.active ? 'yes' : 'no'}\t${b.type}\t${b.max_received}\t${gives}\t${money(b.min_deposit, currency)}\t${b.turnover_multiple}\t${money(b.budget, currency)}\t${given}\t${Number(holders.n)}\t${printable((JSON.parse(b.name) as { th: string }).th)}`,
    );
  }
  const waiting = await db.selectFrom('bonus_changes').selectAll().where('status', '=', 'PENDING').orderBy('id').execute();
  for (const w of waiting)
    print(
      `waiting for a second admin: ${w.kind} ${w.code}, budget +${money(w.budget_added, currency)} ${currency}, by ${w.proposed_by} ${new Date(Number(w.proposed_at)).toISOString()}: ${printable(w.reason)} (bonus approve|reject ${w.code} --as <admin>)`,
    );
}

async function promotionAdd(env: OperatorEnv, args: string[], print: Print) {
  const code = checkCode(args[0], 'promotion add');
  const currency = siteCurrency(env.config);
  const o = parseOptions(args.slice(1), [
    'description',
    'description-la',
    'description-en',
    'percent-fail',
    'percent',
    'max',
    'fixed',
    'min-deposit',
    'turnover',
    'uses',
    'reason',
  ]);
  const held = heldToTwoAdmins(env);
  if (held && !asStaff(env))
    throw new UsageError(
      'promotion add: a promotion puts money within members\' reach: an admin adds it (--as <admin> --uses N --reason "..."); the most it may pay counts against their allowance, past it a second admin approves',
    );
  const values = {
    code,
    description: perLanguage(o, 'description'),
    percent_fail: whole(o['percent-fail'], 'percent-fail', BONUS_RULES.percentFail.min, BONUS_RULES.percentFail.max, 100),
    ...giving(o, currency),
    min_deposit: amount(o['min-deposit'], 'min-deposit', currency, 0),
    turnover_multiple: whole(o.turnover, 'turnover', BONUS_RULES.turnover.min, BONUS_RULES.turnover.max, 1),
    total_uses: o.uses === undefined ? null : whole(o.uses, 'uses', 1, PROMOTION_MAX_USES),
  };
  if (held) return proposePromotionAdd(env, values, o.reason, print);
  const row = { ...values, active: 1, created_at: Date.now() };
  const added = await withTransaction(env.database, async (tx) => {
    const result = await tx
      .insertInto('promotions')
      .values(row)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    if (Number(result[0]?.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await auditCli(env, tx, { action: 'promotion.add', target: `promotion:${code}`, after: row, reason: givenReason(o.reason) ?? null });
    return true;
  });
  if (!added) throw new UsageError(`a promotion ${code} exists already`);
  print(`promotion ${code} added: members can find and receive it`);
}

/** What a refusal of an admin's `promotion add`, `approve` or `reject` says on the terminal. */
const PROMOTION_REFUSALS: Record<string, string> = {
  STAFF_FORBIDDEN: "promotion codes are an admin's: --as <username> of an admin who is not disabled",
  PROMOTION_CODE_TAKEN: 'a promotion with this code exists already',
  PROMOTION_DECIDED: 'no promotion with this code waits for a decision',
  FOUR_EYES: 'you added this promotion yourself: a second admin approves it (--as <another admin>)',
  ASKER_DISABLED: 'the admin who added it is disabled now: it is no longer approved; reject it to clear it',
  REASON_REQUIRED: '--reason "..." is 3 to 500 characters (a rejection needs one)',
};

/**
 * `promotion add --as <admin>` (in production the only way): the most it may pay (its uses at their most)
 * is the admin's credit; within their allowance it is offered at once, past it it waits for a second admin.
 */
async function proposePromotionAdd(env: OperatorEnv, values: PromotionValues, reason: string | undefined, print: Print) {
  if (values.total_uses === null)
    throw new UsageError(
      'promotion add: --uses N is needed: the most a promotion may pay is its uses at their most, counted against your allowance',
    );
  if (!givenReason(reason)) throw new UsageError('promotion add needs a reason: --reason "..." (3 to 500 characters)');
  const currency = siteCurrency(env.config);
  const because = await refusedAsUsage('promotion add', PROMOTION_REFUSALS, () =>
    addPromotionAsAdmin(books(env), { actor: env.actor! }, currency, values, reason!),
  );
  const reach = `${money(promotionReach(values), currency)} ${currency}`;
  if (because === null)
    print(`promotion ${values.code} added: members can find and receive it; the most it may pay, ${reach}, counts against your allowance`);
  else
    print(
      `promotion ${values.code} waits for a second admin, not offered meanwhile (the most it may pay, ${reach}, ${because === 'amount' ? 'is above the threshold' : 'with your credits of the last 24 hours would pass the threshold'}): promotion approve ${values.code} --as <another admin>`,
    );
}

/** `promotion approve|reject <CODE> --as <admin>`: a second admin's decision on a promotion that waits. */
async function decidePromotionCommand(env: OperatorEnv, outcome: 'APPLIED' | 'REJECTED', args: string[], print: Print) {
  const { command, code, reason } = decisionOf(env, 'promotion', outcome, args);
  await refusedAsUsage(command, PROMOTION_REFUSALS, () => decidePromotion(books(env), { actor: env.actor! }, code, outcome, reason));
  print(
    outcome === 'APPLIED'
      ? `promotion ${code} approved: members can find and receive it, counted against no one`
      : `promotion ${code} rejected: it is not offered`,
  );
}

async function promotionList(env: OperatorEnv, print: Print) {
  const db = env.database.db;
  const currency = siteCurrency(env.config);
  const rows = await db.selectFrom('promotions').selectAll().orderBy('id').execute();
  print(`${rows.length} promotion(s) (code, offered, gives, min deposit, turnover x, used / total uses)`);
  for (const p of rows) {
    const used = await usesOfPromotion(db, p.code);
    const gives = p.give_percent !== null ? `${p.give_percent}% up to ${money(p.give_max, currency)}` : money(p.give_fixed, currency);
    print(
      `${p.code}\t${p.active ? 'yes' : p.waits_because ? `waits for a second admin (${p.proposed_by})` : 'no'}\t${gives}\t${money(p.min_deposit, currency)}\t${p.turnover_multiple}\t${used} / ${p.total_uses ?? 'no limit'}`,
    );
  }
  // what a second admin reads before promotion approve: the most it may pay, why it waits, who added it, when and why
  const waiting = rows.filter((r) => r.waits_because !== null);
  const reasonOf = await proposalReasons(
    db,
    waiting.map((p) => p.code),
  );
  for (const p of waiting) {
    print(
      `waiting for a second admin: ${p.code}, the most it may pay ${money(promotionReach(p), currency)} ${currency} (${p.waits_because === 'amount' ? 'above the threshold' : "past its adder's 24 hours"}), by ${p.proposed_by} ${new Date(Number(p.created_at)).toISOString()}: ${printable(reasonOf.get(p.code) ?? '')} (promotion approve|reject ${p.code} --as <admin>)`,
    );
  }
}

async function disable(env: OperatorEnv, table: 'bonuses' | 'promotions', code: string | undefined, print: Print) {
  const what = table === 'bonuses' ? 'bonus' : 'promotion';
  if (!code) throw new UsageError(`${what} disable needs a code`);
  const found = await withTransaction(env.database, async (tx) => {
    let change: { before: object; after: object } | undefined;
    if (table === 'promotions') change = await stopOffering(tx, code);
    else {
      const row = await tx.selectFrom('bonuses').select('active').where('code', '=', code).forUpdate().executeTakeFirst();
      if (row) {
        await tx.updateTable('bonuses').set({ active: 0 }).where('code', '=', code).execute();
        change = { before: { active: Number(row.active) === 1 }, after: { active: false } };
      }
    }
    if (!change) return false;
    await auditCli(env, tx, { action: `${what}.disable`, target: `${what}:${code}`, ...change });
    return true;
  });
  if (!found) throw new UsageError(`no ${what} ${code}`);
  print(`${what} ${code} is no longer offered; members who hold it keep it until its turnover or cancel`);
}

/** A member's active bonus: what it is, its target, and the bets counted so far (the figure the server last saw). */
async function turnover(env: OperatorEnv, phone: string | undefined, print: Print) {
  if (!phone) throw new UsageError('turnover needs a phone number');
  const db = env.database.db;
  const member = await db.selectFrom('members').select(['id', 'currency']).where('phone', '=', phone).executeTakeFirst();
  if (!member) throw new UsageError(`no member with phone ${phone}`);
  const currency = member.currency;
  const rows = await db
    .selectFrom('member_bonuses')
    .selectAll()
    .where('member_id', '=', member.id)
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  const active = rows.find((r) => Number(r.active) === 1);
  if (!active) print(`${phone} has no active bonus`);
  else {
    const target = Number(active.turnover_target);
    const progress = Math.min(Number(active.turnover_progress), target);
    print(
      `${phone} active: ${active.bonus_code ? `bonus ${active.bonus_code}` : `promotion ${active.promotion_code}`} of ${money(active.amount, currency)} ${currency}, received ${new Date(Number(active.received_at)).toISOString()}`,
    );
    print(
      `turnover ${money(progress, currency)} of ${money(target, currency)} ${currency} (${money(target - progress, currency)} to play); withdrawals wait until then`,
    );
  }
  for (const r of rows.filter((x) => Number(x.active) !== 1))
    print(
      `ended: ${r.bonus_code ?? r.promotion_code} ${money(r.amount, currency)} ${currency}, ${r.finish_reason}, ${new Date(Number(r.finished_at)).toISOString()}`,
    );
}

/** What a refusal of `bonus end` says on the terminal. */
const END_REFUSALS: Record<string, string> = {
  NO_DATA: 'the member has no running bonus or promotion',
  STAFF_FORBIDDEN: 'ending a bonus frees its money on your word: --as <username> of a finance clerk or admin who is not disabled',
  FOUR_EYES: 'you asked for this end yourself: a second finance clerk or admin ends it (--as <another>)',
};

/** `bonus end <phone> --reason "..."`: the console's "End bonus", the same service and audit row. */
async function endBonus(env: OperatorEnv, rest: string[], print: Print) {
  const [phone, ...options] = rest;
  if (!phone || phone.startsWith('--')) throw new UsageError('bonus end needs a phone number: bonus end <phone> --reason "..."');
  const { reason } = parseOptions(options, ['reason']);
  const given = givenReason(reason);
  if (!given) throw new UsageError('bonus end needs a reason: bonus end <phone> --reason "..." (3 to 500 characters)');
  const member = await env.database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst();
  if (!member) throw new UsageError(`no member with phone ${phone}`);
  const end = await refusedAsUsage('bonus end', END_REFUSALS, () =>
    endRewardByStaff({ database: env.database, now: Date.now }, { actor: env.actor ?? CLI_SYSTEM }, member.id, given),
  );
  if ('waits' in end) print(waitsForSecond(`ending the bonus of ${phone}`, end.waits, `bonus end ${phone} --reason "..."`));
  else print(`ended ${end.ended.code} of ${phone} (journal entry ${end.ended.journalId}); no money moved`);
}

export const bonusCommands: CommandSet = {
  help: `  npm run operator -- bonus list                 list bonuses: offered, type, limits, what they give, budget, given so far
  npm run operator -- bonus add <CODE> --name "..." [--name-en "..."] [--name-la "..."] (--percent P --max M | --fixed F)
                       [--type limit|day|week] [--max-received N] [--min-deposit A] [--turnover X] [--percent-fail P] [--budget A]
                       [--html "..."] [--notice "..."] [--image /bonus/daily.svg]
                       [--reason "..."]   offer a new bonus. In production, and for a staff member's --as, it is an admin's
                       (--as <admin> --budget A --reason "..."): its budget counts against their allowance of the money
                       policy; past it the bonus waits for a second admin (bonus list shows what waits)
  npm run operator -- bonus approve <CODE> [--reason "..."] --as <admin>
  npm run operator -- bonus reject <CODE> --reason "..." --as <admin>
                                                a second admin's decision on a bonus that waits (as in the console)
  npm run operator -- bonus disable <CODE>       stop offering a bonus (members who hold it keep it)
  npm run operator -- promotion list             list promotion codes and how often each was used
  npm run operator -- promotion add <CODE> --description "..." [--description-en "..."] (--percent P --max M | --fixed F)
                       [--min-deposit A] [--turnover X] [--percent-fail P] [--uses N] [--reason "..."]   add a promotion code.
                       In production, and for a staff member's --as, it is an admin's (--as <admin> --uses N --reason "..."):
                       its uses at their most count against their allowance; past it the code waits, not offered, for a second admin
  npm run operator -- promotion approve <CODE> [--reason "..."] --as <admin>
  npm run operator -- promotion reject <CODE> --reason "..." --as <admin>
                                                a second admin's decision on a promotion code that waits
  npm run operator -- promotion disable <CODE>   stop a promotion code (finding it answers NO_PROMOTION)
  npm run operator -- turnover <phone>           the member's active bonus, its turnover target and progress
  npm run operator -- bonus end <phone> --reason "..." --as <username>   end the member's running bonus or promotion
                       (no money moves; the money is free from then on; take money back with adjust debit). Its amount
                       counts as the finance clerk's or admin's credit: past their allowance it waits for a second one's end
`,
  async run(env, args, print) {
    const [group, action, ...rest] = args;
    if (group === 'turnover') {
      await turnover(env, action, print);
      return true;
    }
    switch (`${group ?? ''} ${action ?? ''}`) {
      case 'bonus list':
        await bonusList(env, print);
        return true;
      case 'bonus add':
        await bonusAdd(env, rest, print);
        return true;
      case 'bonus approve':
        await decideBonus(env, 'APPLIED', rest, print);
        return true;
      case 'bonus reject':
        await decideBonus(env, 'REJECTED', rest, print);
        return true;
      case 'bonus disable':
        await disable(env, 'bonuses', rest[0], print);
        return true;
      case 'bonus end':
        await endBonus(env, rest, print);
        return true;
      case 'promotion list':
        await promotionList(env, print);
        return true;
      case 'promotion add':
        await promotionAdd(env, rest, print);
        return true;
      case 'promotion approve':
        await decidePromotionCommand(env, 'APPLIED', rest, print);
        return true;
      case 'promotion reject':
        await decidePromotionCommand(env, 'REJECTED', rest, print);
        return true;
      case 'promotion disable':
        await disable(env, 'promotions', rest[0], print);
        return true;
      default:
        return false;
    }
  },
};
