import { Value } from 'typebox/value';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isSettingKey, settingKeys, settingSchemas, type SettingKey, type Settings } from './registry.js';

export class SettingValueError extends Error {}

/** Parses an operator's text into a setting value: JSON where it parses, else the plain string. */
export function parseSettingValue<K extends SettingKey>(key: K, text: string): Settings[K] {
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // not JSON: keep it as a string (the notice, for example)
  }
  return checkSettingValue(key, value);
}

/**
 * The one check of a setting's value against the registry, for the CLI's `settings set` and the console's
 * PUT /api/staff/settings/:key alike: SettingValueError says where and why it does not match.
 */
export function checkSettingValue<K extends SettingKey>(key: K, value: unknown): Settings[K] {
  const schema = settingSchemas[key];
  if (!Value.Check(schema, value)) {
    const first = Value.Errors(schema, value)[0];
    const where = first?.instancePath || '(value)';
    throw new SettingValueError(`invalid value for ${key}: ${where} ${first?.message ?? 'does not match'}`);
  }
  return value as Settings[K];
}

/** A settings row's value as stored: undefined when it does not parse (a corrupt row, reported as missing). */
function storedValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function readAllSettings(db: Kysely<DB>): Promise<Partial<Settings>> {
  const rows = await db.selectFrom('settings').selectAll().execute();
  const out: Partial<Record<SettingKey, unknown>> = {};
  for (const row of rows) {
    if (!isSettingKey(row.key)) continue;
    const value = storedValue(row.value);
    if (value !== undefined) out[row.key] = value;
  }
  return out as Partial<Settings>;
}

/**
 * A setting's stored value, its row locked until the transaction ends: every read-modify-write of a setting
 * reads it so (a retirement, an approval, a console or CLI change), so two of them at once take turns and
 * neither writes over what the other wrote. Undefined when the row is missing or does not parse.
 */
export async function lockedSetting<K extends SettingKey>(tx: Kysely<DB>, key: K): Promise<Settings[K] | undefined> {
  const row = await tx.selectFrom('settings').select('value').where('key', '=', key).forUpdate().executeTakeFirst();
  return row && (storedValue(row.value) as Settings[K] | undefined);
}

export async function writeSetting<K extends SettingKey>(db: Kysely<DB>, key: K, value: Settings[K]): Promise<void> {
  const now = Date.now();
  const text = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: text, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now }))
    .execute();
}

/**
 * In-memory copy of the settings, re-read on an interval so that an operator command run in another
 * process takes effect within seconds without a database read on every request.
 */
export class SettingsCache {
  private current: Settings;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly db: Kysely<DB>,
    initial: Settings,
  ) {
    this.current = initial;
  }

  static async load(db: Kysely<DB>): Promise<SettingsCache> {
    return new SettingsCache(db, await SettingsCache.readComplete(db));
  }

  private static async readComplete(db: Kysely<DB>): Promise<Settings> {
    const read = await readAllSettings(db);
    const missing = settingKeys.filter((k) => read[k] === undefined);
    if (missing.length) throw new Error(`settings missing from the database: ${missing.join(', ')} (seed did not run?)`);
    return read as Settings;
  }

  get<K extends SettingKey>(key: K): Settings[K] {
    return this.current[key];
  }

  async refresh(): Promise<void> {
    this.current = await SettingsCache.readComplete(this.db);
  }

  start(intervalMs: number, onError: (err: unknown) => void): void {
    this.timer = setInterval(() => this.refresh().catch(onError), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
