-- Migration 0054_push_preference, frozen: what it creates never changes once released (a change is a new migration).

-- A member turns notifications off for their account, not only on one phone (issue 38): while push_off_at
-- is set (when they did), nothing is pushed to any of their devices; the notices are still written and the
-- app shows them as "while you were away". The devices stay subscribed, so turning it on again on any one
-- of them resumes them all. Null: on (every member before this).
alter table "members" add column "push_off_at" bigint;
