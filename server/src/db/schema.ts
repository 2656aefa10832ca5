import type { AdjustmentTables } from './schema-adjustments.js';
import type { AlertTables } from './schema-alerts.js';
import type { BonusTables } from './schema-bonus.js';
import type { ChatTables } from './schema-chat.js';
import type { DepositTables } from './schema-deposits.js';
import type { GameTables } from './schema-games.js';
import type { InviteTables } from './schema-invite.js';
import type { LedgerTables } from './schema-ledger.js';
import type { MemberTables } from './schema-members.js';
import type { NoticeTables } from './schema-notices.js';
import type { SettingsTables } from './schema-settings.js';
import type { SlipTables } from './schema-slips.js';
import type { SpinTables } from './schema-spin.js';
import type { StaffTables } from './schema-staff.js';
import type { StatementTables } from './schema-statements.js';
import type { UploadTables } from './schema-uploads.js';

/**
 * The database as Kysely sees it: each domain's tables live beside its migrations' topic
 * (schema-<domain>.ts). Times are epoch milliseconds; money is integer minor units. The row types
 * are exported from here too, so an import from `db/schema.js` does not need to know the domain file.
 */
export interface DB
  extends
    MemberTables,
    SettingsTables,
    LedgerTables,
    GameTables,
    SlipTables,
    DepositTables,
    BonusTables,
    InviteTables,
    SpinTables,
    ChatTables,
    UploadTables,
    StaffTables,
    AdjustmentTables,
    NoticeTables,
    StatementTables,
    AlertTables {}

export type * from './schema-adjustments.js';
export type * from './schema-alerts.js';
export type * from './schema-bonus.js';
export type * from './schema-chat.js';
export type * from './schema-deposits.js';
export type * from './schema-games.js';
export type * from './schema-invite.js';
export type * from './schema-ledger.js';
export type * from './schema-members.js';
export type * from './schema-notices.js';
export type * from './schema-settings.js';
export type * from './schema-slips.js';
export type * from './schema-spin.js';
export type * from './schema-staff.js';
export type * from './schema-statements.js';
export type * from './schema-uploads.js';
