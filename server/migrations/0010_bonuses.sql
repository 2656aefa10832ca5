-- Migration 0010_bonuses, frozen: what it creates never changes once released (a change is a new migration).

create table "bonuses" ("id" serial primary key, "code" text not null unique, "name" text not null, "html" text not null, "notice" text not null, "type" text not null, "max_received" integer not null, "percent_fail" integer not null, "banners" text not null, "give_percent" integer, "give_max" bigint, "give_fixed" bigint, "min_deposit" bigint not null, "turnover_multiple" integer not null, "budget" bigint, "active" integer not null, "sort" integer default 0 not null, "created_at" bigint not null, constraint "bonuses_type_check" check (type in ('limit', 'day', 'week')), constraint "bonuses_max_received_check" check (max_received > 0), constraint "bonuses_min_deposit_check" check (min_deposit >= 0), constraint "bonuses_turnover_check" check (turnover_multiple >= 0), constraint "bonuses_give_check" check ((give_percent is not null and give_percent > 0 and give_max is not null and give_max > 0 and give_fixed is null)
              or (give_percent is null and give_max is null and give_fixed is not null and give_fixed > 0)));

create table "member_bonuses" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "bonus_code" text not null references "bonuses" ("code"), "amount" bigint not null, "deposit_journal_id" integer references "journal" ("id"), "journal_id" integer references "journal" ("id"), "turnover_target" bigint not null, "turnover_base" bigint not null, "active" integer not null, "received_at" bigint not null, "finished_at" bigint, "finish_reason" text, constraint "member_bonuses_amount_check" check (amount > 0), constraint "member_bonuses_reason_check" check (finish_reason is null or finish_reason in ('TURNOVER', 'CLEAR')));

create index "member_bonuses_member_idx" on "member_bonuses" ("member_id", "bonus_code", "received_at");

create index "member_bonuses_code_idx" on "member_bonuses" ("bonus_code");

create unique index "member_bonuses_one_active" on "member_bonuses" ("member_id") where "active" = 1;
