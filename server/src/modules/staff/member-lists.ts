import { sql } from 'kysely';
import type { SiteMoney } from '../../lib/site-money.js';
import type { MemberPage, MemberSearchRow } from '../../../../contract/staff-members.js';
import { GAMES } from '../../adapters/games/catalog.js';
import type { Database } from '../../db/database.js';
import { balanceOf, gameCode, walletCode } from '../../ledger/ledger.js';
import { coinsOf } from '../../ledger/coins.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { ApiError } from '../../lib/errors.js';
import { runningBonusForStaff } from '../bonus/service.js';
import { gameBalancesOf } from '../games/service.js';
import { refundCode } from '../refund/service.js';
import { statementLines } from '../statement/service.js';
import { latestWithdrawals } from '../wallet/service.js';
import { messageText } from '../chat/service.js';
import { memberOverview } from './member-overview.js';
import type { Lang } from '../../../../contract/lang.js';

/** The most rows a search answers; the latest lines of each list on a member's page. */
export const SEARCH_LIMIT = 50;
export const PAGE_LINES = 20;

type Db = Database['db'];

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** The search text as LIKE reads it literally: `%`, `_` and the escape character itself escaped with `!`. */
const literal = (text: string) => text.replace(/[!%_]/g, '!$&');

/**
 * Members matching q (contract/staff-members.ts): phone prefix, name contains (any case; by one or two
 * letters, its start), bank account exact or its last 4+ digits, or the id. Every value goes to the
 * database as a parameter. Each test is one an index of 0051_console_scale answers, so a search reads
 * the members it finds, not every member.
 */
export async function searchMembers(db: Db, query: string): Promise<MemberSearchRow[]> {
  const q = query.trim();
  // the schema counts spaces: '  ' trimmed would be a prefix of every phone
  if (q.length < 2) throw new ApiError(400, 'KEY_INVALID');
  const like = literal(q);
  const digits = /^[0-9]+$/.test(q);
  // an account's end is the start of the account reversed (digits: nothing to escape)
  const reversed = [...q].reverse().join('');
  // an id is an integer column on Postgres: a longer number is no id (and would be an error there)
  const idText = /^#?[0-9]{1,9}$/.test(q) ? q.replace('#', '') : undefined;
  // the matches first, each test through its index, then the newest 50 of them: left to choose, the
  // planner walks the id index backwards testing every member until 50 match, which reads the whole
  // table when its guess of how many match is wrong (a rare name guessed common)
  const rows = await db
    .with(
      (cte) => cte('found').materialized(),
      (qb) =>
        qb
          .selectFrom('members')
          .select(['id', 'phone', 'name', 'status', 'currency', 'bank_code', 'bank_account_no', 'created_at'])
          .where((eb) =>
            eb.or([
              eb(sql`members.phone`, 'like', sql<string>`${`${like}%`} escape '!'`),
              // a name's middle through the key 0051_console_scale indexes, then the name itself
              [...q].length >= 3
                ? eb.and([
                    eb(sql`wallet_search_key(members.name)`, 'like', sql<string>`'%' || wallet_search_key(${like}) || '%' escape '!'`),
                    eb(sql`lower(members.name)`, 'like', sql<string>`lower(${`%${like}%`}) escape '!'`),
                  ])
                : eb(sql`lower(members.name)`, 'like', sql<string>`lower(${`${like}%`}) escape '!'`),
              eb(sql`reverse(members.bank_account_no)`, '=', reversed),
              ...(digits && q.length >= 4 ? [eb(sql`reverse(members.bank_account_no)`, 'like', `${reversed}%`)] : []),
              ...(idText ? [eb('id', '=', Number(idText))] : []),
            ]),
          ),
    )
    .selectFrom('found')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(SEARCH_LIMIT)
    .execute();
  const wallets = rows.length
    ? await db
        .selectFrom('ledger_accounts')
        .select(['code', 'balance'])
        .where(
          'code',
          'in',
          rows.map((r) => walletCode(r.id)),
        )
        .execute()
    : [];
  const balance = new Map(wallets.map((w) => [w.code, Number(w.balance)]));
  return rows.map((r) => ({
    id: r.id,
    phone: r.phone,
    name: r.name,
    status: r.status,
    currency: r.currency,
    bankCode: r.bank_code,
    bankAccountNo: r.bank_account_no,
    balance: toMajor(balance.get(walletCode(r.id)) ?? 0, r.currency as Currency),
    createdAt: iso(r.created_at),
  }));
}

/**
 * A member's page: profile, balances from the ledger, the latest lines of each list, open sessions (not
 * revoked, expired or idle past `idleMs`). 404 NO_DATA for none.
 */
/** The member's support conversation: the latest lines, oldest first, or null when they never wrote. */
async function memberChat(db: Db, memberId: number): Promise<MemberPage['chat']> {
  const room = await db.selectFrom('chat_rooms').select(['room', 'ended_at']).where('member_id', '=', memberId).executeTakeFirst();
  if (!room) return null;
  const rows = await db
    .selectFrom('chat_messages')
    .select(['id', 'sender', 'message_type', 'payload', 'created_at'])
    .where('room', '=', room.room)
    .orderBy('id', 'desc')
    .limit(PAGE_LINES)
    .execute();
  const unread = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room', '=', room.room)
    .where('sender', '=', 'customer')
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    open: room.ended_at === null,
    unread: Number(unread.n),
    lines: rows.reverse().map((r) => ({
      id: r.id,
      sender: r.sender,
      type: r.message_type,
      text: messageText(r.message_type, r.payload),
      createdAt: iso(r.created_at),
    })),
  };
}

export async function memberPage(
  db: Db,
  memberId: number,
  now: number,
  idleMs: number,
  site: SiteMoney,
  lang: Lang = 'th',
  /** The audit trail's reasons (a rejected withdrawal's): finance and admins, not agents. */
  staffReasons = false,
): Promise<MemberPage> {
  const m = await db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
  if (!m) throw new ApiError(404, 'NO_DATA');
  const currency = m.currency as Currency;
  const major = (minor: number | string) => toMajor(Number(minor), currency);
  const games = await gameBalancesOf(db, m.id);
  const slips = await db
    .selectFrom('slips')
    .select(['id', 'reference', 'status', 'note', 'amount', 'created_at'])
    .where('member_id', '=', m.id)
    .orderBy('id', 'desc')
    .limit(PAGE_LINES)
    .execute();
  const withdrawals = await latestWithdrawals(db, m.id, PAGE_LINES, { staffReasons });
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
    .where('member_id', '=', m.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    // as findActiveSession reads a session: one idle past the limit no longer works, so it is not open
    .where('last_seen_at', '>', now - idleMs)
    .orderBy('id', 'desc')
    .execute();
  return {
    id: m.id,
    phone: m.phone,
    name: m.name,
    status: m.status,
    currency,
    createdAt: iso(m.created_at),
    bank: { code: m.bank_code, accountNo: m.bank_account_no, accountName: m.bank_account_name },
    overview: await memberOverview(db, m.id, currency),
    balances: {
      wallet: major(await balanceOf(db, walletCode(m.id))),
      games: GAMES.map((g) => ({ code: g.code, name: g.name, amount: major(games.get(gameCode(m.id, g.code)) ?? 0) })),
      coins: await coinsOf(db, m.id),
      refund: major(await balanceOf(db, refundCode(m.id))),
    },
    statement: (await statementLines(db, m.id, 1, PAGE_LINES, lang, site)).statements,
    slips: slips.map((s) => ({
      id: s.id,
      reference: s.reference,
      status: s.status,
      note: s.note,
      amount: major(s.amount),
      createdAt: iso(s.created_at),
    })),
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      status: w.status,
      amount: major(w.amount),
      bankCode: w.bank_code,
      bankAccountNo: w.bank_account_no,
      payoutRef: w.payout_ref,
      rejectReason: w.member_reason,
      staffReason: w.staff_reason,
      createdAt: iso(w.created_at),
    })),
    bonus: await runningBonusForStaff(db, m.id, currency, lang),
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
      userAgent: s.user_agent,
      ip: s.ip,
    })),
    chat: await memberChat(db, m.id),
  };
}
