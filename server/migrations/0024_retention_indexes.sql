-- Migration 0024_retention_indexes, frozen: what it creates never changes once released (a change is a new migration).

create index "idempotency_keys_created_idx" on "idempotency_keys" ("created_at");

create index "sessions_last_seen_idx" on "sessions" ("last_seen_at");

create index "chat_rooms_quiet_idx" on "chat_rooms" ("ended_at", "last_message_at");
