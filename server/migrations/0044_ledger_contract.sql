-- Migration 0044_ledger_contract, frozen: what it creates never changes once released (a change is a new migration).
--
-- The contract half of 0038 and 0039, now that no instance of a release before them runs (an upgrade from
-- one goes through the release of 2026-11-28 first: README, Running in production, Upgrades).
--
-- The transfer functions only those releases called are gone: record_v4 and finish_v5 (0039) are a
-- transfer's two transactions, and the only ones.
drop function wallet_transfer_record_v1(integer, text, text, bigint, jsonb, text, text, jsonb, text, text, bigint);
drop function wallet_transfer_record_v2(integer, text, text, bigint, jsonb, text, text, jsonb, text, text, bigint, text, bigint, jsonb);
drop function wallet_transfer_record_v3(integer, text, text, bigint, jsonb, text, text, jsonb, text, text, bigint, text, bigint, jsonb, boolean);
drop function wallet_transfer_finish_v1(integer, integer, boolean, bigint, text, text, integer, text, text, text);
drop function wallet_transfer_finish_v2(integer, integer, boolean, bigint, text, text, integer, text);
drop function wallet_transfer_finish_v3(integer, integer, boolean, bigint, text, text, integer, text);
drop function wallet_transfer_finish_v4(integer, integer, boolean, bigint, text, text, integer, text);

-- Entries and postings are never changed once their transaction has committed: only the transaction that
-- wrote a row may still change it (the audit trail names the staff member who made an entry, made_by, in
-- the same transaction). The allowance for an older release's own end of its pending entry on the row
-- (status PENDING to SUCCESS or FAILED) is gone: a pending entry ends only by an entry that names it.
create or replace function ledger_append_only() returns trigger language plpgsql as $fn$
begin
  if tg_table_name = 'journal' then
    if exists (select 1 from journal where id = old.id and xmin = pg_current_xact_id()::xid) then
      return case when tg_op = 'DELETE' then old else new end;
    end if;
  elsif exists (select 1 from postings where id = old.id and xmin = pg_current_xact_id()::xid) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  raise exception using errcode = 'WL005', message = 'LEDGER_CHANGED', detail = tg_table_name || ' ' || old.id;
end $fn$;

-- Each flow that holds a reserve of the ledger names its own pending entry, and no other flow's: the
-- ledger check reads a flow's status against how its entry ended (server/src/ledger/invariants.ts).
create unique index "transfer_intents_journal" on "transfer_intents" ("journal_id");
create unique index "withdrawals_journal" on "withdrawals" ("journal_id");
create unique index "deposit_requests_journal" on "deposit_requests" ("journal_id");
