-- Migration 0050_on_call, frozen: what it creates never changes once released (a change is a new migration).

-- The figures on-call reads at every scrape and alert pass (issue 39), each from an index of the rows it
-- counts, never the whole table: waiting withdrawals and deposit requests by age, unmatched gateway
-- payments, chats waiting for an agent by how long, slips waiting for staff.
create index "withdrawals_pending_age" on "withdrawals" ("created_at") where "status" = 'PENDING';
create index "deposit_requests_pending_age" on "deposit_requests" ("created_at") where "status" = 'PENDING';
create index "qr_payments_unmatched" on "qr_payments" ("created_at") where "status" = 'UNMATCHED';
create index "chat_rooms_waiting_age" on "chat_rooms" ("waiting_since") where "ended_at" is null and "waiting_since" is not null;

-- Each instance's last sweep pass: when it last ran whole, when a task last failed (and which), the ledger
-- watch's problems and the outside calls that came to no answer during the pass, by provider. The alert
-- pass reads the instances seen lately; an instance that stopped is left out once it is not seen.
create table "sweep_heartbeats" (
  "instance" text primary key,
  "seen_at" bigint not null,
  "succeeded_at" bigint,
  "failed_at" bigint,
  "failed_tasks" text[] default '{}' not null,
  "ledger_problems" integer default 0 not null,
  "provider_faults" jsonb default '{}' not null
);

-- Where alerts go: LINE (a push to a group) and Telegram (a chat), each optional. The token is a secret:
-- written by an admin, sealed at rest (AES-256-GCM with the staff secrets' key, bound to its channel),
-- never answered back (the console shows only whether one is set).
create table "alert_channels" (
  "channel" text primary key,
  "enabled" boolean not null,
  "token" text not null,
  "target" text not null,
  "updated_at" bigint not null,
  "updated_by" text not null,
  "last_sent_at" bigint,
  "last_error" text,
  "last_error_at" bigint,
  constraint "alert_channels_channel_check" check ("channel" in ('line', 'telegram'))
);

-- The rules and their thresholds, and the alerts' language: one row, written by an admin (the defaults
-- by the first alert pass). deposit_cursor: the last journal entry the large-deposit rule looked at.
create table "alert_config" (
  "id" integer primary key,
  "rules" jsonb not null,
  "lang" text not null,
  "deposit_cursor" integer,
  "updated_at" bigint not null,
  "updated_by" text not null,
  constraint "alert_config_one_row" check ("id" = 1),
  constraint "alert_config_lang_check" check ("lang" in ('th', 'la', 'en'))
);

-- Each alert while its condition holds (one row per condition: a rule, or a rule and what it names),
-- fired once and resolved once, whichever instance looked.
create table "alert_states" (
  "key" text primary key,
  "rule" text not null,
  "fired_at" bigint not null,
  "resolved_at" bigint,
  "detail" jsonb not null
);
create index "alert_states_open" on "alert_states" ("rule") where "resolved_at" is null;

-- The messages to send, one per channel: claimed with a lease (one instance sends each), tried again with
-- backoff when a channel does not answer. retry_key is LINE's X-Line-Retry-Key: a try after a timeout is
-- not a second message.
create table "alert_messages" (
  "id" serial primary key,
  "channel" text not null,
  "alert_key" text,
  "kind" text not null,
  "text" text not null,
  "retry_key" uuid not null,
  "created_at" bigint not null,
  "due_at" bigint,
  "attempts" integer default 0 not null,
  "sent_at" bigint,
  "failed_code" text,
  constraint "alert_messages_kind_check" check ("kind" in ('fired', 'resolved', 'notice'))
);
create index "alert_messages_due" on "alert_messages" ("due_at") where "due_at" is not null;
