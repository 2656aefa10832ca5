-- Migration 0017_rate_limits, frozen: what it creates never changes once released (a change is a new migration).

create table "rate_limits" ("key" text primary key, "count" integer not null, "reset_at" bigint not null);

create index "rate_limits_reset_idx" on "rate_limits" ("reset_at");
