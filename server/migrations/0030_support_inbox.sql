-- Migration 0030_support_inbox, frozen: what it creates never changes once released (a change is a new migration).

alter table "staff" add column "display_name" text;

alter table "chat_rooms" add column "assigned_to" integer references "staff" ("id");

alter table "chat_rooms" add column "assigned_at" bigint;

alter table "chat_rooms" add column "waiting_since" bigint;

alter table "chat_rooms" add column "lang" text;

alter table "chat_rooms" add column "pages" text;

create index "chat_rooms_open_idx" on "chat_rooms" ("ended_at", "last_message_at");

update chat_rooms set waiting_since = (
            select min(m.created_at) from chat_messages m
            where m.room = chat_rooms.room and m.sender = 'customer' and m.session_id = chat_rooms.session_id
              and m.id > coalesce((select max(a.id) from chat_messages a where a.room = chat_rooms.room and a.sender = 'agent'), 0))
          where ended_at is null;

alter table "chat_messages" add column "staff_id" integer references "staff" ("id");

alter table "chat_messages" add column "agent_name" text;

create table "chat_outbox" ("id" serial primary key, "room" text not null, "message_id" integer references "chat_messages" ("id"), "kind" text not null, "created_at" bigint not null);

create table "staff_presence" ("staff_id" integer not null references "staff" ("id"), "instance" text not null, "online_until" bigint not null, constraint "staff_presence_pk" primary key ("staff_id", "instance"));
