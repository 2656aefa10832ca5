-- Migration 0042_credit_holds, frozen: what it creates never changes once released (a change is a new migration).

-- A credit on a staff member's word that the money policy (issue 36) did not let apply alone: a slip
-- approved for more than the bank confirmed, a manual deposit request confirmed, an unmatched payment
-- attached to a member. It waits here until a second finance clerk or admin, not the one who asked,
-- approves the same credit (then it applies), or someone decides otherwise. One waiting hold per source.
create table "credit_holds" ("id" serial primary key, "source" text not null, "member_id" integer not null references "members" ("id"), "currency" text not null, "amount" bigint not null check (amount > 0), "own_word" bigint not null check (own_word > 0), "reason" text, "asked_by" text not null, "asked_at" bigint not null, "waits_because" text not null check (waits_because in ('amount', 'day')), "status" text not null check (status in ('PENDING', 'APPLIED', 'REPLACED', 'ENDED')), "decided_by" text, "decided_at" bigint);

create unique index "credit_holds_one_pending_idx" on "credit_holds" ("source") where "status" = 'PENDING';
create index "credit_holds_member_idx" on "credit_holds" ("member_id");
