import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import type { PromotionsTable } from '../../db/schema-bonus.js';
import { ApiError, conflict, forbidden } from '../../lib/errors.js';
import type { Currency } from '../../ledger/money.js';
import { personOf } from '../../../../contract/staff.js';
import { creditAlone, requireStaffRole, type SecondBecause } from '../adjustments/service.js';
import { askerDisabled, madeBy, recordAudit, decisionReason, requiredReason, type By } from '../audit/service.js';

/**
 * A promotion code an admin adds (`promotion add --as <admin>`, in production the only way): the most it may
 * pay, its uses times its most per use, is judged by the money policy as the admin's credit, as a bonus's
 * budget is in the console. Within their allowance it is offered at once and counted; past it the code is
 * kept, not offered (`waits_because`), until a second admin approves it (counted against no one) or it is
 * rejected. The adder may withdraw it (reject), never approve it (403 FOUR_EYES).
 */

type Books = Pick<AppContext, 'database' | 'now'>;

export type PromotionValues = Omit<Insertable<PromotionsTable>, 'active' | 'waits_because' | 'proposed_by' | 'created_at'>;

/** The most a promotion may pay: every use at its most. Null when its uses have no limit (no bound to judge). */
export function promotionReach(values: Pick<PromotionValues, 'total_uses' | 'give_fixed' | 'give_max'>): number | null {
  if (values.total_uses === null || values.total_uses === undefined) return null;
  return values.total_uses * Number(values.give_fixed ?? values.give_max ?? 0);
}

/** Adds an admin's promotion: offered now (answers null) or waiting for a second admin (answers why). */
export async function addPromotionAsAdmin(
  ctx: Books,
  by: By,
  currency: Currency,
  values: PromotionValues,
  reason: string,
): Promise<SecondBecause> {
  const why = requiredReason(reason);
  const reach = promotionReach(values);
  // a code with no limit to its uses has no most it may pay: nothing to judge, so none is added this way
  if (reach === null) throw new ApiError(400, 'KEY_INVALID', 'total_uses');
  const now = ctx.now();
  return withTransaction(ctx.database, async (tx) => {
    await requireStaffRole(tx, by.actor, ['admin']);
    const taken = await tx.selectFrom('promotions').select('id').where('code', '=', values.code).executeTakeFirst();
    if (taken) throw conflict('PROMOTION_CODE_TAKEN');
    const because = await creditAlone(tx, {
      person: by.actor.username,
      currency,
      amount: reach,
      source: `promotion:${values.code}`,
      memberId: null,
      at: now,
    });
    const row = { ...values, active: because === null ? 1 : 0, waits_because: because, proposed_by: madeBy(by.actor), created_at: now };
    // two adds of one code at once: the second's insert finds the first's row and rolls back its credit with it
    const inserted = await tx
      .insertInto('promotions')
      .values(row)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    if (Number(inserted[0]?.numInsertedOrUpdatedRows ?? 0) !== 1) throw conflict('PROMOTION_CODE_TAKEN');
    await recordAudit(tx, by.actor, {
      action: because === null ? 'promotion.add' : 'promotion.propose',
      target: `promotion:${values.code}`,
      after: { ...row, reach, ...(because && { waitsBecause: because }) },
      reason: why,
      ip: by.ip ?? null,
      at: now,
    });
    return because;
  });
}

/**
 * A second admin's decision on a promotion that waits: approved, it is offered (counted against no one);
 * rejected (the adder may withdraw their own), it stays not offered and waits no more.
 */
export async function decidePromotion(ctx: Books, by: By, code: string, outcome: 'APPLIED' | 'REJECTED', reason?: string): Promise<void> {
  const why = decisionReason(outcome, reason);
  const now = ctx.now();
  await withTransaction(ctx.database, async (tx) => {
    await requireStaffRole(tx, by.actor, ['admin']);
    const row = await tx
      .selectFrom('promotions')
      .select(['id', 'waits_because', 'proposed_by'])
      .where('code', '=', code)
      .forUpdate()
      .executeTakeFirst();
    if (!row?.waits_because) throw conflict('PROMOTION_DECIDED');
    if (outcome === 'APPLIED' && row.proposed_by !== null && personOf(row.proposed_by) === by.actor.username) throw forbidden('FOUR_EYES');
    if (outcome === 'APPLIED' && row.proposed_by !== null && (await askerDisabled(tx, row.proposed_by))) throw conflict('ASKER_DISABLED');
    await tx
      .updateTable('promotions')
      .set({ waits_because: null, active: outcome === 'APPLIED' ? 1 : 0 })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(tx, by.actor, {
      action: outcome === 'APPLIED' ? 'promotion.approve' : 'promotion.reject',
      target: `promotion:${code}`,
      before: { waitsBecause: row.waits_because, proposedBy: row.proposed_by },
      after: { active: outcome === 'APPLIED' },
      reason: why,
      ip: by.ip ?? null,
      at: now,
    });
  });
}

/**
 * Stops offering a promotion code (locked: an approval landing between the read and the write would leave the
 * trail without its wait); one that waited for a second admin waits no more and is never approved later.
 * Answers the audit row's before and after, or undefined when there is no such code. The CLI's `promotion
 * disable` and the console's stop both end a code here, each writing the trail as its actor.
 */
export async function stopOffering(tx: Tx, code: string) {
  const row = await tx
    .selectFrom('promotions')
    .select(['active', 'waits_because', 'proposed_by'])
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  await tx.updateTable('promotions').set({ active: 0, waits_because: null }).where('code', '=', code).execute();
  const waited = row.waits_because !== null;
  return {
    before: { active: Number(row.active) === 1, ...(waited && { waitedForSecondAdmin: true, proposedBy: row.proposed_by }) },
    after: { active: false, ...(waited && { waitedForSecondAdmin: false }) },
  };
}

/** An admin stops offering a code in the console, with a reason; members who hold it keep it. */
export async function stopPromotion(ctx: Books, by: By, code: string, reason: string | undefined): Promise<void> {
  const why = requiredReason(reason);
  const now = ctx.now();
  await withTransaction(ctx.database, async (tx) => {
    await requireStaffRole(tx, by.actor, ['admin']);
    // locked before it is judged: two stops at once write one row in the trail, the second finds it stopped
    const offered = await tx
      .selectFrom('promotions')
      .select(['active', 'waits_because'])
      .where('code', '=', code)
      .forUpdate()
      .executeTakeFirst();
    if (!offered) throw new ApiError(404, 'NO_PROMOTION');
    // stopped or decided meanwhile (another admin's page was older): nothing to stop, nothing written
    if (Number(offered.active) !== 1 && offered.waits_because === null) throw conflict('PROMOTION_NOT_OFFERED');
    const change = await stopOffering(tx, code);
    if (!change) throw new ApiError(404, 'NO_PROMOTION');
    await recordAudit(tx, by.actor, {
      action: 'promotion.disable',
      target: `promotion:${code}`,
      ...change,
      reason: why,
      ip: by.ip ?? null,
      at: now,
    });
  });
}

/** The reason each waiting code's adder gave, from the trail (a code proposed again keeps its latest), by code. */
export async function proposalReasons(db: Tx, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db
    .selectFrom('audit_log')
    .select(['target', 'reason'])
    .where(
      'target',
      'in',
      codes.map((code) => `promotion:${code}`),
    )
    .where('action', '=', 'promotion.propose')
    .orderBy('id')
    .execute();
  return new Map(rows.map((a) => [a.target.slice('promotion:'.length), a.reason ?? '']));
}
