import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { ApiError, conflict, isUniqueViolation } from '../../lib/errors.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import type {
  StatementAccount,
  StatementAction,
  StatementMember,
  StatementPreview,
  StatementPreviewLine,
  StatementQuery,
} from '../../../../contract/staff-statements.js';
import { creditAloneLeft } from '../adjustments/service.js';
import { madeBy, recordAudit, type By } from '../audit/service.js';
import { creditLine } from './credit.js';
import { sameAccount, STATEMENT_BANKS, type RawLine, type StatementBank } from './layouts.js';
import { planLine, type Plan } from './match.js';
import type { StatementReader } from './statement-file.js';

/**
 * A statement's preview and import (contract/staff-statements.ts). The preview reads the file and plans
 * every incoming line (match.ts) without keeping anything. The import reads the same file again (its
 * sha256 must be the previewed one's), plans afresh and does it all in one transaction: the import's row,
 * every line's row (a line already kept for this account, by its fingerprint, is refused and counted), each
 * link and credit (credit.ts, under the money policy), the audit rows. A failure anywhere keeps nothing.
 */

/** The server's context, or the CLI's: its statement reader works in a worker thread in the server, inline in the CLI. */
type Books = Pick<AppContext, 'database' | 'now' | 'settings'> & { statementReader: StatementReader };

/** The deposit accounts of the `deposit` setting a statement can be of (accounts to transfer to, not QR providers). */
export function statementAccounts(ctx: Pick<AppContext, 'settings'>): StatementAccount[] {
  return ctx.settings
    .get('deposit')
    .banks.filter((b) => b.bankType === 'DEPOSIT')
    .map((b) => ({ accountNo: b.bankAccountNo, bankCode: b.bankCode, name: b.nameEN, currency: b.currency }));
}

interface Read {
  account: StatementAccount;
  bank: StatementBank;
  format: 'csv' | 'xlsx' | 'html';
  sha256: string;
  lines: RawLine[];
  outgoing: number;
}

async function read(ctx: Books, bytes: Buffer, query: StatementQuery): Promise<Read> {
  const account = statementAccounts(ctx).find((a) => a.accountNo === query.account);
  if (!account) throw new ApiError(400, 'STATEMENT_ACCOUNT_UNKNOWN');
  const chosen = query.bank ?? STATEMENT_BANKS.find((b) => b === account.bankCode);
  const parsed = await ctx.statementReader.read(bytes, { currency: account.currency, chosen, now: ctx.now() });
  if (parsed.accountNo && !sameAccount(parsed.accountNo, account.accountNo)) throw new ApiError(400, 'STATEMENT_ACCOUNT_MISMATCH');
  // the same moment's lines in the order the bank wrote them: earlier transfers first
  const lines = [...parsed.lines].sort((a, b) => a.at - b.at || a.rowNo - b.rowNo);
  return {
    account,
    bank: parsed.bank,
    format: parsed.format,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    lines,
    outgoing: parsed.outgoing,
  };
}

const keptBefore = async (tx: Tx, accountNo: string, lines: readonly RawLine[]) => {
  const kept = new Set<string>();
  for (let i = 0; i < lines.length; i += 500) {
    const rows = await tx
      .selectFrom('statement_lines')
      .select('fingerprint')
      .where('account_no', '=', accountNo)
      .where(
        'fingerprint',
        'in',
        lines.slice(i, i + 500).map((l) => l.fingerprint),
      )
      .execute();
    for (const r of rows) kept.add(r.fingerprint);
  }
  return kept;
};

async function membersOf(tx: Tx, ids: readonly number[]): Promise<Map<number, StatementMember>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .selectFrom('members')
    .select(['id', 'phone', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

const ACTION: Record<Plan['action'], StatementAction> = {
  link: 'link',
  'credit-request': 'credit-request',
  'credit-member': 'credit-member',
  queue: 'queue',
};

const planMember = (plan: Plan | null) => (plan && 'memberId' in plan ? plan.memberId : null);

function previewLine(line: RawLine, currency: Currency, plan: Plan | null, members: Map<number, StatementMember>): StatementPreviewLine {
  const memberId = planMember(plan);
  return {
    rowNo: line.rowNo,
    at: new Date(line.at).toISOString(),
    amount: toMajor(line.amount, currency),
    sender: line.sender,
    description: line.description,
    action: plan ? ACTION[plan.action] : 'duplicate',
    why: plan?.action === 'queue' ? plan.why : null,
    matchRef: plan && 'ref' in plan ? plan.ref : null,
    member: memberId === null ? null : (members.get(memberId) ?? null),
  };
}

/** What each line will do (or, after an import, did), with the clerk's allowance left. */
async function answer(
  tx: Tx,
  by: By,
  r: Read,
  fileName: string,
  plans: readonly (Plan | null)[],
  now: number,
  done?: { importId: number; statuses: readonly (string | undefined)[] },
): Promise<StatementPreview> {
  const currency = r.account.currency;
  const members = await membersOf(
    tx,
    plans.map(planMember).filter((m) => m !== null),
  );
  const left = await creditAloneLeft(tx, by.actor.username, now);
  return {
    bank: r.bank,
    accountNo: r.account.accountNo,
    currency,
    fileName,
    sha256: r.sha256,
    outgoing: r.outgoing,
    ...(done && { importId: done.importId }),
    lines: r.lines.map((line, i) => {
      const status = done?.statuses[i];
      return { ...previewLine(line, currency, plans[i]!, members), ...(status && { status }) };
    }),
    creditAloneLeft: toMajor(left[currency], currency),
  };
}

/** The file's name as kept and shown: no control characters (Postgres keeps no NUL in text), at most 200 characters. */
const fileNameOf = (fileName: string) =>
  [...fileName]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .slice(0, 200);

export async function previewStatement(
  ctx: Books,
  by: By,
  bytes: Buffer,
  fileName: string,
  query: StatementQuery,
): Promise<StatementPreview> {
  const r = await read(ctx, bytes, query);
  const currency = r.account.currency;
  const name = fileNameOf(fileName);
  return withTransaction(ctx.database, async (tx) => {
    const kept = await keptBefore(tx, r.account.accountNo, r.lines);
    const taken = new Set<string>();
    const plans: (Plan | null)[] = [];
    for (const line of r.lines) {
      const plan = kept.has(line.fingerprint) ? null : await planLine(tx, line, currency, taken, { accountNo: r.account.accountNo });
      if (plan && 'ref' in plan) taken.add(plan.ref);
      plans.push(plan);
    }
    return answer(tx, by, r, name, plans, ctx.now());
  });
}

export async function importStatement(
  ctx: Books,
  by: By,
  bytes: Buffer,
  fileName: string,
  query: StatementQuery,
): Promise<StatementPreview> {
  const r = await read(ctx, bytes, query);
  if (query.sha256 && query.sha256 !== r.sha256) throw conflict('STATEMENT_CHANGED');
  const name = fileNameOf(fileName);
  const currency = r.account.currency;
  const now = ctx.now();
  try {
    return await withTransaction(ctx.database, async (tx) => {
      const kept = await keptBefore(tx, r.account.accountNo, r.lines);
      const fresh = r.lines.filter((l) => !kept.has(l.fingerprint));
      if (r.lines.length && !fresh.length) throw conflict('STATEMENT_ALREADY_IMPORTED');
      const { id: importId } = await tx
        .insertInto('statement_imports')
        .values({
          bank: r.bank,
          account_no: r.account.accountNo,
          currency,
          file_name: name,
          file_sha256: r.sha256,
          format: r.format,
          first_at: r.lines[0]?.at ?? null,
          last_at: r.lines.at(-1)?.at ?? null,
          incoming: fresh.length,
          refused: r.lines.length - fresh.length,
          imported_by: madeBy(by.actor),
          imported_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const taken = new Set<string>();
      const plans: (Plan | null)[] = [];
      const statuses: (string | undefined)[] = [];
      const counts = { CREDITED: 0, LINKED: 0, WAITING: 0, UNMATCHED: 0 };
      for (const line of r.lines) {
        if (kept.has(line.fingerprint)) {
          plans.push(null);
          statuses.push(undefined);
          continue;
        }
        const plan = await planLine(tx, line, currency, taken, { accountNo: r.account.accountNo, importId });
        if ('ref' in plan) taken.add(plan.ref);
        plans.push(plan);
        const status = await importLine(tx, ctx, by, { importId, accountNo: r.account.accountNo, currency, line, plan, now });
        counts[status]++;
        statuses.push(status);
      }
      await recordAudit(tx, by.actor, {
        action: 'statement.import',
        target: `statement-import:${importId}`,
        after: {
          bank: r.bank,
          account: r.account.accountNo,
          file: name,
          sha256: r.sha256,
          lines: fresh.length,
          refused: r.lines.length - fresh.length,
          outgoing: r.outgoing,
          ...counts,
        },
        ip: by.ip ?? null,
        at: now,
      });
      return answer(tx, by, r, name, plans, now, { importId, statuses });
    });
  } catch (err) {
    // another import kept one of these lines (or claimed one of these credits) at the same moment
    if (isUniqueViolation(err)) throw conflict('STATEMENT_LINE_IMPORTED');
    throw err;
  }
}

interface LineAsk {
  importId: number;
  accountNo: string;
  currency: Currency;
  line: RawLine;
  plan: Plan;
  now: number;
}

/** Keeps one line and does what its plan says; answers the status it ended in. */
async function importLine(tx: Tx, ctx: Books, by: By, a: LineAsk): Promise<'CREDITED' | 'LINKED' | 'WAITING' | 'UNMATCHED'> {
  const { line, plan } = a;
  const row = await tx
    .insertInto('statement_lines')
    .values({
      import_id: a.importId,
      account_no: a.accountNo,
      fingerprint: line.fingerprint,
      row_no: line.rowNo,
      at: line.at,
      amount: line.amount,
      currency: a.currency,
      sender_bank: line.sender.bank,
      sender_account: line.sender.account,
      sender_name: line.sender.name,
      description: line.description,
      balance: line.balance,
      status: 'UNMATCHED',
      why: plan.action === 'queue' ? plan.why : null,
      match_kind:
        plan.action === 'link'
          ? plan.kind
          : plan.action === 'credit-request'
            ? 'deposit-request'
            : plan.action === 'credit-member'
              ? 'member'
              : null,
      match_ref: 'ref' in plan ? plan.ref : null,
      member_id: planMember(plan),
      candidates: plan.action === 'queue' && plan.candidates.length ? JSON.stringify(plan.candidates) : null,
      journal_id: null,
      decided_by: null,
      decided_at: null,
      decision_reason: null,
    })
    .returning(['id', 'amount', 'currency', 'row_no', 'import_id'])
    .executeTakeFirstOrThrow();
  if (plan.action === 'queue') return 'UNMATCHED';
  if (plan.action === 'link') {
    await tx
      .updateTable('statement_lines')
      .set({ status: 'LINKED', decided_by: madeBy(by.actor), decided_at: a.now })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(tx, by.actor, {
      action: 'statement.link',
      target: `statement-line:${row.id}`,
      before: { import: a.importId, row: line.rowNo },
      after: { status: 'LINKED', linkedTo: plan.ref, amount: toMajor(line.amount, a.currency), currency: a.currency },
      ip: by.ip ?? null,
      at: a.now,
      member: plan.memberId,
      money: { minor: line.amount, currency: a.currency },
    });
    return 'LINKED';
  }
  const done = await creditLine(tx, {
    database: ctx.database,
    by,
    line: row,
    memberId: plan.memberId,
    requestId: plan.action === 'credit-request' ? plan.requestId : null,
    action: 'statement.credit',
    reason: null,
    now: a.now,
  });
  return done.status;
}
