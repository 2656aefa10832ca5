-- Migration 0016_slip_review, frozen: what it creates never changes once released (a change is a new migration).

alter table "slips" add column "sender" text;
