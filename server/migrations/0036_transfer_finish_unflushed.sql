-- Migration 0036_transfer_finish_unflushed, frozen: what it creates never changes once released (a change is a new migration).

create or replace function wallet_transfer_finish_v3(
        p_intent integer, p_member integer, p_applied boolean, p_now bigint, p_wallet_code text, p_game_code text,
        p_status integer, p_response text)
      returns boolean language plpgsql as $fn$
      declare
        v_row record;
        v_to_game boolean;
        v_to integer;
        v_transit integer;
        v_journal integer;
      begin
        perform set_config('synchronous_commit', 'off', true);
        perform 1 from members where id = p_member for update;
        update transfer_intents set status = case when p_applied then 'settled' else 'compensated' end, resolved_at = p_now
          where id = p_intent and status = 'open'
          returning member_id, provider, direction, amount, currency, journal_id, idempotency_key into v_row;
        if not found then return false; end if;
        -- the transit account the transfer's entry put the money in
        select p.account_id into strict v_transit from postings p join ledger_accounts a on a.id = p.account_id
          where p.journal_id = v_row.journal_id and a.kind = 'transfers_in_transit';
        -- where the money was going, or back where it came from
        v_to_game := (v_row.direction = 'in') = p_applied;
        v_to := case when v_to_game
          then wallet_account_v1(p_game_code, 'game', v_row.member_id, v_row.currency, 0)
          else wallet_account_v1(p_wallet_code, 'wallet', v_row.member_id, v_row.currency, 0) end;
        update ledger_accounts set balance = balance + v_row.amount
          where id = v_to and (allow_negative = 1 or balance + v_row.amount >= 0);
        if not found then
          raise exception using errcode = 'WA400', message = 'MONEY_NOT_ENOUGH';
        end if;
        insert into journal (member_id, type, status, amount, from_label, to_label, visible, created_at)
          values (v_row.member_id, case when p_applied then 'transfer_settle' else 'transfer_return' end, 'SUCCESS', v_row.amount,
                  'TRANSIT', case when v_to_game then v_row.provider else 'WALLET' end, 0, p_now)
          returning id into v_journal;
        insert into postings (journal_id, account_id, amount) values (v_journal, v_transit, -v_row.amount), (v_journal, v_to, v_row.amount);
        update journal set status = case when p_applied then 'SUCCESS' else 'FAILED' end where id = v_row.journal_id;

        if v_row.idempotency_key is not null then
          update idempotency_keys set status_code = p_status, response = p_response
            where member_id = v_row.member_id and key = v_row.idempotency_key and status_code = 0;
        end if;
        update ledger_accounts set balance = balance - v_row.amount
          where id = v_transit and (allow_negative = 1 or balance - v_row.amount >= 0);
        if not found then
          raise exception using errcode = 'WA400', message = 'MONEY_NOT_ENOUGH';
        end if;
        return true;
      end $fn$;
