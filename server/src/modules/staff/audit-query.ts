import type { Tx } from '../../db/transaction.js';
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery } from '../../../../contract/staff.js';

const parsed = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** A page of the audit trail, newest first: exact filters on the actor's username, the action and the target; `before` an id. */
export async function auditPage(db: Tx, query: AuditQuery): Promise<AuditPage> {
  let select = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1);
  if (query.actor) select = select.where('actor_username', '=', query.actor);
  if (query.action) select = select.where('action', '=', query.action);
  if (query.target) select = select.where('target', '=', query.target);
  if (query.before) select = select.where('id', '<', Number(query.before));
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
    })),
    more: rows.length > AUDIT_PAGE_SIZE,
  };
}
