-- Migration 0012_invites, frozen: what it creates never changes once released (a change is a new migration).

create table "invites" ("id" serial primary key, "inviter_id" integer not null references "members" ("id"), "invitee_id" integer not null references "members" ("id"), "deposit_journal_id" integer not null unique references "journal" ("id"), "deposit_amount" bigint not null, "amount" bigint not null, "turnover_target" bigint not null, "deposited_at" bigint not null, "created_at" bigint not null, "played_at" bigint, "receive_journal_id" integer references "journal" ("id"), constraint "invites_amount_check" check (amount >= 0 and deposit_amount > 0 and turnover_target >= 0));

create index "invites_inviter_idx" on "invites" ("inviter_id", "receive_journal_id");

create index "invites_invitee_idx" on "invites" ("invitee_id");

create index "invites_receive_idx" on "invites" ("receive_journal_id");

create index "members_inviter_idx" on "members" ("inviter_id");
