-- Migration 0040_staff_credits, frozen: what it creates never changes once released (a change is a new migration).

-- Money a staff member put into a wallet with no second person's approval (issue 36): the money policy
-- sums a person's rows of the last 24 hours, per currency, before it lets another credit apply alone.
-- One row per credit applied alone, written in the credit's own transaction; never changed.
create table "staff_credits" ("id" serial primary key, "person" text not null, "currency" text not null, "amount" bigint not null check (amount > 0), "source" text not null, "member_id" integer not null references "members" ("id"), "at" bigint not null);

create index "staff_credits_person_idx" on "staff_credits" ("person", "currency", "at");
