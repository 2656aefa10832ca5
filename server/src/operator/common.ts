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
