import { Type, type Static } from 'typebox';

/**
 * Settings in the staff console (issue 23), admins only (others 403 STAFF_FORBIDDEN). The same registry as
 * `npm run operator -- settings set` validates every value (server/src/settings/store.ts checkSettingValue),
 * and a change is written with its audit row (`settings.set`, the value before and after, the reason, the
 * address) in one transaction; the running server uses it at once. Sessions, CSRF and the refusals of
 * contract/staff.ts hold for every call.
 */

/** One setting: its key, current value, the JSON Schema its value must match, and what it is for. */
export const SettingEntry = Type.Object({
  key: Type.String(),
  value: Type.Unknown(),
  /** JSON Schema (the registry's TypeBox schema). */
  schema: Type.Unknown(),
  description: Type.String(),
});
export type SettingEntry = Static<typeof SettingEntry>;

/** GET /api/staff/settings: every setting, in the registry's order. */
export const SettingList = Type.Object({ settings: Type.Array(SettingEntry) });
export type SettingList = Static<typeof SettingList>;

/** A setting's key in a path; one the registry does not know: 404 NO_DATA. */
export const SettingKeyParam = Type.Object({ key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$' }) });

/**
 * PUT /api/staff/settings/:key: the new value (JSON) and the reason (400 REASON_REQUIRED without one). A value
 * its schema refuses: 400 SETTING_INVALID with the registry's `detail` (where and why), nothing changed.
 * Answers the setting as it now is.
 */
export const SettingPutBody = Type.Object({ value: Type.Unknown(), reason: Type.String({ maxLength: 500 }) });
export type SettingPutBody = Static<typeof SettingPutBody>;

/** 400 SETTING_INVALID: `detail` is the registry's message, the same the CLI prints. */
export const SettingInvalid = Type.Object({ message: Type.String(), detail: Type.Optional(Type.String()) });
export type SettingInvalid = Static<typeof SettingInvalid>;

/** GET /api/staff/settings/:key/history answers an AuditPage (contract/staff.ts): that setting's changes, newest first, 50. */
export const SETTING_HISTORY_SIZE = 50;
