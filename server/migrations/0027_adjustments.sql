-- Migration 0027_adjustments, frozen: what it creates never changes once released (a change is a new migration).

create table "adjustments" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "kind" text not null check (kind in ('credit', 'debit', 'reverse')), "amount" bigint not null check (amount > 0), "currency" text not null, "reverses_journal_id" integer references "journal" ("id"), "reason" text not null, "requested_by" text not null, "requested_at" bigint not null, "status" text not null check (status in ('PENDING', 'APPLIED', 'REJECTED')), "decided_by" text, "decided_at" bigint, "decision_reason" text, "journal_id" integer references "journal" ("id"), "request_key" text unique);

create index "adjustments_status_idx" on "adjustments" ("status", "id");

create unique index "adjustments_one_reversal_idx" on "adjustments" ("reverses_journal_id") where "status" <> 'REJECTED';
