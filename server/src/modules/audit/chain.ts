import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuditLogTable } from '../../db/schema-staff.js';
import type { Database } from '../../db/database.js';
import { inSnapshot } from '../../db/transaction.js';

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

const GENESIS = '0'.repeat(64);

/** A row as stored: every field the link covers. */
type Row = Selectable<AuditLogTable>;

/** The hash of link `seq` for `row` after the link whose hash is `prev`: the trigger's formula. */
function linkHash(seq: number, row: Row, prev: string): string {
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

/** What `audit verify` names at most: the first problems, the first of them first. */
const MAX_PROBLEMS = 20;

/**
 * Walks the whole chain, a page of links at a time, in one snapshot: a row committed meanwhile is in it
 * with its link, or in neither.
 */
export function verifyChain(database: Database): Promise<ChainReport> {
  return inSnapshot(database, async (db) => {
    const problems: string[] = [];
    const say = (line: string) => {
      if (problems.length < MAX_PROBLEMS) problems.push(line);
    };
    let expected = 1;
    let prev = GENESIS;
    let links = 0;
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
        const row = byId.get(link.audit_id);
        if (!row) say(`audit row ${link.audit_id} (chain link ${seq}) was removed`);
        else if (linkHash(seq, { ...row, at: Number(row.at) }, link.prev_hash) !== link.hash)
          say(`audit row ${link.audit_id} (chain link ${seq}) was changed`);
        prev = link.hash;
        expected = seq + 1;
        links += 1;
      }
    }
    // every row since the chain began (its lowest row) has a link: one without was written with the chain's trigger off
    const first =
      (
        await db
          .selectFrom('audit_chain')
          .select((eb) => eb.fn.min('audit_id').as('id'))
          .executeTakeFirst()
      )?.id ?? null;
    const before = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('rows'))
      .$if(first !== null, (q) => q.where('id', '<', first!))
      .executeTakeFirstOrThrow();
    if (first !== null) {
      const unchained = await db
        .selectFrom('audit_log')
        .leftJoin('audit_chain', 'audit_chain.audit_id', 'audit_log.id')
        .select('audit_log.id')
        .where('audit_chain.seq', 'is', null)
        .where('audit_log.id', '>=', first)
        .orderBy('audit_log.id')
        .limit(MAX_PROBLEMS)
        .execute();
      for (const { id } of unchained) say(`audit row ${id} is not in the chain (written with the chain switched off)`);
    }
    return { links, beforeChain: Number(before.rows), problems, head: links ? prev : null };
  });
}
