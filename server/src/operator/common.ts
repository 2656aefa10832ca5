import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { withTransaction, type Tx } from '../db/transaction.js';
import type { SettingKey, Settings } from '../settings/registry.js';
import { lockedSetting, writeSetting } from '../settings/store.js';
import { keepingRemovedAccounts, type Deposit } from '../settings/deposit-accounts.js';
import { CLI_SYSTEM, givenReason, recordAudit, type Actor, type AuditEntry } from '../modules/audit/service.js';
import { UNSAFE_TEXT } from '../../../contract/account-rules.js';
import { ApiError } from '../lib/errors.js';
import { changeNeedsTwoAdmins, needsTwoAdmins } from '../modules/adjustments/policy-settings.js';

export class UsageError extends Error {}

/**
 * A credit the money policy held, said at a terminal: what waits, why (its `waitsBecause`), and the
 * command a second finance clerk or admin runs to apply it.
 */
export const waitsForSecond = (what: string, because: 'amount' | 'day', then: string) =>
  `${what} waits for a second finance clerk or admin (${because === 'amount' ? 'above the threshold' : 'your credits of the last 24 hours would pass the threshold'}): ${then} --as <another>`;

export type Print = (line: string) => void;

/** What an operator command works on: the database, and the configuration (the server's address, secrets). */
export interface OperatorEnv {
  database: Database;
  config: Config;
  /** Who the audit trail names: `cli:system`, or the staff member of `--as` (runCommand sets it). */
  actor?: Actor;
  /** The server's clock when a server runs the change (its tests move it); else the machine's. */
  now?: () => number;
}

/** The audit row of an operator command's change, in the transaction that makes it (modules/audit/record.ts). */
export function auditCli(env: OperatorEnv, tx: Tx, entry: Omit<AuditEntry, 'at' | 'ip'>): Promise<void> {
  return recordAudit(tx, env.actor ?? CLI_SYSTEM, { ...entry, at: Date.now() });
}

/**
 * Whether a command's change is held to the two-admin rule: a staff member's (`--as`), or anyone's in
 * production. The demo's and the tests' shell (`cli:system`, not production) sets its programmes up alone.
 */
export const heldToTwoAdmins = (env: OperatorEnv): boolean => env.config.production || asStaff(env);

/** Whether the command runs as a staff member (`--as`), not as the shell's own `cli:system`. */
export const asStaff = (env: OperatorEnv): boolean => env.actor !== undefined && env.actor.username !== CLI_SYSTEM.username;

/** What the terminal says of a change of `key` that one person may not make: how it is proposed instead. */
export function twoAdminsNeeded(key: SettingKey): string {
  const how = `it is proposed by an admin (settings set ${key} '<json>' --as <admin> --reason "...") and applied when another approves it`;
  if (needsTwoAdmins(key)) return `${key} is the money policy: ${how}`;
  if (key === 'deposit' || key === 'qrcode')
    return `${key}: this change adds a deposit account or changes where members' money goes (a deposit account, the QR codes' biller or TrueMoney number): ${how}`;
  return `${key}: this change makes a programme pay members more: ${how}`;
}

/**
 * An operator's change of a setting, with its audit row (the value before and after) in one transaction.
 * `allowed`, when given, is asked about the value it replaces, read with its row locked: false writes
 * nothing and answers false (the console's and the CLI's `settings set` then propose the change to a
 * second admin). Judged on the locked value, a change cannot slip past the two-admin rule because another
 * change landed between a check and the write (a retirement the caller's value does not have would
 * otherwise be undone by one admin). Answers whether it wrote.
 */
export async function writeSettingAudited<K extends SettingKey>(
  env: OperatorEnv,
  key: K,
  value: Settings[K],
  action = 'settings.set',
  /** The console's: the reason given and the address the change came from. */
  why: { reason?: string; ip?: string | null } = {},
  allowed?: (before: Settings[K] | undefined) => boolean,
): Promise<boolean> {
  return updateSettingAudited(
    env,
    key,
    (before) => {
      if (allowed && !allowed(before)) return undefined;
      // a deposit account the value leaves out is kept, retired (settings/deposit-accounts.ts)
      if (key === 'deposit')
        return keepingRemovedAccounts(before as Deposit | undefined, value as Deposit, env.now?.() ?? Date.now()) as Settings[K];
      return value;
    },
    action,
    why,
  );
}

/**
 * An operator's change of part of a setting (a game's fault switch, the wheel's on/off): `change` makes the
 * new value from the stored one, read with its row locked, so two changes at once take turns and neither
 * writes over the other's part. `change` answering undefined writes nothing (no change, or not allowed).
 * Answers whether it wrote.
 */
export async function updateSettingAudited<K extends SettingKey>(
  env: OperatorEnv,
  key: K,
  change: (before: Settings[K] | undefined) => Settings[K] | undefined,
  action = 'settings.set',
  why: { reason?: string; ip?: string | null } = {},
): Promise<boolean> {
  return withTransaction(env.database, async (tx) => {
    const before = await lockedSetting(tx, key);
    const after = change(before);
    if (after === undefined) return false;
    // a command that writes at once (coins, invite or refund rule set, wheel on) never makes a programme
    // pay more on one person's word: not a staff member's (--as), and in production nobody's. The demo's and
    // the tests' shell sets its rules up alone; a real change is proposed (settings set --as) for a second admin
    if (heldToTwoAdmins(env) && changeNeedsTwoAdmins(key, before, after)) throw new UsageError(twoAdminsNeeded(key));
    await writeSetting(tx, key, after);
    await recordAudit(tx, env.actor ?? CLI_SYSTEM, { action, target: `setting:${key}`, before, after, ...why, at: Date.now() });
    return true;
  });
}

/**
 * What a terminal obeys or reorders: the characters stripped from names (UNSAFE_TEXT: C0, DEL and C1
 * controls, ESC starting every escape sequence; the bidi controls), and the line and paragraph separators.
 */
const UNPRINTABLE = new RegExp(`[${UNSAFE_TEXT.source.slice(1, -1)}\\u2028\\u2029]`, 'gu');

const visible = (c: string) => `\\u{${c.codePointAt(0)!.toString(16)}}`;

/**
 * Text from members and guests, made safe for a terminal: control and bidi-control characters (a
 * name stored before they were stripped, a guest's chat name) are shown as \u{...} escapes instead of
 * being obeyed. A table cell's text goes through it, so its tabs and newlines cannot fake a column or a line.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, visible);
}

/**
 * Every line an operator command prints passes here (runCommand wraps `print`): the line's own tabs
 * and newlines are its layout, anything else a terminal would obey is shown as an escape, whatever
 * member text a command forgot to pass through printable().
 */
export function printableLine(line: string): string {
  return line.replace(UNPRINTABLE, (c) => (c === '\t' || c === '\n' ? c : visible(c)));
}

/**
 * A command's words and its `--reason`; any other option is refused, the message saying what `also` may
 * come (`--as`, taken out before by runCommand).
 */
export function wordsAndReason(command: string, args: string[], also = ''): { words: string[]; reason?: string } {
  const words: string[] = [];
  let reason: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--reason') {
      // a note given is a reason's 3 to 500 characters, said rather than dropped (the services drop one that is not)
      if (args[i + 1] === undefined || !givenReason(args[i + 1]))
        throw new UsageError(`${command}: --reason needs a value of 3 to 500 characters: --reason "..."`);
      reason = args[++i];
    } else if (arg.startsWith('--')) throw new UsageError(`${command}: unknown option ${printable(arg)} (only --reason "..."${also})`);
    else words.push(arg);
  }
  return { words, reason };
}

/** A service's refusal (ApiError) as the CLI says it: `command: <sentence of its code>`; any other error as it is. */
export async function refusedAsUsage<T>(command: string, sentences: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) throw new UsageError(`${command}: ${sentences[err.code] ?? err.code}`);
    throw err;
  }
}

/** `--name value` options after a command's positional arguments, only the `allowed` names. */
export function parseOptions(args: string[], allowed: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]!;
    const value = args[i + 1];
    if (!flag.startsWith('--') || !allowed.includes(flag.slice(2)))
      throw new UsageError(`unknown option ${flag}; options: --${allowed.join(', --')}`);
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    out[flag.slice(2)] = value;
  }
  return out;
}

/** A percentage typed by the operator: 0 to 100 with at most 2 decimals. */
export function percentOption(text: string, name: string): number {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100)
    throw new UsageError(`--${name} must be a percentage from 0 to 100, got "${text}"`);
  return Number(text);
}

/** yes/no, on/off, true/false. */
export function switchOption(text: string, name: string): boolean {
  if (['yes', 'on', 'true'].includes(text)) return true;
  if (['no', 'off', 'false'].includes(text)) return false;
  throw new UsageError(`--${name} must be yes or no, got "${text}"`);
}
