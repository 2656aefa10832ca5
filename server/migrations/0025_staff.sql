-- Migration 0025_staff, frozen: what it creates never changes once released (a change is a new migration).

create table "staff" ("id" serial primary key, "username" text not null unique, "role" text not null, "password_hash" text not null, "must_change_password" integer default 1 not null, "totp_secret" text, "totp_enrolled_at" bigint, "totp_last_step" bigint, "disabled_at" bigint, "created_at" bigint not null, constraint "staff_role_check" check (role in ('agent', 'finance', 'admin')));

create table "staff_sessions" ("id" serial primary key, "staff_id" integer not null references "staff" ("id"), "token_hash" text not null unique, "csrf_secret" text not null, "ip" text, "created_at" bigint not null, "last_seen_at" bigint not null, "revoked_at" bigint);

create index "staff_sessions_staff_idx" on "staff_sessions" ("staff_id");

create table "staff_challenges" ("id" serial primary key, "staff_id" integer not null references "staff" ("id"), "token_hash" text not null unique, "step" text not null, "pending_secret" text, "failures" integer default 0 not null, "ip" text, "created_at" bigint not null, "expires_at" bigint not null);

create table "audit_log" ("id" serial primary key, "at" bigint not null, "actor_kind" text not null, "actor_username" text not null, "action" text not null, "target" text not null, "before_json" text, "after_json" text, "reason" text, "ip" text, constraint "audit_log_actor_check" check (actor_kind in ('staff', 'cli')));

create index "audit_log_actor_idx" on "audit_log" ("actor_username", "id");

create index "audit_log_action_idx" on "audit_log" ("action", "id");

create index "audit_log_target_idx" on "audit_log" ("target", "id");

create function audit_log_append_only() returns trigger language plpgsql as $$
            begin raise exception 'audit_log is append-only'; end $$;

create trigger audit_log_append_only before update or delete on audit_log
            for each row execute function audit_log_append_only();

alter table "journal" add column "made_by" text;
