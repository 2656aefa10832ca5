-- Migration 0011_promotions, frozen: what it creates never changes once released (a change is a new migration).

create table "promotions" ("id" serial primary key, "code" text not null unique, "description" text not null, "percent_fail" integer not null, "give_percent" integer, "give_max" bigint, "give_fixed" bigint, "min_deposit" bigint not null, "turnover_multiple" integer not null, "total_uses" integer, "active" integer not null, "created_at" bigint not null, constraint "promotions_min_deposit_check" check (min_deposit >= 0), constraint "promotions_turnover_check" check (turnover_multiple >= 0), constraint "promotions_uses_check" check (total_uses is null or total_uses > 0), constraint "promotions_give_check" check ((give_percent is not null and give_percent > 0 and give_max is not null and give_max > 0 and give_fixed is null)
              or (give_percent is null and give_max is null and give_fixed is not null and give_fixed > 0)));

alter table "bonuses" add column "first_deposit" integer default 0 not null;

update bonuses set first_deposit = 1 where code = 'FIRSTDEP100';

drop table "member_bonuses";

create table "member_bonuses" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "bonus_code" text references "bonuses" ("code"), "promotion_code" text references "promotions" ("code"), "amount" bigint not null, "currency" text not null, "percent_fail" integer not null, "deposit_journal_id" integer references "journal" ("id"), "journal_id" integer not null references "journal" ("id"), "finish_journal_id" integer references "journal" ("id"), "turnover_target" bigint not null, "turnover_progress" bigint not null, "active" integer not null, "received_at" bigint not null, "finished_at" bigint, "finish_reason" text, constraint "member_bonuses_amount_check" check (amount > 0), constraint "member_bonuses_kind_check" check ((bonus_code is null) <> (promotion_code is null)), constraint "member_bonuses_reason_check" check (finish_reason is null or finish_reason in ('TURNOVER', 'CLEAR')));

create index "member_bonuses_member_idx" on "member_bonuses" ("member_id", "bonus_code", "received_at");

create index "member_bonuses_code_idx" on "member_bonuses" ("bonus_code");

create index "member_bonuses_journal_idx" on "member_bonuses" ("journal_id");

create index "member_bonuses_finish_idx" on "member_bonuses" ("finish_journal_id");

create unique index "member_bonuses_one_active" on "member_bonuses" ("member_id") where "active" = 1;

create unique index "member_bonuses_one_per_deposit" on "member_bonuses" ("deposit_journal_id") where "deposit_journal_id" is not null;

create unique index "member_bonuses_promotion_once" on "member_bonuses" ("member_id", "promotion_code") where "promotion_code" is not null;

create table "sandbox_game_bets" ("id" serial primary key, "provider" text not null, "username" text not null, "stake" bigint not null, "created_at" bigint not null);

create index "sandbox_game_bets_player" on "sandbox_game_bets" ("provider", "username", "created_at");
