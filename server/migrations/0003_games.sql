-- Migration 0003_games, frozen: what it creates never changes once released (a change is a new migration).

create table "game_accounts" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "provider" text not null, "username" text not null, "password" text not null, "created_at" bigint not null, constraint "game_accounts_member_provider" unique ("member_id", "provider"));

create table "transfer_intents" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "provider" text not null, "direction" text not null, "amount" bigint not null, "currency" text not null, "status" text not null, "journal_id" integer not null references "journal" ("id"), "created_at" bigint not null, "resolved_at" bigint);

create index "transfer_intents_open" on "transfer_intents" ("status");

create table "sandbox_game_accounts" ("provider" text not null, "username" text not null, "password" text not null, "balance" bigint not null, "turnover" bigint not null, "created_at" bigint not null, constraint "sandbox_game_accounts_pk" primary key ("provider", "username"), constraint "sandbox_balance_check" check (balance >= 0));

create table "sandbox_game_refs" ("provider" text not null, "ref" text not null, "username" text not null, "kind" text not null, "amount" bigint not null, "state" text not null, "created_at" bigint not null, constraint "sandbox_game_refs_pk" primary key ("provider", "ref"));
