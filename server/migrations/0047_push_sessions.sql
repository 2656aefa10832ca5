-- Migration 0047_push_sessions, frozen: what it creates never changes once released (a change is a new migration).

-- A device is told of a member's money only while the session it subscribed in is alive (issue 38): a
-- password changed, a session revoked, a member disabled or signed out ends its notifications too, and a
-- session the retention sweep deletes takes its devices with it. Rows made before this have no session and
-- are sent nothing until the member signs in on that device again (which subscribes it anew).
alter table "push_subscriptions" add column "session_id" integer references "sessions" ("id") on delete cascade;
create index "push_subscriptions_session" on "push_subscriptions" ("session_id");

-- The devices a notice reached: a later try (another device did not answer) goes only to the others.
alter table "member_notices" add column "pushed_to" integer[] default '{}' not null;
