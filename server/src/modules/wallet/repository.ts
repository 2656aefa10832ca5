import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { PLANNED } from '../../db/database.js';
import type { Tx } from '../../db/transaction.js';

/** The wallet module's data: withdrawals as the payout hand-off and the staff's views of a member need them. */

/**
 * A member's latest withdrawals for staff (the member page, the inbox's side panel), newest first: a rejected
 * one with what its member was told (`member_reason`) and, for finance and admins (`staffReasons`), the
 * person's own reason from the audit trail, so they can answer a member sent to support ("please contact
 * support to learn why"). An agent gets what the member was told only: the audit trail is not theirs to read.
 */
export const latestWithdrawals = (db: Kysely<DB>, memberId: number, limit: number, { staffReasons }: { staffReasons: boolean }) =>
  db
    .selectFrom('withdrawals')
    .select(['id', 'status', 'amount', 'bank_code', 'bank_account_no', 'payout_ref', 'member_reason', 'created_at'])
    .select(
      (staffReasons
        ? sql<
            string | null
          >`(select a.reason from audit_log a where a.target = 'withdrawal:' || withdrawals.id and a.action = 'withdrawal.reject' order by a.id desc limit 1)`
        : sql<string | null>`null`
      ).as('staff_reason'),
    )
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Marks the withdrawal as handed to the payout adapter; false if it already was (a replayed request). */
export async function claimPayoutSubmission(tx: Tx, withdrawalId: number, payoutRef: string): Promise<boolean> {
  const claimed = await tx
    .updateTable('withdrawals')
    .set({ payout_ref: payoutRef })
    .where('id', '=', withdrawalId)
    .where('payout_ref', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** What the payout adapter is told: the amount and the account the withdrawal was requested to. */
export const payoutOf = (tx: Tx, withdrawalId: number) =>
  tx
    .selectFrom('withdrawals')
    .select(['amount', 'currency', 'bank_code', 'bank_account_no', 'bank_account_name'])
    .where('id', '=', withdrawalId)
    .executeTakeFirstOrThrow();

/** The member's money on its way: transfers waiting for their provider and withdrawals waiting to be paid, oldest first. */
export async function pendingOf(tx: Tx, memberId: number) {
  const transfers = await tx
    .selectFrom('transfer_intents')
    .select(['provider', 'direction', 'amount', 'created_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .execute();
  const withdrawals = await tx
    .selectFrom('withdrawals')
    .select(['amount', 'created_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .orderBy('created_at')
    .execute();
  return { transfers, withdrawals };
}

/** A game account as the wallet view and a bets look need it. */
export interface AccountRow {
  provider: string;
  username: string;
}

/**
 * Everything GET /api/wallet shows, and what tells whether anything waits to be brought up to date
 * first (deposit coins and invite records waiting for play, invitee deposits not counted yet), read in
 * one statement: one round trip to Postgres instead of a dozen one after another. The other modules'
 * tables are read here as their own reads do (spinwheel `waitingCoins`, invite `waitingForPlay` and
 * `playedSoFar`, `unreceived`, deposit `openDepositRequests`), so their refreshes can start from it.
 */
export interface WalletRead {
  member: {
    id: number;
    name: string;
    phone: string;
    currency: string;
    created_at: number;
    bank_code: string;
    bank_account_name: string;
    bank_account_no: string;
    name_th: string;
    name_en: string;
  };
  wallet: number;
  coins: number;
  /** As spinwheel's `waitingCoins` reads them: the deposits waiting since the oldest pending one, and those given from it. */
  coinRows: { id: number; coins: number; wager_target: number; wager_since: number; status: string }[];
  invitesUncounted: boolean;
  /** As invite's `waitingForPlay` reads them, oldest first. */
  invitesWaiting: { id: number; invitee_id: number; turnover_target: number; deposited_at: number }[];
  /** For the first invitees of `invitesWaiting` (as many as a look asks about): invite's `playedSoFar` and their game accounts. */
  invitees: { invitee_id: number; since: number; taken: number; accounts: AccountRow[] }[];
  invitesTotal: number;
  invitesReady: number;
  accounts: AccountRow[];
  gameBalances: { code: string; balance: number }[];
  transfers: { provider: string; direction: string; amount: number; created_at: number }[];
  withdrawals: { amount: number; created_at: number }[];
  requests: { amount: number; created_at: number }[];
}

export async function walletRead(tx: Tx, memberId: number, inviteesLooked: number): Promise<WalletRead | undefined> {
  const m = sql`${memberId}::integer`;
  const { rows } = await sql<WalletRead>`
    with waiting as (
      select id, invitee_id, turnover_target, deposited_at, row_number() over (order by deposited_at, id) as n
      from invites where inviter_id = ${m} and receive_journal_id is null and played_at is null
      order by deposited_at, id limit 500
    ), looked as (
      select invitee_id from waiting group by invitee_id order by min(n) limit ${inviteesLooked}::integer
    )
    select
      json_build_object('id', m.id, 'name', m.name, 'phone', m.phone, 'currency', m.currency, 'created_at', m.created_at,
        'bank_code', m.bank_code, 'bank_account_name', m.bank_account_name, 'bank_account_no', m.bank_account_no,
        'name_th', b.name_th, 'name_en', b.name_en) as "member",
      coalesce((select balance from ledger_accounts where code = ${`wallet:${memberId}`}::text), 0) as "wallet",
      coalesce((select balance from ledger_accounts where code = ${`coins:${memberId}`}::text), 0) as "coins",
      coalesce((select json_agg(c order by c.deposited_at, c.id) from (
        select id, coins, wager_target, wager_since, status, deposited_at from deposit_coins
        where member_id = ${m} and status in ('pending', 'granted')
          and wager_since = (select min(p.wager_since) from deposit_coins p where p.member_id = ${m} and p.status = 'pending')
        order by deposited_at, id limit 1000) c), '[]') as "coinRows",
      exists (
        select 1 from ledger_entries j join members i on i.id = j.member_id
        left join invites r on r.deposit_journal_id = j.id
        where i.inviter_id = ${m} and j.type = 'deposit' and j.status = 'SUCCESS' and r.id is null
      ) as "invitesUncounted",
      coalesce((select json_agg(json_build_object('id', w.id, 'invitee_id', w.invitee_id, 'turnover_target', w.turnover_target,
        'deposited_at', w.deposited_at) order by w.n) from waiting w), '[]') as "invitesWaiting",
      coalesce((select json_agg(json_build_object('invitee_id', l.invitee_id,
          'since', (select min(deposited_at) from invites where invitee_id = l.invitee_id),
          'taken', (select coalesce(sum(case when played_at is not null then turnover_target else 0 end), 0) from invites where invitee_id = l.invitee_id),
          'accounts', coalesce((select json_agg(json_build_object('provider', provider, 'username', username)) from game_accounts where member_id = l.invitee_id), '[]')))
        from looked l), '[]') as "invitees",
      (select coalesce(sum(amount), 0) from invites where inviter_id = ${m} and receive_journal_id is null) as "invitesTotal",
      (select coalesce(sum(case when played_at is not null then amount else 0 end), 0) from invites
        where inviter_id = ${m} and receive_journal_id is null) as "invitesReady",
      coalesce((select json_agg(json_build_object('provider', provider, 'username', username)) from game_accounts where member_id = ${m}), '[]') as "accounts",
      coalesce((select json_agg(json_build_object('code', code, 'balance', balance)) from ledger_accounts where member_id = ${m} and kind = 'game'), '[]') as "gameBalances",
      coalesce((select json_agg(json_build_object('provider', provider, 'direction', direction, 'amount', amount, 'created_at', created_at) order by created_at, id)
        from transfer_intents where member_id = ${m} and status = 'open'), '[]') as "transfers",
      coalesce((select json_agg(json_build_object('amount', amount, 'created_at', created_at) order by created_at, id)
        from withdrawals where member_id = ${m} and status = 'PENDING'), '[]') as "withdrawals",
      coalesce((select json_agg(json_build_object('amount', amount, 'created_at', created_at) order by created_at, id)
        from deposit_requests where member_id = ${m} and status = 'PENDING'), '[]') as "requests"
    from members m join banks b on b.code = m.bank_code
    where m.id = ${m}${PLANNED}`.execute(tx);
  const row = rows[0];
  if (!row) return undefined;
  // sums and balances of bigint columns come back as text
  return {
    ...row,
    wallet: Number(row.wallet),
    coins: Number(row.coins),
    invitesTotal: Number(row.invitesTotal),
    invitesReady: Number(row.invitesReady),
  };
}
