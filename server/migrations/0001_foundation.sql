-- Migration 0001_foundation, frozen: what it creates never changes once released (a change is a new migration).

create table "members" ("id" serial primary key, "phone" text not null unique, "name" text not null, "password_hash" text not null, "status" text default 'active' not null, "coin" integer default 0 not null, "currency" text not null, "bank_code" text not null, "bank_account_name" text not null, "bank_account_no" text not null, "source_code" text, "inviter_id" integer references "members" ("id"), "created_at" bigint not null, constraint "members_bank_account_unique" unique ("bank_code", "bank_account_no"), constraint "members_status_check" check (status in ('active', 'disabled')), constraint "members_coin_check" check (coin >= 0));

create table "sessions" ("id" serial primary key, "token_hash" text not null unique, "member_id" integer not null references "members" ("id"), "created_at" bigint not null, "last_seen_at" bigint not null, "expires_at" bigint not null, "revoked_at" bigint);

create index "sessions_member_idx" on "sessions" ("member_id");

create table "otps" ("token" text primary key, "phone" text not null, "ref" text not null, "code_hash" text not null, "created_at" bigint not null, "expires_at" bigint not null, "attempts" integer default 0 not null, "verified_at" bigint, "consumed_at" bigint);

create index "otps_phone_idx" on "otps" ("phone", "created_at");

create table "settings" ("key" text primary key, "value" text not null, "updated_at" bigint not null);

create table "banks" ("code" text primary key, "name_th" text not null, "name_en" text not null, "sort" integer not null);

create table "sources" ("code" text primary key, "description" text not null, "sort" integer not null);
