-- Migration 0015_chat, frozen: what it creates never changes once released (a change is a new migration).

create table "chat_rooms" ("room" text primary key, "member_id" integer references "members" ("id"), "guest_id" text, "session_id" text not null, "ended_at" bigint, "username" text not null, "name" text not null, "last_message_at" bigint not null, constraint "chat_rooms_owner_check" check ((member_id is null) <> (guest_id is null)));

create table "chat_messages" ("id" serial primary key, "room" text not null references "chat_rooms" ("room"), "session_id" text not null, "sender" text not null, "message_type" text not null, "payload" text not null, "client_message_id" text, "fingerprint" text, "created_at" bigint not null, "read_at" bigint, constraint "chat_messages_sender_check" check (sender in ('customer', 'agent', 'bot')));

create index "chat_messages_room_idx" on "chat_messages" ("room", "id");

create unique index "chat_messages_client_unique" on "chat_messages" ("room", "client_message_id") where "client_message_id" is not null;

create table "chat_uploads" ("name" text primary key, "file_type" text not null, "content_type" text not null, "size" integer not null, "created_at" bigint not null);

create table socket_io_attachments (id bigserial unique, created_at timestamptz default now(), payload bytea);
