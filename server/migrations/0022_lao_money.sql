-- Migration 0022_lao_money, frozen: what it creates never changes once released (a change is a new migration).

alter table "banks" add column "country" text default 'TH' not null;

update "banks" set "country" = 'LA' where "code" = 'BCEL';
