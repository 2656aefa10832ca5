-- Migration 0028_unmatched_payments, frozen: what it creates never changes once released (a change is a new migration).

alter table "qr_payments" add column "resolved_at" bigint;

alter table "qr_payments" add column "resolved_by" text;

alter table "qr_payments" add column "resolved_reason" text;

alter table "qr_payments" add column "resolved_reference" text;
