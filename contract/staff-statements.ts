import { Type, type Static } from 'typebox';
import { CreditHold, StaffReason } from './staff-queues.js';

/**
 * Crediting from the deposit account's bank statement (issue 39): finance and admin only; CSRF, sessions
 * and the refusals of contract/staff.ts hold. The clerk uploads the statement as the bank exported it
 * (KBank, SCB, KTB, BCEL; CSV, text, .xlsx or Krungthai's HTML .xls; at most STATEMENT_MAX_BYTES) for a
 * deposit account of the `deposit` setting:
 * - POST /api/staff/statements/preview?account=<no>[&bank=<code>] (multipart, field `file`): what each incoming
 *   line would do; nothing is kept.
 * - POST /api/staff/statements/import?account=<no>[&bank=<code>]&sha256=<the preview's> (the same file): one
 *   transaction. Lines already imported (this file or another, overlapping ranges) are refused, not kept
 *   again; a file whose every line was is 409 STATEMENT_ALREADY_IMPORTED. A file other than the previewed
 *   one is 409 STATEMENT_CHANGED.
 * - GET /api/staff/statements/queue: the lines waiting for a person; assign (credit to a member) or dismiss.
 * Every credit goes through the staff money policy, counted against the clerk who imported or assigned it:
 * past their allowance it WAITS for a second finance clerk or admin, who assigns the line to the same member.
 * Refusals: 400 STATEMENT_FILE_EMPTY | STATEMENT_FILE_TYPE | STATEMENT_FILE_INVALID | STATEMENT_BANK_UNKNOWN |
 * STATEMENT_BANK_MISMATCH | STATEMENT_FILE_CURRENCY | STATEMENT_ACCOUNT_MISMATCH | STATEMENT_LAYOUT_UNKNOWN | STATEMENT_LINE_INVALID |
 * STATEMENT_NO_LINES | STATEMENT_ACCOUNT_UNKNOWN; 413 STATEMENT_TOO_LARGE | STATEMENT_UNPACKS_TOO_LARGE | STATEMENT_TOO_MANY_LINES;
 * 503 STATEMENT_BUSY while the server reads as many files as it reads at once (nothing read or kept: send it
 * again in a moment).
 */

export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_BANK_CODES = ['KBANK', 'SCB', 'KTB', 'BCEL'] as const;

const Currency = Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]);
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const StatementAccount = Type.Object({
  accountNo: Type.String(),
  bankCode: Type.String(),
  name: Type.String(),
  currency: Currency,
});
export const StatementAccountList = Type.Object({ accounts: Type.Array(StatementAccount) });
export type StatementAccount = Static<typeof StatementAccount>;

export const StatementQuery = Type.Object({
  account: Type.String({ minLength: 4, maxLength: 40 }),
  bank: Type.Optional(Type.Union([Type.Literal('KBANK'), Type.Literal('SCB'), Type.Literal('KTB'), Type.Literal('BCEL')])),
  sha256: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
});
export type StatementQuery = Static<typeof StatementQuery>;

export const StatementSender = Type.Object({
  bank: Nullable(Type.String()),
  account: Nullable(Type.String()),
  name: Nullable(Type.String()),
});

/** What a line will do (preview) or did (import): credit through a waiting request or to the sender, link to a credit made, wait in the queue, or nothing (already imported). */
export const StatementAction = Type.Union([
  Type.Literal('credit-request'),
  Type.Literal('credit-member'),
  Type.Literal('link'),
  Type.Literal('queue'),
  Type.Literal('duplicate'),
]);
export type StatementAction = Static<typeof StatementAction>;

export const StatementMember = Type.Object({ id: Type.Integer(), phone: Type.String(), name: Type.String() });
export type StatementMember = Static<typeof StatementMember>;

export const StatementPreviewLine = Type.Object({
  rowNo: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  /** Major units of the account's currency. */
  amount: Type.Number(),
  sender: StatementSender,
  description: Type.String(),
  action: StatementAction,
  /** Why it goes to the queue (NO_MATCH, AMBIGUOUS, NAME_MISSING, MAYBE_CREDITED, MAYBE_IMPORTED) or what it links to / credits (`slip:12`, `deposit-request:4`). */
  why: Nullable(Type.String()),
  matchRef: Nullable(Type.String()),
  member: Nullable(StatementMember),
  /** After the import: CREDITED, LINKED, WAITING (the money policy holds it), UNMATCHED; absent in a preview. */
  status: Type.Optional(Type.String()),
});
export type StatementPreviewLine = Static<typeof StatementPreviewLine>;

export const StatementPreview = Type.Object({
  bank: Type.String(),
  accountNo: Type.String(),
  currency: Currency,
  fileName: Type.String(),
  sha256: Type.String(),
  outgoing: Type.Integer(),
  lines: Type.Array(StatementPreviewLine),
  /** How much more the clerk may credit alone now (the money policy), major units of `currency`. */
  creditAloneLeft: Type.Number(),
  /** The import's id, after an import. */
  importId: Type.Optional(Type.Integer()),
});
export type StatementPreview = Static<typeof StatementPreview>;

export const StatementQueueLine = Type.Object({
  id: Type.Integer(),
  importId: Type.Integer(),
  bank: Type.String(),
  accountNo: Type.String(),
  rowNo: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  amount: Type.Number(),
  currency: Currency,
  sender: StatementSender,
  description: Type.String(),
  status: Type.Union([Type.Literal('UNMATCHED'), Type.Literal('WAITING')]),
  why: Nullable(Type.String()),
  /** Members the line could be (its account digits, its name), for the clerk: a hint, not the answer. */
  candidates: Type.Array(StatementMember),
  /** WAITING: the member its credit waits for, and the hold. */
  member: Nullable(StatementMember),
  hold: Nullable(CreditHold),
});
export type StatementQueueLine = Static<typeof StatementQueueLine>;
export const StatementQueue = Type.Object({ rows: Type.Array(StatementQueueLine) });

export const StatementLineParam = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) });
/** Credit the line to the member with this phone (a second person assigning a WAITING line to its member applies it). */
export const StatementAssignBody = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 20 }), reason: StaffReason });
export type StatementAssignBody = Static<typeof StatementAssignBody>;
export const StatementDismissBody = Type.Object({ reason: StaffReason });
export type StatementDismissBody = Static<typeof StatementDismissBody>;

/**
 * How a slip and a statement line of one transfer lie in time: the slip is uploaded from 15 minutes before
 * the line's time (clocks differ) to 48 hours after it. The import links a line to a slip credited in this
 * window; slip verification leaves to a person a slip whose amount a line credited in it.
 */
export const SLIP_AFTER_LINE = { before: 15 * 60_000, after: 48 * 3_600_000 } as const;
