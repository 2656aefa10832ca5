-- Migration 0002_ledger, frozen: what it creates never changes once released (a change is a new migration).

create table "ledger_accounts" ("id" serial primary key, "code" text not null unique, "kind" text not null, "member_id" integer references "members" ("id"), "currency" text not null, "balance" bigint default 0 not null, "allow_negative" integer default 0 not null, constraint "ledger_accounts_balance_check" check (allow_negative = 1 or balance >= 0));

create index "ledger_accounts_member_idx" on "ledger_accounts" ("member_id");

create table "journal" ("id" serial primary key, "member_id" integer references "members" ("id"), "type" text not null, "status" text not null, "amount" bigint not null, "from_label" text not null, "to_label" text not null, "visible" integer not null, "created_at" bigint not null, constraint "journal_amount_check" check (amount > 0));

create index "journal_member_idx" on "journal" ("member_id", "visible", "id");

create table "postings" ("id" serial primary key, "journal_id" integer not null references "journal" ("id"), "account_id" integer not null references "ledger_accounts" ("id"), "amount" bigint not null);

create index "postings_account_idx" on "postings" ("account_id");

create index "postings_journal_idx" on "postings" ("journal_id");

create table "idempotency_keys" ("member_id" integer not null references "members" ("id"), "key" text not null, "fingerprint" text not null, "status_code" integer not null, "response" text not null, "created_at" bigint not null, constraint "idempotency_keys_pk" primary key ("member_id", "key"));

create table "withdrawals" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "amount" bigint not null, "currency" text not null, "status" text not null, "journal_id" integer not null references "journal" ("id"), "payout_ref" text, "created_at" bigint not null, "settled_at" bigint);

create unique index "withdrawals_one_pending" on "withdrawals" ("member_id") where "status" = 'PENDING';
