-- Migration 0014_spinwheel, frozen: what it creates never changes once released (a change is a new migration).

create table "spin_wheels" ("id" serial primary key, "name" text not null, "slices" text not null, "created_at" bigint not null);

create table "spins" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "wheel_id" integer not null references "spin_wheels" ("id"), "slice_code" text not null, "prize_type" text not null, "amount" bigint not null, "bonus_code" text, "coin_journal_id" integer not null references "journal" ("id"), "created_at" bigint not null, "expires_at" bigint, "claimed_at" bigint, "claim_journal_id" integer references "journal" ("id"), constraint "spins_prize_check" check (prize_type in ('nothing', 'cash', 'bonus', 'item')), constraint "spins_amount_check" check (amount >= 0 and (prize_type not in ('cash', 'bonus') or amount > 0)), constraint "spins_bonus_check" check ((prize_type = 'bonus') = (bonus_code is not null)), constraint "spins_coupon_check" check ((prize_type = 'nothing') = (expires_at is null)), constraint "spins_claim_check" check (claimed_at is null or prize_type <> 'nothing'));

create index "spins_member_idx" on "spins" ("member_id", "id");

create index "spins_claim_journal_idx" on "spins" ("claim_journal_id");
