-- Migration 0020_bank_changed_at, frozen: what it creates never changes once released (a change is a new migration).

alter table "members" add column "bank_changed_at" bigint;
