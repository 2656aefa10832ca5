-- Migration 0039_transfer_functions_on_the_ledger, frozen: what it creates never changes once released (a change is a new migration).
--
-- A transfer's two transactions as before (record_v3, finish_v4: the key, the member's lock, the sync of
-- the provider's figure, the minimum, the intent), their money moved by the ledger's own calls (0038):
-- the sync's game result by ledger_move_v1, the reserve into transit by ledger_move_v1 PENDING, its end by
-- ledger_end_v1 (posted to the game or the wallet, or voided back to the source). The pending entry is
-- never changed: its end names it. record_v3 and finish_v4 stay for an instance of the release before.

create or replace function wallet_transfer_record_v4(
        p_member integer, p_provider text, p_direction text, p_amount bigint, p_minimums jsonb,
        p_wallet_code text, p_game_code text, p_transit_codes jsonb, p_key text, p_fingerprint text, p_now bigint, p_sync_mark text, p_sync_held bigint, p_float_codes jsonb, p_sync_remembered boolean)
      returns jsonb language plpgsql as $fn$
      declare
        v_fingerprint text;
        v_status integer;
        v_response text;
        v_minimum bigint;
        v_username text;
        v_currency text;
        v_wallet integer;
        v_game integer;
        v_source integer;
        v_transit integer;
        v_amount bigint;
        v_journal integer;
        v_intent integer;
        v_mark text;
        v_diff bigint;
        v_float integer;
      begin
        if p_key is not null then
          select fingerprint, status_code, response into v_fingerprint, v_status, v_response
            from idempotency_keys where member_id = p_member and key = p_key;
          if found then
            if v_fingerprint <> p_fingerprint then
              raise exception using errcode = 'WA422', message = 'KEY_INVALID';
            end if;
            if v_status = 0 then
              raise exception using errcode = 'WA409', message = 'TRANSFER_PENDING';
            end if;
            return jsonb_build_object('earlier', jsonb_build_object('status', v_status, 'response', v_response));
          end if;
        end if;
        select username into v_username from game_accounts where member_id = p_member and provider = p_provider;
        if not found then
          raise exception using errcode = 'WA400', message = 'SLOT_NO_ACCOUNT';
        end if;
        if p_sync_remembered then
          -- a remembered mark another transfer has moved on since stays moved on (ids only grow): answered
          -- before the member's lock, so nothing is written (no commit to flush); the caller asks again with it
          v_mark := (select coalesce(max(id), 0)::text || ':' ||
                 (select count(*) from transfer_intents where member_id = p_member and provider = p_provider and status = 'open')
            from transfer_intents where member_id = p_member and provider = p_provider);
          if v_mark is distinct from p_sync_mark then
            return jsonb_build_object('stale', jsonb_build_object('mark', v_mark, 'username', v_username));
          end if;
        end if;
        select currency into strict v_currency from members where id = p_member for update;
        v_wallet := wallet_account_v1(p_wallet_code, 'wallet', p_member, v_currency, 0);
        v_game := wallet_account_v1(p_game_code, 'game', p_member, v_currency, 0);
        -- only a mark taken with no transfer open (askGame): an open one's money may or may not be in the figure
        if p_sync_mark like '%:0' then
          v_mark := (select coalesce(max(id), 0)::text || ':' ||
                 (select count(*) from transfer_intents where member_id = p_member and provider = p_provider and status = 'open')
            from transfer_intents where member_id = p_member and provider = p_provider);
          if v_mark = p_sync_mark then
            v_diff := p_sync_held - (select balance from ledger_accounts where id = v_game);
            if v_diff <> 0 then
              v_float := wallet_account_v1(p_float_codes ->> v_currency, 'provider_float', null, v_currency, 1);
              -- the game's result as the provider reported it, against the member's stripe of the provider float
              perform ledger_move_v1(p_member, 'game_result', 'SUCCESS', abs(v_diff),
                        case when v_diff > 0 then p_provider else 'WALLET' end,
                        case when v_diff > 0 then 'WALLET' else p_provider end, false, p_now,
                        array[v_float, v_game], array[-v_diff, v_diff]);
            end if;
          elsif p_sync_remembered then
            -- moved on between the look below and the lock: nothing of the transfer written yet
            return jsonb_build_object('stale', jsonb_build_object('mark', v_mark, 'username', v_username));
          end if;
        end if;
        v_source := case when p_direction = 'in' then v_wallet else v_game end;
        v_amount := coalesce(p_amount, (select balance from ledger_accounts where id = v_source));
        v_minimum := (p_minimums ->> v_currency)::bigint;
        if v_minimum is null then
          raise exception 'no transfer minimum for currency %', v_currency;
        end if;
        if v_amount < v_minimum then
          if v_float is null then raise exception using errcode = 'WA400', message = 'TRANSFER_MINIMUM'; end if;
          return jsonb_build_object('refused', 'TRANSFER_MINIMUM');
        end if;
        v_transit := wallet_account_v1(p_transit_codes ->> v_currency, 'transfers_in_transit', null, v_currency, 0);
        -- too little: refused before anything of the transfer is written (the member's lock is held: the
        -- balance read is the one the reserve would meet); a sync booked above stands
        if (select balance from ledger_accounts where id = v_source) < v_amount then
          if v_float is null then raise exception using errcode = 'WA400', message = 'MONEY_NOT_ENOUGH'; end if;
          return jsonb_build_object('refused', 'MONEY_NOT_ENOUGH');
        end if;
        -- the money reserved: from the source into transit, pending until the provider's answer ends it
        v_journal := ledger_move_v1(p_member, 'transfer', 'PENDING', v_amount,
                  case when p_direction = 'in' then 'WALLET' else p_provider end,
                  case when p_direction = 'in' then p_provider else 'WALLET' end, true, p_now,
                  array[v_source, v_transit], array[-v_amount, v_amount]);
        insert into transfer_intents (member_id, provider, direction, amount, currency, journal_id, idempotency_key, created_at, status, resolved_at)
          values (p_member, p_provider, p_direction, v_amount, v_currency, v_journal, p_key, p_now, 'open', null)
          returning id into v_intent;
        if p_key is not null then
          insert into idempotency_keys (member_id, key, fingerprint, status_code, response, created_at)
            values (p_member, p_key, p_fingerprint, 0, 'null', p_now);
        end if;
        return jsonb_build_object('intent', jsonb_build_object(
          'id', v_intent, 'member_id', p_member, 'provider', p_provider, 'direction', p_direction, 'amount', v_amount,
          'currency', v_currency, 'journal_id', v_journal, 'idempotency_key', p_key, 'username', v_username));
      end $fn$;

create or replace function wallet_transfer_finish_v5(
        p_intent integer, p_member integer, p_applied boolean, p_now bigint, p_wallet_code text, p_game_code text,
        p_status integer, p_response text)
      returns jsonb language plpgsql as $fn$
      declare
        v_row record;
        v_to_game boolean;
        v_to integer;
      begin
        perform set_config('synchronous_commit', 'off', true);
        perform 1 from members where id = p_member for update;
        update transfer_intents set status = case when p_applied then 'settled' else 'compensated' end, resolved_at = p_now
          where id = p_intent and status = 'open'
          returning member_id, provider, direction, amount, currency, journal_id, idempotency_key into v_row;
        if not found then return jsonb_build_object('closed', false); end if;
        -- the reserve ended: posted where the money was going (applied), or voided back where it came from
        v_to_game := (v_row.direction = 'in') = p_applied;
        v_to := case when p_applied then
          case when v_to_game
            then wallet_account_v1(p_game_code, 'game', v_row.member_id, v_row.currency, 0)
            else wallet_account_v1(p_wallet_code, 'wallet', v_row.member_id, v_row.currency, 0) end end;
        perform ledger_end_v1(v_row.journal_id, p_applied, null, v_to,
                  case when p_applied then 'transfer_settle' else 'transfer_return' end,
                  'TRANSIT', case when v_to_game then v_row.provider else 'WALLET' end, false, p_now);

        if v_row.idempotency_key is not null then
          update idempotency_keys set status_code = p_status, response = p_response
            where member_id = v_row.member_id and key = v_row.idempotency_key and status_code = 0;
        end if;
        -- the game's transfer mark as this transfer leaves it, under the member's lock (as record's sync reads it)
        return jsonb_build_object('closed', true, 'mark', (select coalesce(max(id), 0)::text || ':' ||
                 (select count(*) from transfer_intents where member_id = v_row.member_id and provider = v_row.provider and status = 'open')
            from transfer_intents where member_id = v_row.member_id and provider = v_row.provider));
      end $fn$;
