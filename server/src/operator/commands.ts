import type { Database } from '../db/database.js';
import { revokeMemberSessions } from '../modules/auth/sessions.js';
import { isSettingKey, settingKeys } from '../settings/registry.js';
import { parseSettingValue, readAllSettings, writeSetting } from '../settings/store.js';

export class UsageError extends Error {}

export const HELP = `Operator commands (act on the database of DATA_DIR or DATABASE_URL; a running server sees changes within seconds)

  npm run operator -- site terminate            answer every member call with 'gone' (/terminated)
  npm run operator -- site activate             serve members again
  npm run operator -- site status               print whether the site is active
  npm run operator -- members list              list members (id, phone, name, status, bank)
  npm run operator -- member disable <phone>    block sign-in and end the member's sessions
  npm run operator -- member enable <phone>     allow sign-in again
  npm run operator -- settings list             print every setting
  npm run operator -- settings get <key>        print one setting as JSON
  npm run operator -- settings set <key> <value>  set one (JSON, or plain text for text settings)
                                                e.g. settings set registerOTP false

Setting keys: ${settingKeys.join(', ')}`;

type Print = (line: string) => void;

async function setSiteActive(database: Database, active: boolean, print: Print): Promise<void> {
  await writeSetting(database.db, 'siteActive', active);
  print(active ? 'site activated: members are served again' : "site terminated: member calls now answer 'gone'");
}

async function setMemberStatus(database: Database, phone: string | undefined, status: 'active' | 'disabled', print: Print) {
  if (!phone) throw new UsageError(`member ${status === 'active' ? 'enable' : 'disable'} needs a phone number`);
  const member = await database.db.selectFrom('members').select(['id', 'name']).where('phone', '=', phone).executeTakeFirst();
  if (!member) throw new UsageError(`no member with phone ${phone}`);
  await database.db.updateTable('members').set({ status }).where('id', '=', member.id).execute();
  if (status === 'disabled') {
    await revokeMemberSessions({ database, now: Date.now }, member.id);
    print(`member ${phone} (${member.name}) disabled; open sessions ended`);
  } else {
    print(`member ${phone} (${member.name}) enabled`);
  }
}

export async function runCommand(database: Database, args: string[], print: Print): Promise<void> {
  const [group, action, ...rest] = args;
  const command = `${group ?? ''} ${action ?? ''}`.trim();
  switch (command) {
    case 'site terminate':
      return setSiteActive(database, false, print);
    case 'site activate':
      return setSiteActive(database, true, print);
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
        print(`${m.id}\t${m.phone}\t${m.status}\t${m.bank_code} ${m.bank_account_no}\t${new Date(m.created_at).toISOString()}\t${m.name}`);
      }
      return;
    }
    case 'member disable':
      return setMemberStatus(database, rest[0], 'disabled', print);
    case 'member enable':
      return setMemberStatus(database, rest[0], 'active', print);
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
      const [key = '', ...valueParts] = rest;
      if (!isSettingKey(key)) throw new UsageError(`unknown setting "${key}"; keys: ${settingKeys.join(', ')}`);
      if (!valueParts.length) throw new UsageError(`settings set ${key} needs a value`);
      const value = parseSettingValue(key, valueParts.join(' '));
      await writeSetting(database.db, key, value);
      return print(`${key} set to ${JSON.stringify(value)}`);
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
}
