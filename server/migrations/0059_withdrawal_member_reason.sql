-- Migration 0059_withdrawal_member_reason, frozen: what it creates never changes once released (a change is a new migration).

-- Why a rejected withdrawal was rejected, as its member reads it (a code the site words in the member's language,
-- contract/withdraw-reasons.ts), chosen by the person who rejected it; their own words stay in the audit trail.
-- Null for a withdrawal not rejected, or rejected before this release.
alter table "withdrawals" add column "member_reason" text check ("member_reason" in ('WITHDRAW_NAME_MISMATCH', 'WITHDRAW_ACCOUNT_UNREACHABLE', 'WITHDRAW_TURNOVER', 'WITHDRAW_ASK_SUPPORT'));
