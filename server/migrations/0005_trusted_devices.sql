-- Migration 0005_trusted_devices, frozen: what it creates never changes once released (a change is a new migration).

create table "trusted_devices" ("member_id" integer not null references "members" ("id"), "device_hash" text not null, "created_at" bigint not null, "last_used_at" bigint not null, constraint "trusted_devices_pk" primary key ("member_id", "device_hash"));
