import { withTransaction } from '../db/transaction.js';
import { toMajor, toMinor, type Currency } from '../ledger/money.js';
import { creditDeposit, memberMoney } from '../ledger/operations.js';
import { notifyMember } from '../modules/events/service.js';
import { ApiError } from '../lib/errors.js';
import { setMemberStatus } from '../modules/account/service.js';
import { isSettingKey, productionRefusal, settingKeys } from '../settings/registry.js';
import { parseSettingValue, readAllSettings } from '../settings/store.js';

import { commandSets } from './command-sets.js';
import {
  auditCli,
  parseOptions,
  refusedAsUsage,
  wordsAndReason,
  printable,
  writeSettingAudited,
  twoAdminsNeeded,
  asStaff,
  printableLine,
  UsageError,
  type OperatorEnv,
  type Print,
} from './common.js';
import { CLI_SYSTEM, givenReason } from '../modules/audit/service.js';
import { payWithdrawal, rejectWithdrawal } from '../modules/wallet/service.js';
import { WITHDRAW_REASON_DEFAULT, WITHDRAW_REASONS } from '../../../contract/withdraw-reasons.js';
import { decideProposal, oneAdminMay, pendingProposals, proposeSetting } from '../modules/adjustments/service.js';
import { actorOption } from '../modules/staff/staff-operator.js';

/** `withdrawal reject --tell`'s word for what the member reads: turnover for WITHDRAW_TURNOVER, ... */
const tellOf = (code: string) => code.slice('WITHDRAW_'.length).toLowerCase().replaceAll('_', '-');
const WITHDRAW_TELL = WITHDRAW_REASONS.map(tellOf);

export { printable, UsageError };

/** The refusals of the money policy's settings, as the CLI says them. */
const SETTING_REFUSALS: Record<string, string> = {
  STAFF_FORBIDDEN: 'only an admin proposes or decides a change of the money policy',
  FOUR_EYES: 'the admin who proposed it may not decide it: another admin does',
  ASKER_DISABLED: 'the admin who proposed it is disabled now: it is no longer approved; reject it to clear it',
  SETTING_PROPOSAL_PENDING: 'a change of this setting already waits: approve or reject it first (settings proposals)',
  SETTING_PROPOSAL_DECIDED: 'that proposal was decided already',
  NO_DATA: 'no such proposal',
};

export const HELP = `Operator commands (act on the database of DATA_DIR or DATABASE_URL; a running server sees changes within seconds)

  npm run operator -- site terminate            answer every member call with 'gone' (/terminated)
  npm run operator -- site activate             serve members again
  npm run operator -- site status               print whether the site is active
  npm run operator -- members list              list members (id, phone, name, status, bank)
  npm run operator -- member disable <phone> [--reason "..."]
                                                block sign-in and end the member's sessions
  npm run operator -- member enable <phone> [--reason "..."]
                                                allow sign-in again
  npm run operator -- deposit <phone> <amount>  demo top-up: credit the member's wallet (refused in production: adjust credit)
  npm run operator -- withdrawals list          list pending withdrawals (id, member, amount, the bank account it was requested to, time)
  npm run operator -- withdrawal pay <id> --ref <bank reference>
                                                mark a withdrawal paid (SUCCESS) by the bank transfer of that reference
  npm run operator -- withdrawal reject <id> --reason "..." [--tell name-mismatch|account-unreachable|turnover|ask-support]
                                                reject a withdrawal (FAILED): the money returns to the wallet; --tell is
                                                what the member reads of why (default ask-support: contact support)
  npm run operator -- settings list             print every setting
  npm run operator -- settings get <key>        print one setting as JSON
  npm run operator -- settings set <key> <value> [--reason "..."]
                                                set one (JSON, or plain text for text settings)
                                                e.g. settings set registerOTP false; the money policy
                                                (adjustments) is proposed: --as <admin> --reason "..."
  npm run operator -- settings proposals        the money-policy changes waiting for a second admin
  npm run operator -- settings approve <id> [--reason "..."] --as <admin>
  npm run operator -- settings reject <id> --reason "..." --as <admin>
                                                a second admin's decision on a proposal
  npm run operator -- backup <dir>              a consistent copy while members transact: the database
                                                (pg_dump: its uploads are rows), the game key file, and a
                                                manifest of SHA-256 checksums
  npm run operator -- restore <dir>             into a DATA_DIR or DATABASE_URL with no wallet: checks every
                                                file, restores, migrates, runs the ledger check
  npm run operator -- import-sqlite <DATA_DIR>/wallet.db [--uploads <DATA_DIR>/uploads]
                                                a wallet of a release that ran on SQLite, moved into the
                                                Postgres of DATA_DIR or DATABASE_URL (which holds none yet):
                                                every row, the uploads as rows, then the migrations since;
                                                the ledger check and every balance must match the file's
  (every command refuses a DATA_DIR or database with no wallet in it unless given --init)
${commandSets.map((set) => set.help).join('')}
Setting keys: ${settingKeys.join(', ')}`;

async function setSiteActive(env: OperatorEnv, active: boolean, print: Print): Promise<void> {
  await writeSettingAudited(env, 'siteActive', active, active ? 'site.activate' : 'site.terminate');
  print(active ? 'site activated: members are served again' : "site terminated: member calls now answer 'gone'");
}

async function memberStatusCommand(env: OperatorEnv, args: string[], status: 'active' | 'disabled', print: Print) {
  const [phone, ...options] = args;
  if (!phone) throw new UsageError(`member ${status === 'active' ? 'enable' : 'disable'} needs a phone number`);
  const { reason } = parseOptions(options, ['reason']);
  const member = await env.database.db.selectFrom('members').select(['id']).where('phone', '=', phone).executeTakeFirst();
  if (!member) throw new UsageError(`no member with phone ${phone}`);
  const done = await setMemberStatus(
    { database: env.database, now: Date.now },
    { actor: env.actor ?? CLI_SYSTEM },
    member.id,
    status,
    givenReason(reason),
  );
  if (status === 'disabled') print(`member ${phone} (${printable(done.name)}) disabled; open sessions ended`);
  else print(`member ${phone} (${printable(done.name)}) enabled`);
}

export async function runCommand(operatorEnv: OperatorEnv, allArgs: string[], output: Print): Promise<void> {
  // the one way out to the terminal: nothing a member or guest typed is obeyed as a control there
  const print: Print = (line) => output(printableLine(line));
  // `--as <staff>` anywhere: the audit trail names that staff member instead of the system
  const { actor, args } = await actorOption(operatorEnv.database, allArgs);
  const env: OperatorEnv = { ...operatorEnv, actor };
  const { database } = env;
  const [group, action, ...rest] = args;
  const command = `${group ?? ''} ${action ?? ''}`.trim();
  // `deposit <phone> <amount>` is one word; the others are two
  switch (group === 'deposit' ? 'deposit' : command) {
    case 'site terminate':
      return setSiteActive(env, false, print);
    case 'site activate':
      return setSiteActive(env, true, print);
    case 'site status': {
      const { siteActive } = await readAllSettings(database.db);
      return print(siteActive === false ? 'site: terminated' : 'site: active');
    }
    case 'members list': {
      const rows = await database.db
        .selectFrom('members')
        .select(['id', 'phone', 'name', 'status', 'bank_code', 'bank_account_no', 'created_at'])
        .orderBy('id')
        .execute();
      print(`${rows.length} member(s)`);
      for (const m of rows) {
        print(
          `${m.id}\t${m.phone}\t${m.status}\t${m.bank_code} ${m.bank_account_no}\t${new Date(m.created_at).toISOString()}\t${printable(m.name)}`,
        );
      }
      return;
    }
    case 'member disable':
      return memberStatusCommand(env, rest, 'disabled', print);
    case 'member enable':
      return memberStatusCommand(env, rest, 'active', print);
    case 'deposit': {
      // a credit on nobody's word but the shell's, with no second person: a demo's top-up. In production money
      // reaches a wallet by the bank (slips, QR), a member's request, or an adjustment under the money policy
      if (env.config.production)
        throw new UsageError(
          'deposit is a demo top-up, refused in production: use adjust credit <phone> <amount> --reason "..." --as <username> (the money policy applies)',
        );
      const phone = action;
      const amountText = rest[0];
      const member = phone
        ? await database.db.selectFrom('members').select(['id', 'name']).where('phone', '=', phone).executeTakeFirst()
        : undefined;
      if (!member) throw new UsageError(phone ? `no member with phone ${phone}` : 'deposit needs a phone and an amount');
      const amount = Number(amountText);
      if (!amountText || !(amount > 0)) throw new UsageError(`deposit needs a positive amount, got "${amountText ?? ''}"`);
      const result = await withTransaction(database, async (tx) => {
        const money = await memberMoney(tx, member.id);
        let minor: number;
        try {
          minor = toMinor(amount, money.currency);
        } catch {
          throw new UsageError(`amount ${amountText} has too many decimals for ${money.currency}`);
        }
        const journalId = await creditDeposit(tx, money, minor, 'OPERATOR', Date.now());
        // every server instance hears the NOTIFY at the commit
        await notifyMember(database, member.id, { kind: 'credit', source: 'OPERATOR', amount }, tx);
        await auditCli(env, tx, {
          action: 'member.deposit',
          target: `member:${phone}`,
          after: { amount, currency: money.currency, journal: journalId },
          journalIds: [journalId],
          member: member.id,
          money: { minor, currency: money.currency },
        });
        return { journalId, currency: money.currency };
      });
      return print(`deposited ${amount} ${result.currency} to ${phone} (${printable(member.name)}); journal ${result.journalId}`);
    }
    case 'withdrawals list': {
      const rows = await database.db
        .selectFrom('withdrawals')
        .innerJoin('members', 'members.id', 'withdrawals.member_id')
        .select([
          'withdrawals.id',
          'withdrawals.amount',
          'withdrawals.currency',
          'withdrawals.created_at',
          'members.phone',
          'withdrawals.bank_code',
          'withdrawals.bank_account_no',
          'withdrawals.bank_account_name',
        ])
        .where('withdrawals.status', '=', 'PENDING')
        .orderBy('withdrawals.id')
        .execute();
      print(`${rows.length} pending withdrawal(s)`);
      for (const w of rows) {
        print(
          `${w.id}\t${w.phone}\t${toMajor(w.amount, w.currency as Currency)} ${w.currency}\t${w.bank_code} ${w.bank_account_no} ${printable(w.bank_account_name)}\t${new Date(w.created_at).toISOString()}`,
        );
      }
      return;
    }
    case 'withdrawal pay':
    case 'withdrawal reject': {
      const id = Number(rest[0]);
      if (!Number.isInteger(id) || id <= 0) throw new UsageError(`${command} needs a withdrawal id`);
      const flags = parseOptions(rest.slice(1), action === 'pay' ? ['ref'] : ['reason', 'tell']);
      // a paid withdrawal names the bank transfer that paid it; a rejected one says why (issue 23)
      if (action === 'pay' && !(flags.ref && flags.ref.trim().length >= 3 && flags.ref.trim().length <= 64))
        throw new UsageError(
          `withdrawal pay needs the bank transfer's reference: withdrawal pay ${id} --ref <reference> (3 to 64 characters)`,
        );
      if (action === 'reject' && !givenReason(flags.reason))
        throw new UsageError(`withdrawal reject needs a reason: withdrawal reject ${id} --reason "..." (3 to 500 characters)`);
      // what the member reads of why: --tell turnover is WITHDRAW_TURNOVER; none, "contact support to learn why"
      const memberReason = flags.tell === undefined ? undefined : WITHDRAW_REASONS.find((code) => tellOf(code) === flags.tell);
      if (flags.tell !== undefined && memberReason === undefined)
        throw new UsageError(`--tell is what the member reads of why: one of ${WITHDRAW_TELL.join(', ')}, got "${printable(flags.tell!)}"`);
      const ctx = { database, now: Date.now };
      const by = { actor: env.actor ?? CLI_SYSTEM };
      try {
        if (action === 'pay') await payWithdrawal(ctx, by, { id, reference: flags.ref! });
        else await rejectWithdrawal(ctx, by, { id, reason: flags.reason!, memberReason });
      } catch (err) {
        if (err instanceof ApiError)
          throw new UsageError(err.code === 'NO_DATA' ? `no withdrawal ${id}` : `withdrawal ${id} is not pending`);
        throw err;
      }
      return print(
        action === 'pay'
          ? `withdrawal ${id} paid (SUCCESS), bank reference ${printable(flags.ref!.trim())}`
          : `withdrawal ${id} rejected (FAILED); the money is back in the wallet; the member is told ${tellOf(memberReason ?? WITHDRAW_REASON_DEFAULT)}`,
      );
    }
    case 'settings list': {
      const all = await readAllSettings(database.db);
      for (const key of settingKeys) print(`${key} = ${JSON.stringify(all[key])}`);
      return;
    }
    case 'settings get': {
      const key = rest[0] ?? '';
      if (!isSettingKey(key)) throw new UsageError(`unknown setting "${key}"; keys: ${settingKeys.join(', ')}`);
      const all = await readAllSettings(database.db);
      return print(JSON.stringify(all[key], null, 2));
    }
    case 'settings set': {
      const [key = '', ...more] = rest;
      if (!isSettingKey(key)) throw new UsageError(`unknown setting "${key}"; keys: ${settingKeys.join(', ')}`);
      const { words: valueParts, reason } = wordsAndReason('settings set', more);
      if (!valueParts.length) throw new UsageError(`settings set ${key} needs a value`);
      const value = parseSettingValue(key, valueParts.join(' '));
      const refused = productionRefusal(key, env.config.production);
      if (refused) throw new UsageError(`settings set ${key}: ${refused}`);
      if (!(await writeSettingAudited(env, key, value, 'settings.set', reason ? { reason } : {}, oneAdminMay(key, value)))) {
        // the money policy's threshold, or where members' deposits go: one admin proposes, another approves (issues 36, 39)
        if (!asStaff(env)) throw new UsageError(twoAdminsNeeded(key));
        const why = givenReason(reason);
        if (!why) throw new UsageError(`settings set ${key} needs a reason: --reason "..." (3 to 500 characters)`);
        const proposal = await refusedAsUsage('settings set', SETTING_REFUSALS, () =>
          proposeSetting({ database, now: Date.now }, { actor: env.actor! }, { key, value, reason: why }),
        );
        return print(
          `proposal ${proposal.id}: ${key} to ${JSON.stringify(value)} waits for a second admin (settings approve ${proposal.id} --as <another admin>)`,
        );
      }
      return print(`${key} set to ${JSON.stringify(value)}`);
    }
    case 'settings proposals': {
      const pending = await pendingProposals(database.db);
      if (!pending.size) return print('no setting change waits for a second admin');
      for (const p of pending.values())
        print(
          `${p.id}\t${p.key}\t${JSON.stringify(p.value)}\t${p.proposedBy} ${new Date(p.proposedAt).toISOString()}\t${printable(p.reason)}`,
        );
      return;
    }
    case 'settings approve':
    case 'settings reject': {
      const { words, reason } = wordsAndReason(command, rest);
      const id = /^[1-9]\d{0,8}$/.test(words[0] ?? '') ? Number(words[0]) : 0;
      if (words.length !== 1 || id === 0) throw new UsageError(`${command} needs a proposal id (a number of at most 9 digits)`);
      if (!asStaff(env)) throw new UsageError(`${command} needs --as <admin>`);
      const why = givenReason(reason);
      if (action === 'reject' && !why) throw new UsageError(`settings reject needs a reason: --reason "..." (3 to 500 characters)`);
      const key = await refusedAsUsage(command, SETTING_REFUSALS, () =>
        decideProposal(
          { database, now: Date.now },
          { actor: env.actor! },
          { id, outcome: action === 'approve' ? 'APPLIED' : 'REJECTED', reason: why ?? null },
        ),
      );
      const all = await readAllSettings(database.db);
      return print(
        action === 'approve'
          ? `proposal ${id} approved: ${key} set to ${JSON.stringify(all[key])}`
          : `proposal ${id} rejected: ${key} unchanged`,
      );
    }
    default:
      for (const set of commandSets) if (await set.run(env, args, print)) return;
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
}
