-- Migration 0056_deposit_request_transfer_time, frozen: what it creates never changes once released (a change is a new migration).

-- A manual deposit request says when the member made the transfer, if they said (issue 39): the finance clerk
-- looks for it on the deposit account's statement around that time, not only before the time they asked.
-- Null: not said (every request before this, and a member who left it out).
alter table "deposit_requests" add column "transferred_at" bigint;
