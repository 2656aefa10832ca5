import type { Database } from '../../db/database.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { parseOptions, printable, UsageError, type OperatorEnv, type Print } from '../../operator/common.js';
import { STAFF_ROLES, type StaffRole } from '../../../../contract/staff.js';
import { cleanDisplayName, DISPLAY_NAME_MAX } from '../../../../contract/staff-team.js';
import { CLI_SYSTEM, verifyChain, type Actor } from '../audit/service.js';
import { addStaff, findStaff, isReservedName, isStaffUsername, resetStaff, setStaffDisabled, setStaffDisplayName } from './accounts.js';

const time = (ms: number | null) => (ms === null ? '-' : new Date(Number(ms)).toISOString());

/** Whether the arguments from `from` on are only `--option value` pairs (a command's options, not its words). */
function onlyOptionsFrom(args: string[], from: number): boolean {
  for (let i = from; i < args.length; i += 2) if (!args[i]!.startsWith('--') || i + 1 >= args.length) return false;
  return true;
}

/**
 * `--as <username>` before the command or among its options after its words (never between its words,
 * which may be a chat reply's own): the audit trail names that staff member instead of `cli:system`.
 * Refused unless the staff member exists and is not disabled.
 */
export async function actorOption(database: Database, args: string[]): Promise<{ actor: Actor; args: string[] }> {
  const at = args[0] === '--as' ? 0 : args.findIndex((arg, i) => arg === '--as' && onlyOptionsFrom(args, i + 2));
  if (at < 0) return { actor: CLI_SYSTEM, args };
  const username = args[at + 1];
  if (!username) throw new UsageError('--as needs a staff username');
  const staff = await findStaff(database.db, username);
  if (!staff) throw new UsageError(`--as: no staff member ${printable(username)}`);
  if (staff.disabled_at !== null) throw new UsageError(`--as: staff member ${username} is disabled`);
  return { actor: { kind: 'cli', username }, args: [...args.slice(0, at), ...args.slice(at + 2)] };
}

function usernameArg(command: string, text: string | undefined): string {
  if (!text) throw new UsageError(`${command} needs a staff username`);
  if (isReservedName(text)) throw new UsageError(`"${text}" is reserved (the CLI's own name in the audit trail): choose another`);
  if (!isStaffUsername(text))
    throw new UsageError(`"${printable(text)}" is not a staff username: 3 to 32 of a-z 0-9 . _ -, starting with a letter`);
  return text;
}

/** Words past the ones a command takes are refused, not ignored: `staff add abc admin extra` is a mistake. */
function noMore(command: string, rest: string[], takes: number): void {
  if (rest.length > takes) throw new UsageError(`${command}: unexpected ${printable(rest.slice(takes).join(' '))}`);
}

async function staffCommand(env: OperatorEnv, action: string | undefined, rest: string[], print: Print): Promise<boolean> {
  const actor = env.actor ?? CLI_SYSTEM;
  const now = Date.now();
  const takes = ({ add: 2, list: 0, disable: 1, enable: 1, reset: 1, name: 2 } as Record<string, number | undefined>)[action ?? ''];
  if (takes !== undefined) noMore(`staff ${action}`, rest, takes);
  switch (action) {
    case 'add': {
      const username = usernameArg('staff add', rest[0]);
      const role = rest[1] as StaffRole | undefined;
      if (!role || !STAFF_ROLES.includes(role)) throw new UsageError(`staff add needs a role: ${STAFF_ROLES.join(', ')}`);
      const password = await addStaff(env.database, { actor }, { username, role }, now);
      if (password === undefined) throw new UsageError(`staff member ${username} exists already`);
      print(`staff member ${username} added (${role}); one-time password, shown only now:`);
      print(password);
      return true;
    }
    case 'list': {
      const rows = await env.database.db.selectFrom('staff').selectAll().orderBy('username').execute();
      print(`${rows.length} staff member(s) (username, role, status, TOTP, created, the name customers see)`);
      for (const s of rows)
        print(
          `${s.username}\t${s.role}\t${s.disabled_at === null ? (s.must_change_password ? 'one-time password' : 'active') : 'disabled'}\t${s.totp_enrolled_at === null ? 'no TOTP' : 'TOTP'}\t${time(s.created_at)}\t${printable(s.display_name ?? s.username)}`,
        );
      return true;
    }
    case 'name': {
      const username = usernameArg('staff name', rest[0]);
      const displayName = cleanDisplayName(rest[1] ?? '');
      if (displayName === undefined)
        throw new UsageError(`staff name needs the name customers see, 1 to ${DISPLAY_NAME_MAX} characters: staff name ${username} "Nok"`);
      if (!(await setStaffDisplayName(env.database, { actor }, username, displayName, now)))
        throw new UsageError(`no staff member ${username}`);
      print(`staff member ${username}: customers see "${displayName}" on their replies`);
      return true;
    }
    case 'disable':
    case 'enable': {
      const username = usernameArg(`staff ${action}`, rest[0]);
      const done = await setStaffDisabled(env.database, { actor }, username, action === 'disable', now);
      if (done === 'none') throw new UsageError(`no staff member ${username}`);
      if (done === 'unchanged') print(`staff member ${username} was ${action}d already: nothing changed`);
      else print(action === 'disable' ? `staff member ${username} disabled; open sessions ended` : `staff member ${username} enabled`);
      return true;
    }
    case 'reset': {
      const username = usernameArg('staff reset', rest[0]);
      const password = await resetStaff(env.database, { actor }, username, now);
      if (password === undefined) throw new UsageError(`no staff member ${username}`);
      print(`staff member ${username}: sessions ended, TOTP to enrol again; one-time password, shown only now:`);
      print(password);
      return true;
    }
    default:
      return false;
  }
}

async function auditList(env: OperatorEnv, rest: string[], print: Print): Promise<void> {
  const opts = parseOptions(rest, ['actor', 'action', 'limit']);
  const limit = opts.limit === undefined ? 50 : Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be a whole number from 1 to 1000');
  let query = env.database.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
  if (opts.actor !== undefined) query = query.where('actor_username', '=', opts.actor);
  if (opts.action !== undefined) query = query.where('action', '=', opts.action);
  const rows = await query.execute();
  print(`${rows.length} audit row(s), newest first (id, time, actor, action, target, before -> after, reason, address)`);
  for (const r of rows)
    print(
      `${r.id}\t${time(r.at)}\t${r.actor_kind}:${printable(r.actor_username)}\t${printable(r.action)}\t${printable(r.target)}\t${printable(r.before_json ?? '-')} -> ${printable(r.after_json ?? '-')}\t${printable(r.reason ?? '-')}\t${r.ip ?? '-'}`,
    );
}

/** `audit verify`: the hash chain recomputed from the rows as they are; a problem exits non-zero naming the first. */
async function auditVerify(env: OperatorEnv, print: Print): Promise<void> {
  const report = await verifyChain(env.database);
  if (report.problems.length)
    throw new UsageError(`audit verify failed: the trail was changed after it was written\n${report.problems.join('\n')}`);
  print(
    `audit verify: ${report.links} chained row(s) hold${report.beforeChain ? `; ${report.beforeChain} row(s) from before the chain (migration 0043) are not covered` : ''}`,
  );
  if (report.head) print(`head ${report.head} (keep it elsewhere: a later run that shows another history would not pass through it)`);
}

export const staffCommands: CommandSet = {
  help: `  npm run operator -- staff add <username> <role>   a staff member (agent, finance or admin); prints a one-time password, shown once
  npm run operator -- staff list                the staff (username, role, status, TOTP, created)
  npm run operator -- staff disable <username>  block sign-in and end the staff member's sessions
  npm run operator -- staff enable <username>   allow sign-in again
  npm run operator -- staff reset <username>    a new one-time password; TOTP is enrolled again at the next sign-in
  npm run operator -- staff name <username> "<name>"   the name customers see on the staff member's chat replies (else the username)
  npm run operator -- audit list [--actor <username>] [--action <action>] [--limit <n>]
                                                the audit trail, newest first (default 50 rows)
  npm run operator -- audit verify              recompute the audit trail's hash chain: exits non-zero naming the first row
                                                changed or removed; prints the head hash to keep elsewhere
  (any command: --as <username> records that staff member in the audit trail instead of the system)
`,
  async run(env, args, print) {
    const [group, action, ...rest] = args;
    if (group === 'staff') return staffCommand(env, action, rest, print);
    if (group === 'audit' && action === 'list') return auditList(env, rest, print).then(() => true);
    if (group === 'audit' && action === 'verify') return auditVerify(env, print).then(() => true);
    return false;
  },
};
