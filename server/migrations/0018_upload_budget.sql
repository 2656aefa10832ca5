-- Migration 0018_upload_budget, frozen: what it creates never changes once released (a change is a new migration).

create table "upload_usage" ("id" serial primary key, "member_id" integer references "members" ("id"), "address" text not null, "bucket" text not null, "size" bigint not null, "created_at" bigint not null);

create index "upload_usage_member_idx" on "upload_usage" ("member_id", "created_at");

create index "upload_usage_address_idx" on "upload_usage" ("address", "created_at");
