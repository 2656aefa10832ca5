-- Migration 0023_password_reset, frozen: what it creates never changes once released (a change is a new migration).

alter table "otps" add column "purpose" text default 'register' not null;
