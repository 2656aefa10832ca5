import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuditLogTable } from '../../db/schema-staff.js';
import type { Tx } from '../../db/transaction.js';

/**
 * The audit trail's hash chain (migration 0043): at each audited commit the database links the row to the
 * link before it, with a SHA-256 of the row's fields and the previous link's hash. `verifyChain` recomputes
 * every link here, in TypeScript, from the rows as they are now, so it does not trust any function stored
 * in the database: a row changed, a row removed, a link removed or a row slipped in with the chain's
 * trigger off is named. Someone able to rewrite every later link could hide a change: the head hash it
 * prints is what an operator keeps elsewhere (a ticket, a printout) to compare later.
 */

/** One field as the migration's audit_field_v1 writes it: its byte length, ':', the text; '~' for none. */
const field = (text: string | number | null) => {
  if (text === null) return '~';
  const value = String(text);
  return `${Buffer.byteLength(value, 'utf8')}:${value}`;
};

export const GENESIS = '0'.repeat(64);

/** A row as stored: every field the link covers. */
type Row = Selectable<AuditLogTable>;

/** The hash of link `seq` for `row` after the link whose hash is `prev`: the trigger's formula. */
export function linkHash(seq: number, row: Row, prev: string): string {
  const text = [
    seq,
    row.id,
    row.at,
    row.actor_kind,
    row.actor_username,
    row.action,
    row.target,
    row.before_json,
    row.after_json,
    row.reason,
    row.ip,
    row.member_id,
    row.money,
    prev,
  ]
    .map(field)
    .join('');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface ChainReport {
  /** Links checked. */
  links: number;
  /** Rows written before the chain existed (ids below its first row): not covered. */
  beforeChain: number;
  /** What does not hold, in chain order: the first names the first row changed or removed. */
  problems: string[];
  /** The last link's hash: keep it elsewhere to compare with a later run. */
  head: string | null;
}

const PAGE = 2000;

/** Walks the whole chain, a page of links at a time. */
export async function verifyChain(db: Tx, maxProblems = 20): Promise<ChainReport> {
  const problems: string[] = [];
  const say = (line: string) => {
    if (problems.length < maxProblems) problems.push(line);
  };
  let expected = 1;
  let prev = GENESIS;
  let links = 0;
  const chained = new Set<number>();
  for (;;) {
    const page = await db.selectFrom('audit_chain').selectAll().where('seq', '>=', expected).orderBy('seq').limit(PAGE).execute();
    if (!page.length) break;
    const rows = await db
      .selectFrom('audit_log')
      .selectAll()
      .where(
        'id',
        'in',
        page.map((l) => l.audit_id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const link of page) {
      const seq = Number(link.seq);
      if (seq !== expected) say(`chain links ${expected} to ${seq - 1} were removed (before audit row ${link.audit_id})`);
      else if (link.prev_hash !== prev) say(`chain link ${seq} (audit row ${link.audit_id}) does not follow the link before it`);
      chained.add(link.audit_id);
      const row = byId.get(link.audit_id);
      if (!row) say(`audit row ${link.audit_id} (chain link ${seq}) was removed`);
      else {
        if (linkHash(seq, { ...row, at: Number(row.at) }, link.prev_hash) !== link.hash)
          say(`audit row ${link.audit_id} (chain link ${seq}) was changed`);
      }
      prev = link.hash;
      expected = seq + 1;
      links += 1;
    }
  }
  let beforeChain = 0;
  let firstChained = Infinity;
  for (const id of chained) firstChained = Math.min(firstChained, id);
  // every row since the chain began has a link: one without was written with the chain's trigger off
  const ids = await db.selectFrom('audit_log').select('id').orderBy('id').execute();
  for (const { id } of ids) {
    if (id < firstChained) beforeChain += 1;
    else if (!chained.has(id)) say(`audit row ${id} is not in the chain (written with the chain switched off)`);
  }
  return { links, beforeChain, problems, head: links ? prev : null };
}
