import { Type, type Static } from 'typebox';

/**
 * Settings in the staff console (issue 23), admins only (others 403 STAFF_FORBIDDEN). The same registry as
 * `npm run operator -- settings set` validates every value (server/src/settings/store.ts checkSettingValue),
 * and a change is written with its audit row (`settings.set`, the value before and after, the reason, the
 * address) in one transaction; the running server uses it at once. Sessions, CSRF and the refusals of
 * contract/staff.ts hold for every call.
 */

/** A change of a two-admin setting waiting for a second admin (issue 36). */
export const SettingProposal = Type.Object({
  id: Type.Integer(),
  value: Type.Unknown(),
  reason: Type.String(),
  /** `staff:<username>` or `cli:<username>`. */
  proposedBy: Type.String(),
  proposedAt: Type.String({ format: 'date-time' }),
});
export type SettingProposal = Static<typeof SettingProposal>;

/**
 * One setting: its key, current value, the JSON Schema its value must match, and what it is for.
 * `twoAdmins`: a change of it (the money policy's threshold) is a proposal a second admin approves;
 * `pending` is the one waiting, if any.
 */
export const SettingEntry = Type.Object({
  key: Type.String(),
  value: Type.Unknown(),
  /** JSON Schema (the registry's TypeBox schema). */
  schema: Type.Unknown(),
  description: Type.String(),
  twoAdmins: Type.Boolean(),
  pending: Type.Union([SettingProposal, Type.Null()]),
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
 * Answers the setting as it now is: for a two-admin setting the value is unchanged and `pending` holds the
 * proposal (409 SETTING_PROPOSAL_PENDING when one waits already).
 */
export const SettingPutBody = Type.Object({ value: Type.Unknown(), reason: Type.String({ maxLength: 500 }) });
export type SettingPutBody = Static<typeof SettingPutBody>;

/** 400 SETTING_INVALID: `detail` is the registry's message, the same the CLI prints. */
export const SettingInvalid = Type.Object({ message: Type.String(), detail: Type.Optional(Type.String()) });
export type SettingInvalid = Static<typeof SettingInvalid>;

/** GET /api/staff/settings/:key/history answers an AuditPage (contract/staff.ts): that setting's changes, newest first, 50. */
export const SETTING_HISTORY_SIZE = 50;

/**
 * POST /api/staff/settings/proposals/:id/approve (`reason` optional) and .../reject (`reason` required): a
 * second admin's decision on a waiting proposal; never the proposer's (403 FOUR_EYES); 409
 * SETTING_PROPOSAL_DECIDED when decided meanwhile. Answers the setting as it now is.
 */
export const SettingDecisionBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) });
export type SettingDecisionBody = Static<typeof SettingDecisionBody>;
export const SettingProposalParam = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) });
