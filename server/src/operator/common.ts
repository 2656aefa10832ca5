import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { UNSAFE_TEXT } from '../modules/account/rules.js';

export class UsageError extends Error {}

export type Print = (line: string) => void;

/** What an operator command works on: the database, and the configuration (the server's address, secrets). */
export interface OperatorEnv {
  database: Database;
  config: Config;
}

/**
 * Text from members, made safe for a terminal: control and bidi-control characters (a name stored
 * before they were stripped, say) are shown as \u{...} escapes instead of being obeyed.
 */
export function printable(text: string): string {
  return text.replace(UNSAFE_TEXT, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
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
