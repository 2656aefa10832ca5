-- Migration 0041_setting_proposals, frozen: what it creates never changes once released (a change is a new migration).

-- A change of a money-policy setting (issue 36: the threshold one person may credit alone) proposed by
-- one admin, applied only when a second admin approves it. One waiting proposal per setting.
create table "setting_proposals" ("id" serial primary key, "key" text not null, "value" text not null, "reason" text not null, "proposed_by" text not null, "proposed_at" bigint not null, "status" text not null check (status in ('PENDING', 'APPLIED', 'REJECTED')), "decided_by" text, "decided_at" bigint, "decision_reason" text);

create unique index "setting_proposals_one_pending_idx" on "setting_proposals" ("key") where "status" = 'PENDING';
