-- Migration 0006_lookup_languages, frozen: what it creates never changes once released (a change is a new migration).

alter table "banks" add column "name_la" text;

alter table "sources" add column "description_la" text;

alter table "sources" add column "description_en" text;
