-- Migration 0031_transfer_intents_member_idx, frozen: what it creates never changes once released (a change is a new migration).

create index "transfer_intents_member_idx" on "transfer_intents" ("member_id", "provider", "id");
