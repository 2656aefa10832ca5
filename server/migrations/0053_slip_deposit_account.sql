-- Migration 0053_slip_deposit_account, frozen: what it creates never changes once released (a change is a new migration).

-- Figures per deposit account (issue 39): which of our accounts a slip's transfer went to, as the bank told
-- the verifier (the account's number in the `deposit` setting). Slips verified before it have none: the
-- reports show them as an unknown account.
alter table "slips" add column "deposit_account_no" text;
