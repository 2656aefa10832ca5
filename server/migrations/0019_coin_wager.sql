-- Migration 0019_coin_wager, frozen: what it creates never changes once released (a change is a new migration).

create table "deposit_coins" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "deposit_journal_id" integer not null unique references "journal" ("id"), "coins" integer not null, "wager_target" bigint not null, "deposited_at" bigint not null, "wager_since" bigint not null, "status" text not null, "settled_at" bigint, "settled_journal_id" integer references "journal" ("id"), constraint "deposit_coins_amount_check" check (coins > 0 and wager_target >= 0), constraint "deposit_coins_status_check" check (status in ('pending', 'granted', 'forfeited')), constraint "deposit_coins_settled_check" check ((status = 'pending') = (settled_at is null) and (status = 'pending') = (settled_journal_id is null)));

create index "deposit_coins_member_idx" on "deposit_coins" ("member_id", "status", "deposited_at");
