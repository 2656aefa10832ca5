-- Migration 0008_slips, frozen: what it creates never changes once released (a change is a new migration).

create table "stored_files" ("bucket" text not null, "name" text not null, "content_type" text not null, "bytes" bytea not null, "created_at" bigint not null, constraint "stored_files_pk" primary key ("bucket", "name"));

create table "slips" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "reference" text not null unique, "file_name" text not null, "content_type" text not null, "status" text not null, "note" text, "amount" bigint default 0 not null, "currency" text not null, "sending_bank" text, "trans_ref" text, "attempts" integer default 0 not null, "captchas" integer default 0 not null, "next_attempt_at" bigint not null, "lease_until" bigint default 0 not null, "idempotency_key" text, "journal_id" integer references "journal" ("id"), "created_at" bigint not null, "updated_at" bigint not null, constraint "slips_status_check" check (status in ('PROCESSING', 'REVIEW', 'SUCCESS', 'FAILED')), constraint "slips_member_key_unique" unique ("member_id", "idempotency_key"));

create index "slips_member_idx" on "slips" ("member_id", "id");

create index "slips_due_idx" on "slips" ("status", "next_attempt_at");

create table "slip_credits" ("sending_bank" text not null, "trans_ref" text not null, "slip_id" integer not null references "slips" ("id"), "created_at" bigint not null, constraint "slip_credits_pk" primary key ("sending_bank", "trans_ref"));

create table "sandbox_bank_transfers" ("sending_bank" text not null, "trans_ref" text not null, "amount" bigint not null, "currency" text not null, "from_bank" text not null, "from_account" text not null, "from_name" text not null, "to_bank" text not null, "to_account" text not null, "transferred_at" bigint not null, constraint "sandbox_bank_transfers_pk" primary key ("sending_bank", "trans_ref"));
