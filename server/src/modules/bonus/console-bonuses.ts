import { sql, type Selectable } from 'kysely';
import { personOf } from '../../../../contract/staff.js';
import {
  BONUS_RULES,
  type BonusChangeView,
  type BonusDraft,
  type StaffBonus,
  type StaffBonusList,
} from '../../../../contract/staff-bonuses.js';
import type { AppContext } from '../../context.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import type { BonusChangesTable, BonusesTable } from '../../db/schema-bonus.js';
import { ApiError, badRequest, conflict, forbidden } from '../../lib/errors.js';
import { siteMoney } from '../../lib/site-money.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { creditAlone, creditAloneLeft, requireStaffRole } from '../adjustments/service.js';
import { askerDisabled, recordAudit, decisionReason, requiredReason, type By } from '../audit/service.js';
import { badMoneyPlaceholder } from './money-text.js';
import { giveColumns, invalid, minor, texts, within } from './draft-rules.js';
import { paidSoFar } from './repository.js';

/**
 * Bonuses made and changed in the staff console (contract/staff-bonuses.ts): held to the CLI's rules
 * (BONUS_RULES), their budget added counted against the admin's allowance of the money policy, beyond it
 * waiting for a second admin. Each step writes its audit row in its own transaction.
 */

type Books = Pick<AppContext, 'database' | 'now' | 'config' | 'settings'>;

/** The first key of these changes' advisory locks (two-key form): one per bonus code and schema, held to the transaction's end. */
const BONUS_LOCK_CLASS = 52;
/**
 * Changes of one bonus are made one at a time: a new code has no row to lock yet, so two adds of it at
 * once would both see it free; with the lock, the second sees the first's bonus or waiting change.
 */
const lockCode = (tx: Tx, code: string) =>
  sql`select pg_advisory_xact_lock(${BONUS_LOCK_CLASS}, hashtext(current_schema() || ':' || ${code}))`.execute(tx);

const DEFAULT_NOTICE = JSON.stringify({
  th: 'หากไม่ผ่านเงื่อนไขจะถูกหัก {percentFail}% ของโบนัส',
  la: 'ຫາກບໍ່ຜ່ານເງື່ອນໄຂຈະຖືກຫັກ {percentFail}% ຂອງໂບນັດ',
  en: 'If the conditions are not met, {percentFail}% of the bonus is forfeited.',
});

/** The bonus's columns from a draft, checked against the rules (what `bonus add` checks, in the API's words). */
export function bonusColumns(draft: BonusDraft, currency: Currency) {
  if (!BONUS_RULES.code.test(draft.code)) throw invalid('code');
  const name = texts(draft.name);
  // members read both with every {money:N} in their currency: a broken placeholder would show its braces
  if (!name.th || badMoneyPlaceholder(name) !== undefined) throw invalid('name');
  const html = draft.html ? texts(draft.html) : name;
  if (badMoneyPlaceholder(html) !== undefined) throw invalid('html');
  const give = giveColumns(draft.give, currency);
  return {
    code: draft.code,
    name: JSON.stringify(name),
    html: JSON.stringify(html),
    type: draft.type,
    max_received: within(draft.maxReceived, 'maxReceived', BONUS_RULES.maxReceived),
    percent_fail: within(draft.percentFail, 'percentFail', BONUS_RULES.percentFail),
    ...give,
    min_deposit: minor(draft.minDeposit, 'minDeposit', currency),
    turnover_multiple: within(draft.turnover, 'turnover', BONUS_RULES.turnover),
    budget: minor(draft.budget, 'budget', currency, 1),
  };
}
type Columns = ReturnType<typeof bonusColumns>;

/** The draft a stored bonus reads as (major units of the site's currency). */
export function draftOf(row: Selectable<BonusesTable>, currency: Currency): BonusDraft {
  const major = (m: number | null) => toMajor(Number(m ?? 0), currency);
  return {
    code: row.code,
    name: JSON.parse(row.name) as BonusDraft['name'],
    html: JSON.parse(row.html) as BonusDraft['html'],
    type: row.type,
    maxReceived: Number(row.max_received),
    give: row.give_fixed !== null ? { fixed: major(row.give_fixed) } : { percent: Number(row.give_percent), max: major(row.give_max) },
    minDeposit: major(row.min_deposit),
    turnover: Number(row.turnover_multiple),
    percentFail: Number(row.percent_fail),
    budget: major(row.budget),
  };
}

function changeView(row: Selectable<BonusChangesTable>, currency: Currency): BonusChangeView {
  return {
    id: row.id,
    kind: row.kind,
    bonus: JSON.parse(row.value) as BonusDraft,
    budgetAdded: toMajor(Number(row.budget_added), currency),
    reason: row.reason,
    proposedBy: row.proposed_by,
    proposedAt: new Date(Number(row.proposed_at)).toISOString(),
    status: row.status,
    waitsBecause: row.waits_because,
  };
}

/** Writes a change into the bonuses table: a new bonus offered at once, or a bonus's terms replaced (offered or not as it was). */
async function apply(tx: Tx, kind: 'add' | 'edit', columns: Columns, now: number) {
  if (kind === 'add') {
    await tx
      .insertInto('bonuses')
      .values({
        ...columns,
        notice: DEFAULT_NOTICE,
        banners: JSON.stringify([{ image: '/bonus/daily.svg', html: JSON.parse(columns.html) as object }]),
        active: 1,
        sort: 100,
        created_at: now,
      })
      .execute();
  } else {
    await tx.updateTable('bonuses').set(columns).where('code', '=', columns.code).execute();
  }
}

/** The list the console shows: every bonus with what it gave, and the changes that wait (new bonuses among them). */
export async function listConsoleBonuses(ctx: Books, username: string): Promise<StaffBonusList> {
  const db = ctx.database.db;
  const site = siteMoney(ctx.config, ctx.settings.get('bonus'));
  const rows = await db.selectFrom('bonuses').selectAll().orderBy('sort').orderBy('id').execute();
  const waiting = await db.selectFrom('bonus_changes').selectAll().where('status', '=', 'PENDING').orderBy('id').execute();
  const waitingOf = new Map(waiting.map((w) => [w.code, changeView(w, site.currency)]));
  const bonuses: StaffBonus[] = [];
  for (const row of rows) {
    const given = await paidSoFar(db, row.code, site);
    const holders = await db
      .selectFrom('member_bonuses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('bonus_code', '=', row.code)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    bonuses.push({
      bonus: draftOf(row, site.currency),
      offered: Number(row.active) === 1,
      unbudgeted: row.budget === null,
      given: toMajor(given, site.currency),
      holders: Number(holders.n),
      waiting: waitingOf.get(row.code) ?? null,
    });
  }
  for (const w of waiting.filter((c) => c.kind === 'add'))
    bonuses.push({
      bonus: JSON.parse(w.value) as BonusDraft,
      offered: false,
      unbudgeted: false,
      given: 0,
      holders: 0,
      waiting: waitingOf.get(w.code)!,
    });
  const left = await creditAloneLeft(db, username, ctx.now());
  return { currency: site.currency, bonuses, aloneLeft: toMajor(left[site.currency], site.currency) };
}

/**
 * An admin adds a bonus (`kind` add) or changes one (edit). The budget it adds is judged by the money
 * policy as the admin's credit: within their allowance it applies now, else it waits for a second admin.
 */
export async function proposeBonus(ctx: Books, by: By, kind: 'add' | 'edit', draft: BonusDraft, reason: string): Promise<BonusChangeView> {
  const why = requiredReason(reason);
  const site = siteMoney(ctx.config, ctx.settings.get('bonus'));
  const columns = bonusColumns(draft, site.currency);
  const stored: BonusDraft = draftOf(
    { ...columns, id: 0, notice: '', banners: '', first_deposit: 0, active: 1, sort: 0, created_at: 0 },
    site.currency,
  );
  const now = ctx.now();
  return withTransaction(ctx.database, async (tx) => {
    // an admin's, from the console or the CLI's --as alike (403 STAFF_FORBIDDEN)
    await requireStaffRole(tx, by.actor, ['admin']);
    await lockCode(tx, columns.code);
    const current = await tx.selectFrom('bonuses').selectAll().where('code', '=', columns.code).executeTakeFirst();
    if (kind === 'add' && current) throw badRequest('BONUS_CODE_TAKEN');
    if (kind === 'edit' && !current) throw new ApiError(404, 'NO_DATA');
    const pending = await tx
      .selectFrom('bonus_changes')
      .select('id')
      .where('code', '=', columns.code)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (pending) throw conflict('BONUS_CHANGE_PENDING');
    // what it adds within members' reach: all of a new budget, the increase of a changed one. A bonus the
    // CLI made with no budget has had no one's word on its size in the console: the budget it is given
    // counts whole, less what it has paid (else its `give` could be raised freely under "unlimited")
    const before = current ? (current.budget === null ? await paidSoFar(tx, current.code, site) : Number(current.budget)) : 0;
    const added = Math.max(0, columns.budget - before);
    const because =
      added === 0
        ? null
        : await creditAlone(tx, {
            person: by.actor.username,
            currency: site.currency,
            amount: added,
            source: `bonus:${columns.code}`,
            memberId: null,
            at: now,
          });
    const status = because === null ? 'APPLIED' : 'PENDING';
    const row = await tx
      .insertInto('bonus_changes')
      .values({
        code: columns.code,
        kind,
        value: JSON.stringify(stored),
        budget_added: added,
        reason: why,
        proposed_by: `${by.actor.kind}:${by.actor.username}`,
        proposed_at: now,
        status,
        waits_because: because,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, by.actor, {
      action: because === null ? `bonus.${kind}` : 'bonus.propose',
      target: `bonus:${columns.code}`,
      before: current ? draftOf(current, site.currency) : undefined,
      after: { ...stored, ...(because && { waitsBecause: because, change: row.id }) },
      reason: why,
      ip: by.ip ?? null,
      at: now,
    });
    if (because === null) await apply(tx, kind, columns, now);
    return changeView(row, site.currency);
  });
}

/** A second admin approves the change that waits for `code` (then it applies, counted against no one) or rejects it. */
export async function decideBonusChange(ctx: Books, by: By, code: string, outcome: 'APPLIED' | 'REJECTED', reason?: string) {
  const site = siteMoney(ctx.config, ctx.settings.get('bonus'));
  const why = decisionReason(outcome, reason);
  const now = ctx.now();
  return withTransaction(ctx.database, async (tx) => {
    await requireStaffRole(tx, by.actor, ['admin']);
    await lockCode(tx, code);
    const row = await tx
      .selectFrom('bonus_changes')
      .selectAll()
      .where('code', '=', code)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (!row) throw conflict('BONUS_CHANGE_DECIDED');
    // the proposer may withdraw their own change (a rejection), never approve it
    if (outcome === 'APPLIED' && personOf(row.proposed_by) === by.actor.username) throw forbidden('FOUR_EYES');
    if (outcome === 'APPLIED' && (await askerDisabled(tx, row.proposed_by))) throw conflict('ASKER_DISABLED');
    const decided = await tx
      .updateTable('bonus_changes')
      .set({ status: outcome, decided_by: `${by.actor.kind}:${by.actor.username}`, decided_at: now, decision_reason: why })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const draft = JSON.parse(row.value) as BonusDraft;
    if (outcome === 'APPLIED') {
      const current = await tx.selectFrom('bonuses').select('id').where('code', '=', code).executeTakeFirst();
      // an add whose code was taken meanwhile (the CLI) or an edit of a bonus gone: nothing to apply it to
      if ((row.kind === 'add') === Boolean(current)) throw conflict('BONUS_CHANGE_DECIDED');
      await apply(tx, row.kind, bonusColumns(draft, site.currency), now);
    }
    await recordAudit(tx, by.actor, {
      action: outcome === 'APPLIED' ? 'bonus.approve' : 'bonus.reject',
      target: `bonus:${code}`,
      after: { change: row.id, kind: row.kind, proposedBy: row.proposed_by, ...(outcome === 'APPLIED' && { bonus: draft }) },
      reason: why,
      ip: by.ip ?? null,
      at: now,
    });
    return changeView(decided, site.currency);
  });
}

/** Stops offering a bonus (members who hold it keep it), or offers a stopped one again. */
export async function offerBonus(ctx: Books, by: By, code: string, offered: boolean, reason: string | undefined) {
  const why = requiredReason(reason);
  const now = ctx.now();
  return withTransaction(ctx.database, async (tx) => {
    await lockCode(tx, code);
    const row = await tx.selectFrom('bonuses').select(['active', 'budget']).where('code', '=', code).executeTakeFirst();
    if (!row) throw new ApiError(404, 'NO_DATA');
    // an unlimited bonus the CLI made is offered again only with a budget (a change gives it one)
    if (offered && row.budget === null) throw conflict('BONUS_BUDGET_NEEDED');
    await tx
      .updateTable('bonuses')
      .set({ active: offered ? 1 : 0 })
      .where('code', '=', code)
      .execute();
    await recordAudit(tx, by.actor, {
      action: offered ? 'bonus.offer' : 'bonus.disable',
      target: `bonus:${code}`,
      before: { active: Number(row.active) === 1 },
      after: { active: offered },
      reason: why,
      ip: by.ip ?? null,
      at: now,
    });
    return { offered };
  });
}
