-- Migration 0055_deposit_request_account, frozen: what it creates never changes once released (a change is a new migration).

-- Figures per deposit account (issue 39): which of our accounts a manual deposit request's money arrived in,
-- as the finance clerk who confirmed it saw on that account's statement (its number in the `deposit`
-- setting). Requests confirmed before it, or without the clerk saying, have none: the reports show them as
-- an unknown account.
alter table "deposit_requests" add column "deposit_account_no" text;
