import type { Tx } from '../../db/transaction.js';
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery } from '../../../../contract/staff.js';
import { serialCursor } from '../../lib/id-cursor.js';

const parsed = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * A page of the audit trail, newest first: exact filters on the actor's username, the action and the
 * target (`member:<phone>` also finds the rows filed under that member); `before` an id.
 */
export async function auditPage(db: Tx, query: AuditQuery): Promise<AuditPage> {
  let select = db
    .selectFrom('audit_log')
    .leftJoin('members', 'members.id', 'audit_log.member_id')
    .selectAll('audit_log')
    .select('members.phone as member_phone')
    .orderBy('audit_log.id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1);
  if (query.actor) select = select.where('actor_username', '=', query.actor);
  if (query.action) select = select.where('action', '=', query.action);
  const phone = query.target?.startsWith('member:') ? query.target.slice('member:'.length) : undefined;
  // a member's rows: those that name them, and those filed under them (their slips, withdrawals, adjustments)
  if (phone !== undefined)
    select = select.where((eb) =>
      eb.or([
        eb('target', '=', query.target!),
        eb('audit_log.member_id', '=', eb.selectFrom('members').select('id').where('phone', '=', phone)),
      ]),
    );
  else if (query.target) select = select.where('target', '=', query.target);
  if (query.before) select = select.where('audit_log.id', '<', serialCursor(query.before));
  const rows = await select.execute();
  return {
    rows: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      id: r.id,
      at: new Date(Number(r.at)).toISOString(),
      actor: { kind: r.actor_kind, username: r.actor_username },
      action: r.action,
      target: r.target,
      before: parsed(r.before_json),
      after: parsed(r.after_json),
      reason: r.reason,
      ip: r.ip,
      member: r.member_id !== null && r.member_phone !== null ? { id: r.member_id, phone: r.member_phone } : null,
      money: r.money,
    })),
    more: rows.length > AUDIT_PAGE_SIZE,
  };
}
