-- Migration 0026_staff_guards, frozen: what it creates never changes once released (a change is a new migration).

create table "staff_trusted_devices" ("staff_id" integer not null references "staff" ("id"), "device_hash" text not null, "created_at" bigint not null, "last_used_at" bigint not null, constraint "staff_trusted_devices_pk" primary key ("staff_id", "device_hash"));

create trigger audit_log_no_truncate before truncate on audit_log
            for each statement execute function audit_log_append_only();
