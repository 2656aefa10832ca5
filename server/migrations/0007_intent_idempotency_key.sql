-- Migration 0007_intent_idempotency_key, frozen: what it creates never changes once released (a change is a new migration).

alter table "transfer_intents" add column "idempotency_key" text;
