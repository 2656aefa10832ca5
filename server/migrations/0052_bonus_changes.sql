-- Migration 0052_bonus_changes, frozen: what it creates never changes once released (a change is a new migration).

-- Bonuses made and changed in the staff console (issue 39). A bonus's budget is the most it may ever pay:
-- money one admin puts within members' reach. A console change that adds budget counts against the admin's
-- allowance of the money policy (table staff_credits, with no member: the budget is no one's yet); one
-- beyond it waits for a second admin, who applies it or rejects it. One waiting change per bonus.
create table "bonus_changes" (
  "id" serial primary key,
  "code" text not null,
  "kind" text not null check (kind in ('add', 'edit')),
  "value" text not null,
  "budget_added" bigint not null check (budget_added >= 0),
  "reason" text not null,
  "proposed_by" text not null,
  "proposed_at" bigint not null,
  "status" text not null check (status in ('PENDING', 'APPLIED', 'REJECTED')),
  "waits_because" text,
  "decided_by" text,
  "decided_at" bigint,
  "decision_reason" text
);
create unique index "bonus_changes_one_pending_idx" on "bonus_changes" ("code") where "status" = 'PENDING';
create index "bonus_changes_code_idx" on "bonus_changes" ("code", "id");

alter table "staff_credits" alter column "member_id" drop not null;
