-- Migration 0013_refunds, frozen: what it creates never changes once released (a change is a new migration).

create table "refunds" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "period_start" bigint not null, "period_end" bigint not null, "loss" bigint not null, "percent_bp" integer not null, "refund_amount" bigint not null, "created_at" bigint not null, "claim_journal_id" integer references "journal" ("id"), constraint "refunds_amount_check" check (refund_amount > 0 and loss > 0 and period_end > period_start));

create unique index "refunds_once" on "refunds" ("member_id", "period_start");

create index "refunds_claim_idx" on "refunds" ("member_id", "claim_journal_id");

create index "journal_type_time_idx" on "journal" ("type", "created_at");
