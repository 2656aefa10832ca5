-- Migration 0046_member_notices, frozen: what it creates never changes once released (a change is a new migration).

-- What happened to a member's money or requests while they were not looking (issue 38): a deposit
-- credited, a slip's result, a payment QR paid, a withdrawal paid or rejected, a transfer in transit
-- finished, a reply from support. Written with the change it tells of (the live event's transaction);
-- shown by the app as "while you were away" until seen, and sent once by Web Push to the member's
-- devices that asked for it (push_due_at: when the next try is due; null: nothing left to send).
create table "member_notices" ("id" bigserial primary key, "member_id" integer not null references "members" ("id"), "event" jsonb not null, "created_at" bigint not null, "seen_at" bigint, "push_due_at" bigint, "push_attempts" integer default 0 not null);
create index "member_notices_unseen" on "member_notices" ("member_id", "id") where "seen_at" is null;
create index "member_notices_push_due" on "member_notices" ("push_due_at") where "push_due_at" is not null;
create index "member_notices_created" on "member_notices" ("created_at");

-- A member's device that accepted Web Push: the push service's endpoint and the subscription's keys, and
-- the language its notifications are written in. One row per endpoint: a device signed in as another
-- member moves to that member.
create table "push_subscriptions" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "endpoint" text not null unique, "p256dh" text not null, "auth" text not null, "lang" text not null, "created_at" bigint not null, "last_sent_at" bigint, constraint "push_subscriptions_lang_check" check (lang in ('th', 'la', 'en')));
create index "push_subscriptions_member" on "push_subscriptions" ("member_id");
