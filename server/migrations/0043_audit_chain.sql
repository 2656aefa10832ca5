-- Migration 0043_audit_chain, frozen: what it creates never changes once released (a change is a new migration).

-- The audit trail answers "what was done to this member" (issue 36): a row about a member's money names
-- the member and carries the amount in the member's money ('6000.00 BAHT').
alter table "audit_log" add column "member_id" integer references "members" ("id");
alter table "audit_log" add column "money" text;
create index "audit_log_member_idx" on "audit_log" ("member_id", "id");

-- ... and shows tampering: each row written from now on is chained, at its transaction's commit, to the
-- row chained before it. A chain link holds the hash of its row's fields and of the link before; a row
-- changed, or removed, no longer matches its link (`npm run operator -- audit verify`, which recomputes
-- the same hash: server/src/modules/audit/chain.ts). Links are in commit order (`seq`, no gaps), which
-- need not be the rows' id order. Rows written before this migration have no link.
create table "audit_chain" ("seq" bigint primary key, "audit_id" integer not null unique, "prev_hash" text not null, "hash" text not null);

create function audit_chain_append_only() returns trigger language plpgsql as $$
            begin raise exception 'audit_chain is append-only'; end $$;

create trigger audit_chain_append_only before update or delete on audit_chain
            for each row execute function audit_chain_append_only();

-- One field of the hashed text: its length in bytes, a colon and the text; '~' for none. Self-delimiting,
-- so no two rows' fields hash alike by moving text from one field to the next.
create function audit_field_v1(t text) returns text language sql immutable as $$
            select case when t is null then '~' else octet_length(t)::text || ':' || t end $$;

create function audit_chain_v1() returns trigger language plpgsql as $$
            declare
              last_seq bigint;
              last_hash text;
              next_seq bigint;
              prev text;
            begin
              -- one link at a time per wallet (schema): the commits of audited changes take turns here
              perform pg_advisory_xact_lock(hashtext('audit-chain:' || current_schema()));
              select seq, hash into last_seq, last_hash from audit_chain order by seq desc limit 1;
              next_seq := coalesce(last_seq, 0) + 1;
              prev := coalesce(last_hash, repeat('0', 64));
              insert into audit_chain (seq, audit_id, prev_hash, hash) values (next_seq, new.id, prev, encode(sha256(convert_to(
                audit_field_v1(next_seq::text) || audit_field_v1(new.id::text) || audit_field_v1(new.at::text) ||
                audit_field_v1(new.actor_kind) || audit_field_v1(new.actor_username) || audit_field_v1(new.action) ||
                audit_field_v1(new.target) || audit_field_v1(new.before_json) || audit_field_v1(new.after_json) ||
                audit_field_v1(new.reason) || audit_field_v1(new.ip) || audit_field_v1(new.member_id::text) ||
                audit_field_v1(new.money) || audit_field_v1(prev), 'UTF8')), 'hex'));
              return null;
            end $$;

-- at the commit: by then the transaction holds every other lock it takes, so waiting here deadlocks nothing
create constraint trigger audit_log_chain after insert on audit_log deferrable initially deferred
            for each row execute function audit_chain_v1();
