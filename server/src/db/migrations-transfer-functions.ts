import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';

/**
 * Issue 25, transfers at scale on Postgres: each of a transfer's two transactions (modules/wallet/
 * transfers.ts, lib/outside-call.ts) as one database function, called as one statement in its own
 * transaction. The same steps in the same order as the TypeScript path that SQLite runs (and that
 * Postgres ran before): the key's earlier answer, the game account, the member's lock, the amount and its
 * minimum, the accounts (made on first use), the conditional debit, the journal entry and its postings,
 * the intent, the key claimed in flight, the house account last; and for the end, the member's lock, the
 * intent closed once, the settle or return entry, the pending entry's status, the key's answer, the house
 * account last (the member's event is told after the commit: `finishFunction`). What was ten round trips
 * a transaction is one.
 *
 * A refusal raises SQLSTATE `WAnnn` (nnn the HTTP status) with the error code as its message, which rolls
 * the whole statement back; transfers-at-once.ts turns it into the ApiError the TypeScript path throws.
 * Account codes come from ledger/ledger.ts as arguments (walletCode, gameCode, stripeCode). The functions are
 * versioned by name: a change is a new `_v2` beside them, so an instance of the previous release keeps
 * calling the one it knows during a rolling upgrade. Every read names its columns (no `select *` into a
 * row type), so a column a later migration adds changes nothing here. SQLite has no functions: it keeps
 * the TypeScript path.
 */

/**
 * The transfer mark of a member's game in SQL, as games/repository.ts `transferMark` reads it: the newest
 * intent's id and how many are open, `id:open`. Ids only grow, so a mark with nothing open, once moved on,
 * never comes back.
 */
const markSql = (member: string, provider: string) => `(select coalesce(max(id), 0)::text || ':' ||
                 (select count(*) from transfer_intents where member_id = ${member} and provider = ${provider} and status = 'open')
            from transfer_intents where member_id = ${member} and provider = ${provider})`;
/** v3's answer when the remembered mark has moved on: the mark as it is now, and the username to ask with. */
const STALE = `return jsonb_build_object('stale', jsonb_build_object('mark', v_mark, 'username', v_username));`;

/**
 * The start of a transfer (its first transaction) as a function. v2 (0035) first books the provider's
 * figure a transfer out asked for just before (wallet/transfers.ts `transfer`; games/service.ts bookHeld
 * does the same in TypeScript): under the member's lock, only if the transfer mark is still the one taken
 * before asking, the difference from the booked game balance as a game result against the member's stripe
 * of the provider float. Two round trips of the sync before every transfer out (a second look, and a
 * transaction when there is something to book) are then none. The booking stands when the transfer is
 * then refused (too little, under the minimum): v2 answers those refusals as `{ refused: code }` instead
 * of raising them, which would roll it back; nothing of the transfer is written before them. The house
 * accounts are changed last, in id order (as the ledger's commit does).
 *
 * v3 (0037) takes a mark the caller remembered from its last transfer of that game (`p_sync_remembered`,
 * games/service.ts rememberMark, the mark the end's v4 answers) instead of one it looked up just before
 * asking: when that mark has moved on, it writes nothing of the transfer and answers `{ stale: { mark,
 * username } }` with the mark as it is now, which the caller asks the provider again with and begins again
 * as with a looked-up one (no look of its own); a looked-up mark that moved on skips the booking as in v2.
 * Equal marks mean no transfer of that game began since the remembered one ended, so the figure asked
 * after it is as good as one asked after a look.
 */
const SYNC_DECLARED = `
        v_mark text;
        v_diff bigint;
        v_float integer;
        v_float_change bigint := 0;`;
const syncBooked = (version: 'v2' | 'v3') => `
        -- only a mark taken with no transfer open (askGame): an open one's money may or may not be in the figure
        if p_sync_mark like '%:0' then
          v_mark := ${markSql('p_member', 'p_provider')};
          if v_mark = p_sync_mark then
            v_diff := p_sync_held - (select balance from ledger_accounts where id = v_game);
            if v_diff <> 0 then
              v_float := wallet_account_v1(p_float_codes ->> v_currency, 'provider_float', null, v_currency, 1);
              update ledger_accounts set balance = balance + v_diff
                where id = v_game and (allow_negative = 1 or balance + v_diff >= 0);
              if not found then
                raise exception using errcode = 'WA400', message = 'MONEY_NOT_ENOUGH';
              end if;
              insert into journal (member_id, type, status, amount, from_label, to_label, visible, created_at)
                values (p_member, 'game_result', 'SUCCESS', abs(v_diff),
                        case when v_diff > 0 then p_provider else 'WALLET' end,
                        case when v_diff > 0 then 'WALLET' else p_provider end, 0, p_now)
                returning id into v_journal;
              insert into postings (journal_id, account_id, amount) values (v_journal, v_float, -v_diff), (v_journal, v_game, v_diff);
              v_float_change := -v_diff;
            end if;${
              version === 'v3'
                ? `
          elsif p_sync_remembered then
            -- moved on between the look below and the lock: nothing of the transfer written yet
            ${STALE}`
                : ''
            }
          end if;
        end if;`;

const recordFunction = (version: 'v1' | 'v2' | 'v3') => {
  const synced = version !== 'v1';
  // v2 answers a refusal that comes after a booking of the sync instead of raising it: the booking stands,
  // its house side changed here (no other house account was touched yet); with nothing booked it raises
  const refuse = (code: string) =>
    sql.raw(
      version === 'v1'
        ? `raise exception using errcode = 'WA400', message = '${code}';`
        : `if v_float is null then raise exception using errcode = 'WA400', message = '${code}'; end if;
          update ledger_accounts set balance = balance + v_float_change where id = v_float;
          return jsonb_build_object('refused', '${code}');`,
    );
  return sql`
      create or replace function ${sql.raw(`wallet_transfer_record_${version}`)}(
        p_member integer, p_provider text, p_direction text, p_amount bigint, p_minimums jsonb,
        p_wallet_code text, p_game_code text, p_transit_codes jsonb, p_key text, p_fingerprint text, p_now bigint${sql.raw(synced ? ', p_sync_mark text, p_sync_held bigint, p_float_codes jsonb' : '')}${sql.raw(version === 'v3' ? ', p_sync_remembered boolean' : '')})
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
        v_intent integer;${sql.raw(synced ? SYNC_DECLARED : '')}
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
        ${sql.raw(
          version === 'v3'
            ? `if p_sync_remembered then
          -- a remembered mark another transfer has moved on since stays moved on (ids only grow): answered
          -- before the member's lock, so nothing is written (no commit to flush); the caller asks again with it
          v_mark := ${markSql('p_member', 'p_provider')};
          if v_mark is distinct from p_sync_mark then
            ${STALE}
          end if;
        end if;`
            : '',
        )}
        select currency into strict v_currency from members where id = p_member for update;
        v_wallet := wallet_account_v1(p_wallet_code, 'wallet', p_member, v_currency, 0);
        v_game := wallet_account_v1(p_game_code, 'game', p_member, v_currency, 0);${sql.raw(version === 'v1' ? '' : syncBooked(version))}
        v_source := case when p_direction = 'in' then v_wallet else v_game end;
        v_amount := coalesce(p_amount, (select balance from ledger_accounts where id = v_source));
        v_minimum := (p_minimums ->> v_currency)::bigint;
        if v_minimum is null then
          raise exception 'no transfer minimum for currency %', v_currency;
        end if;
        if v_amount < v_minimum then
          ${refuse('TRANSFER_MINIMUM')}
        end if;
        v_transit := wallet_account_v1(p_transit_codes ->> v_currency, 'transfers_in_transit', null, v_currency, 0);
        update ledger_accounts set balance = balance - v_amount
          where id = v_source and (allow_negative = 1 or balance - v_amount >= 0);
        if not found then
          ${refuse('MONEY_NOT_ENOUGH')}
        end if;
        insert into journal (member_id, type, status, amount, from_label, to_label, visible, created_at)
          values (p_member, 'transfer', 'PENDING', v_amount,
                  case when p_direction = 'in' then 'WALLET' else p_provider end,
                  case when p_direction = 'in' then p_provider else 'WALLET' end, 1, p_now)
          returning id into v_journal;
        insert into postings (journal_id, account_id, amount) values (v_journal, v_source, -v_amount), (v_journal, v_transit, v_amount);
        insert into transfer_intents (member_id, provider, direction, amount, currency, journal_id, idempotency_key, created_at, status, resolved_at)
          values (p_member, p_provider, p_direction, v_amount, v_currency, v_journal, p_key, p_now, 'open', null)
          returning id into v_intent;
        if p_key is not null then
          insert into idempotency_keys (member_id, key, fingerprint, status_code, response, created_at)
            values (p_member, p_key, p_fingerprint, 0, 'null', p_now);
        end if;
        ${sql.raw(synced ? 'if v_float < v_transit then update ledger_accounts set balance = balance + v_float_change where id = v_float; end if;' : '')}
        update ledger_accounts set balance = balance + v_amount
          where id = v_transit and (allow_negative = 1 or balance + v_amount >= 0);
        if not found then
          raise exception using errcode = 'WA400', message = 'MONEY_NOT_ENOUGH';
        end if;
        ${sql.raw(synced ? 'if v_float > v_transit then update ledger_accounts set balance = balance + v_float_change where id = v_float; end if;' : '')}
        return jsonb_build_object('intent', jsonb_build_object(
          'id', v_intent, 'member_id', p_member, 'provider', p_provider, 'direction', p_direction, 'amount', v_amount,
          'currency', v_currency, 'journal_id', v_journal, 'idempotency_key', p_key, 'username', v_username));
      end $fn$`;
};

/**
 * The end of a transfer (its second transaction) as a function. v1 (0032) also told the member's event with
 * a NOTIFY inside the transaction; v2 (0034) leaves it to the caller, after the commit
 * (events/service.ts notifyMember): Postgres holds one lock per database from a transaction's NOTIFY to
 * the end of its commit, so with the NOTIFY inside, every transfer's commit and its WAL flush waited for
 * the one before (the most frequent wait under load). v1 stays for an older instance during a rolling upgrade.
 *
 * v3 (0036) commits without waiting for its WAL to reach the disk (`synchronous_commit` off for its own
 * transaction only), the one commit of a transfer that need not: everything it writes is what the crash
 * recovery by intents writes again from the open intent and the provider's answer (the ref applied or
 * not), so a Postgres crash that loses it leaves the transfer as a server killed after the provider's
 * answer leaves it: open, its key in flight (a replay answers TRANSFER_PENDING), until the sweep settles or
 * returns it with the same answer. WAL is written in order, so whatever later commit read what it wrote
 * (the member's next transfer, whose first commit does wait) takes it to the disk too. The start stays a
 * durable commit: the provider must never hear of a ref the ledger could lose. One flush a transfer fewer:
 * about a tenth more transfers a second under load (docs/measurements.md).
 *
 * v4 (0037) also answers, as `{ closed, mark }`, the game's transfer mark as the transfer leaves it, read
 * under the member's lock: what the caller remembers for the next transfer out (record's v3).
 */
const finishFunction = (version: 'v1' | 'v2' | 'v3' | 'v4') => {
  const marked = version === 'v4';
  return sql`
      create or replace function ${sql.raw(`wallet_transfer_finish_${version}`)}(
        p_intent integer, p_member integer, p_applied boolean, p_now bigint, p_wallet_code text, p_game_code text,
        p_status integer, p_response text${sql.raw(version === 'v1' ? ', p_channel text, p_payload text' : '')})
      returns ${sql.raw(marked ? 'jsonb' : 'boolean')} language plpgsql as $fn$
      declare
        v_row record;
        v_to_game boolean;
        v_to integer;
        v_transit integer;
        v_journal integer;
      begin${sql.raw(version === 'v3' || marked ? "\n        perform set_config('synchronous_commit', 'off', true);" : '')}
        perform 1 from members where id = p_member for update;
        update transfer_intents set status = case when p_applied then 'settled' else 'compensated' end, resolved_at = p_now
          where id = p_intent and status = 'open'
          returning member_id, provider, direction, amount, currency, journal_id, idempotency_key into v_row;
        if not found then return ${sql.raw(marked ? "jsonb_build_object('closed', false)" : 'false')}; end if;
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
        ${sql.raw(version === 'v1' ? 'perform pg_notify(p_channel, p_payload);' : '')}
        if v_row.idempotency_key is not null then
          update idempotency_keys set status_code = p_status, response = p_response
            where member_id = v_row.member_id and key = v_row.idempotency_key and status_code = 0;
        end if;
        update ledger_accounts set balance = balance - v_row.amount
          where id = v_transit and (allow_negative = 1 or balance - v_row.amount >= 0);
        if not found then
          raise exception using errcode = 'WA400', message = 'MONEY_NOT_ENOUGH';
        end if;${sql.raw(
          marked
            ? `
        -- the game's transfer mark as this transfer leaves it, under the member's lock (as record's sync reads it)
        return jsonb_build_object('closed', true, 'mark', ${markSql('v_row.member_id', 'v_row.provider')});`
            : `
        return true;`,
        )}
      end $fn$`;
};

export function transferFunctionMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    // a game's sync reads the newest intent of one member at one provider before and after asking the
    // provider (games/repository.ts gameLook): without this, a look at the whole table every time. Built in
    // the migration's transaction: while it is built, new transfers wait (the older instances' too)
    '0031_transfer_intents_member_idx': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createIndex('transfer_intents_member_idx')
          .on('transfer_intents')
          .columns(['member_id', 'provider', 'id'])
          .execute();
      },
    },
    '0032_transfer_functions': {
      async up(db: Kysely<unknown>) {
        if (dialect !== 'postgres') return;
        await sql`
          create or replace function wallet_account_v1(p_code text, p_kind text, p_member integer, p_currency text, p_allow_negative integer)
          returns integer language plpgsql as $fn$
          declare
            v_id integer;
          begin
            select id into v_id from ledger_accounts where code = p_code;
            if found then return v_id; end if;
            insert into ledger_accounts (code, kind, member_id, currency, allow_negative)
              values (p_code, p_kind, p_member, p_currency, p_allow_negative)
              on conflict (code) do nothing;
            select id into strict v_id from ledger_accounts where code = p_code;
            return v_id;
          end $fn$`.execute(db);

        await recordFunction('v1').execute(db);

        await finishFunction('v1').execute(db);
      },
    },
    // an installation an older release has run (its settings are seeded) keeps money in transit in the one
    // account until the operator raises transitStripes once every instance runs this release: an older
    // instance's sweep finishes a transfer from that account, whichever a newer one put it in; a new
    // installation starts with the seed's 16
    '0033_transit_stripes_after_upgrade': {
      async up(db: Kysely<unknown>) {
        await sql`insert into settings (key, value, updated_at)
          select 'transitStripes', '1', ${Date.now()} where exists (select 1 from settings)
          on conflict (key) do nothing`.execute(db);
      },
    },
    '0034_transfer_finish_told_after': {
      async up(db: Kysely<unknown>) {
        if (dialect === 'postgres') await finishFunction('v2').execute(db);
      },
    },
    '0035_transfer_record_with_sync': {
      async up(db: Kysely<unknown>) {
        if (dialect === 'postgres') await recordFunction('v2').execute(db);
      },
    },
    '0036_transfer_finish_unflushed': {
      async up(db: Kysely<unknown>) {
        if (dialect === 'postgres') await finishFunction('v3').execute(db);
      },
    },
    '0037_transfer_mark_remembered': {
      async up(db: Kysely<unknown>) {
        if (dialect !== 'postgres') return;
        await recordFunction('v3').execute(db);
        await finishFunction('v4').execute(db);
      },
    },
  };
}
