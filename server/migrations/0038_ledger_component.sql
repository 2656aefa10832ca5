-- Migration 0038_ledger_component, frozen: what it creates never changes once released (a change is a new migration).
--
-- The ledger as a closed component (issue 34): its calls are functions of the database, the one
-- implementation of each money step, which the server's TypeScript (server/src/ledger/ledger.ts) and the
-- transfer functions both call. An entry is never changed once its transaction has committed: how a
-- pending entry ended is a new entry that names it (journal.pending_id, journal.outcome), as TigerBeetle's
-- post and void of a two-phase transfer do. The status a reader sees is ledger_entries.status.
--
-- Errors are the ledger's own: SQLSTATE WL001 LEDGER_NOT_ENOUGH (an account that may not go below zero
-- would), WL002 LEDGER_ENDED (a pending entry ended already), WL003 LEDGER_NOT_PENDING (no pending entry by
-- that id), WL004 LEDGER_UNBALANCED (postings that do not sum to zero), WL005 LEDGER_CHANGED (a committed
-- entry changed); the server maps them (server/src/ledger/errors.ts).

alter table journal add column pending_id integer references journal (id);

alter table journal add column outcome text;

alter table journal add constraint journal_ends_check
  check ((pending_id is null and outcome is null) or (pending_id is not null and outcome in ('posted', 'voided')));

-- a pending entry ends once: posted or voided, never both, never twice
create unique index journal_ended_once on journal (pending_id) where pending_id is not null;

-- every entry as a reader sees it: a pending entry's status is how its end says it ended (SUCCESS when
-- posted, FAILED when voided); an entry written before 0038 keeps the status written on it then
create view ledger_entries as
  select j.id, j.member_id, j.type,
         case e.outcome when 'posted' then 'SUCCESS' when 'voided' then 'FAILED' else j.status end as status,
         j.amount, j.from_label, j.to_label, j.visible, j.created_at, j.made_by, j.pending_id, j.outcome,
         e.id as ended_by
    from journal j left join journal e on e.pending_id = j.id;

-- The postings of entry p_journal (p_accounts[i] gets p_amounts[i]), its balances changed: a member's
-- accounts first, then the house's (rows every movement shares, taken last and held the shortest), each in
-- id order (two movements never wait on each other in a circle), each by a conditional update (an account
-- that may not go negative refuses).
create function ledger_apply_v1(p_journal integer, p_accounts integer[], p_amounts bigint[]) returns void language plpgsql as $fn$
declare
  v_posting record;
begin
  if coalesce(cardinality(p_accounts), 0) <> coalesce(cardinality(p_amounts), 0)
     or coalesce((select sum(x) from unnest(p_amounts) x), 0) <> 0 or 0 = any (p_amounts) then
    raise exception using errcode = 'WL004', message = 'LEDGER_UNBALANCED', detail = coalesce(p_amounts::text, 'null');
  end if;
  for v_posting in
    select x.account, x.amount from unnest(p_accounts, p_amounts) as x(account, amount)
      join ledger_accounts a on a.id = x.account
     order by (a.member_id is null), a.id
  loop
    update ledger_accounts set balance = balance + v_posting.amount
     where id = v_posting.account and (allow_negative = 1 or balance + v_posting.amount >= 0);
    if not found then
      raise exception using errcode = 'WL001', message = 'LEDGER_NOT_ENOUGH', detail = v_posting.account::text;
    end if;
  end loop;
  insert into postings (journal_id, account_id, amount)
    select p_journal, x.account, x.amount from unnest(p_accounts, p_amounts) as x(account, amount);
end $fn$;

-- A movement: one entry and its balanced postings (none for an entry that records an event without
-- money). p_status 'SUCCESS' moves the money for good; 'PENDING' reserves it (from the source to a holding
-- account: money in transit, pending payouts), to be posted or voided by ledger_end_v1. Answers the
-- entry's id.
create function ledger_move_v1(p_member integer, p_type text, p_status text, p_amount bigint, p_from text, p_to text,
                               p_visible boolean, p_now bigint, p_accounts integer[], p_amounts bigint[]) returns integer language plpgsql as $fn$
declare
  v_journal integer;
begin
  if p_status not in ('SUCCESS', 'PENDING') then
    raise exception 'ledger_move_v1: status % is not SUCCESS or PENDING', p_status;
  end if;
  if p_amount is null or p_amount <= 0 then
    raise exception using errcode = 'WL004', message = 'LEDGER_UNBALANCED', detail = 'amount ' || coalesce(p_amount::text, 'null');
  end if;
  insert into journal (member_id, type, status, amount, from_label, to_label, visible, created_at)
    values (p_member, p_type, p_status, p_amount, p_from, p_to, case when p_visible then 1 else 0 end, p_now)
    returning id into v_journal;
  perform ledger_apply_v1(v_journal, p_accounts, p_amounts);
  return v_journal;
end $fn$;

-- The end of pending entry p_pending, once, as a new entry that names it. A pending entry that reserved
-- money (its postings: the source debited, a holding account credited) is posted from the holding account
-- to p_to, or voided back to its source. One that reserved nothing (a deposit request: the money is
-- outside until staff confirm it) is posted from p_from to p_to, or voided with no postings. Answers the
-- ending entry's id.
create function ledger_end_v1(p_pending integer, p_posted boolean, p_from integer, p_to integer, p_type text,
                              p_from_label text, p_to_label text, p_visible boolean, p_now bigint) returns integer language plpgsql as $fn$
declare
  v_pending record;
  v_source integer;
  v_holding integer;
  v_accounts integer[] := '{}';
  v_amounts bigint[] := '{}';
  v_journal integer;
begin
  select id, member_id, amount, status into v_pending from journal where id = p_pending;
  if not found or v_pending.status <> 'PENDING' then
    raise exception using errcode = 'WL003', message = 'LEDGER_NOT_PENDING', detail = p_pending::text;
  end if;
  if exists (select 1 from journal where pending_id = p_pending) then
    raise exception using errcode = 'WL002', message = 'LEDGER_ENDED', detail = p_pending::text;
  end if;
  select min(account_id) filter (where amount < 0), min(account_id) filter (where amount > 0) into v_source, v_holding
    from postings where journal_id = p_pending;
  if v_holding is not null then
    v_accounts := array[v_holding, case when p_posted then p_to else v_source end];
    v_amounts := array[-v_pending.amount, v_pending.amount];
  elsif p_posted then
    v_accounts := array[p_from, p_to];
    v_amounts := array[-v_pending.amount, v_pending.amount];
  end if;
  insert into journal (member_id, type, status, amount, from_label, to_label, visible, created_at, pending_id, outcome)
    values (v_pending.member_id, p_type, 'SUCCESS', v_pending.amount, p_from_label, p_to_label,
            case when p_visible then 1 else 0 end, p_now, p_pending, case when p_posted then 'posted' else 'voided' end)
    returning id into v_journal;
  perform ledger_apply_v1(v_journal, v_accounts, v_amounts);
  return v_journal;
end $fn$;

-- Entries and postings are never changed once their transaction has committed: only the transaction that
-- wrote a row may still change it (the audit trail names the staff member who made an entry, made_by, in
-- the same transaction). Until every instance runs this release, an older one still marks its own pending
-- transfer or withdrawal ended on the row (status PENDING to SUCCESS or FAILED, nothing else): allowed, and
-- that status is what ledger_entries shows for it.
create function ledger_append_only() returns trigger language plpgsql as $fn$
begin
  if tg_table_name = 'journal' then
    if exists (select 1 from journal where id = old.id and xmin = pg_current_xact_id()::xid) then
      return case when tg_op = 'DELETE' then old else new end;
    end if;
    if tg_op = 'UPDATE' and old.status = 'PENDING' and new.status in ('SUCCESS', 'FAILED') and old.pending_id is null
       and (new.id, new.member_id, new.type, new.amount, new.from_label, new.to_label, new.visible, new.created_at, new.made_by, new.pending_id, new.outcome)
           is not distinct from
           (old.id, old.member_id, old.type, old.amount, old.from_label, old.to_label, old.visible, old.created_at, old.made_by, old.pending_id, old.outcome)
       and not exists (select 1 from journal where pending_id = old.id) then
      return new;
    end if;
  elsif exists (select 1 from postings where id = old.id and xmin = pg_current_xact_id()::xid) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  raise exception using errcode = 'WL005', message = 'LEDGER_CHANGED', detail = tg_table_name || ' ' || old.id;
end $fn$;

create trigger journal_append_only before update or delete on journal
  for each row execute function ledger_append_only();

create trigger postings_append_only before update or delete on postings
  for each row execute function ledger_append_only();

create function ledger_no_truncate() returns trigger language plpgsql as $fn$
begin
  raise exception using errcode = 'WL005', message = 'LEDGER_CHANGED', detail = 'truncate ' || tg_table_name;
end $fn$;

create trigger journal_no_truncate before truncate on journal
  for each statement execute function ledger_no_truncate();

create trigger postings_no_truncate before truncate on postings
  for each statement execute function ledger_no_truncate();
