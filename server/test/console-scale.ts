import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from '../src/db/database.js';
import type { DB } from '../src/db/schema.js';
import { dashboardCounts } from '../src/modules/staff/dashboard.js';
import { memberPage, searchMembers } from '../src/modules/staff/member-lists.js';

/**
 * The console at scale (issue 39): a migrated schema filled in SQL (generate_series) with `members`
 * members and `ledgerRows` ledger postings (two a journal entry, each entry balanced), and the queues the
 * dashboard counts; then every query the console's member search, dashboard and member page make, each
 * run under EXPLAIN ANALYZE. server/test/console-scale.test.ts and `npm run bench:console` run it at 100,000
 * members and 1,000,000 ledger rows (the bench at any size it is given).
 */
export interface Scale {
  members: number;
  ledgerRows: number;
}

/** The tables filled: a whole read of any of them is what the console must not do. */
export const FILLED = [
  'members',
  'ledger_accounts',
  'journal',
  'postings',
  'slips',
  'withdrawals',
  'deposit_requests',
  'qr_payments',
  'chat_rooms',
];

const THAI_FIRST = ['สมชาย', 'สมหญิง', 'วิชัย', 'นภา', 'อนุชา', 'กานดา', 'ประเสริฐ', 'สุดา', 'ธนากร', 'พิมพ์ใจ'];
const THAI_LAST = ['ใจดี', 'รักไทย', 'ทองคำ', 'ศรีสุข', 'แก้วมณี', 'บุญมา', 'วงศ์ใหญ่', 'สายทอง', 'มั่นคง', 'พรหมมา'];
const LATIN_FIRST = ['Somchai', 'Nok', 'Anan', 'Kanda', 'Bounmy', 'Souk', 'Vilay', 'Keo', 'Mali', 'Chanthy'];
const LATIN_LAST = ['Jaidee', 'Srisuk', 'Thongkham', 'Phommachanh', 'Vongsa', 'Keomany', 'Boupha', 'Sayavong', 'Inthavong', 'Chanthala'];
const arr = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]`);

/** A member's bank account number: ten digits, unique (7919 and 10^10 share no factor). */
export const accountOf = (id: number) => String((id * 7919) % 10_000_000_000).padStart(10, '0');

export async function fillAtScale(database: Database, { members, ledgerRows }: Scale): Promise<void> {
  const db = database.db;
  const now = Date.now();
  const entries = Math.floor(ledgerRows / 2);
  // one name in five Latin (Lao members often write theirs so); the rest Thai, first and last
  await sql`insert into members (phone, name, password_hash, currency, bank_code, bank_account_name, bank_account_no, created_at)
    select '08' || lpad(i::text, 8, '0'),
           case when i % 5 = 0 then (${arr(LATIN_FIRST)})[1 + i % 10] || ' ' || (${arr(LATIN_LAST)})[1 + (i / 10) % 10] || ' ' || i
                else (${arr(THAI_FIRST)})[1 + (i / 5) % 10] || ' ' || (${arr(THAI_LAST)})[1 + (i / 10) % 10] || i end,
           'not-a-hash', 'BAHT', '004', 'name', lpad(((i::bigint * 7919) % 10000000000)::text, 10, '0'), ${now}::bigint - i * 1000
      from generate_series(1, ${sql.lit(members)}) i`.execute(db);
  await sql`insert into ledger_accounts (code, kind, member_id, currency)
    select 'wallet:' || id, 'wallet', id, 'BAHT' from members order by id`.execute(db);
  await sql`insert into ledger_accounts (code, kind, currency, allow_negative) values ('house:scale:BAHT', 'house', 'BAHT', 1)`.execute(db);
  await sql`insert into journal (member_id, type, status, amount, from_label, to_label, visible, created_at)
    select 1 + j % ${sql.lit(members)}, 'deposit', 'SUCCESS', 100 * (1 + j % 50), 'bank', 'wallet', 1, ${now}::bigint - j
      from generate_series(1, ${sql.lit(entries)}) j`.execute(db);
  // each entry balanced: the member's wallet gains what the house gives
  await sql`insert into postings (journal_id, account_id, amount)
    select j.id, a.id, j.amount from journal j join ledger_accounts a on a.code = 'wallet:' || j.member_id
    union all
    select j.id, h.id, -j.amount from journal j cross join ledger_accounts h where h.code = 'house:scale:BAHT'`.execute(db);
  await sql`update ledger_accounts a set balance = t.total
      from (select account_id, sum(amount) as total from postings group by account_id) t
     where a.id = t.account_id and a.kind = 'wallet'`.execute(db);
  // the queues: one row per member each, settled but for a few waiting
  const queue = (table: string, waiting: string, done: string, every: number) =>
    sql`insert into ${sql.table(table)} (member_id, amount, currency, status, journal_id, created_at)
      select m, 10000, 'BAHT', case when m % ${sql.lit(every)} = 0 then ${waiting} else ${done} end, m, ${now}::bigint - m
        from generate_series(1, ${sql.lit(Math.min(members, entries))}) m`.execute(db);
  await queue('withdrawals', 'PENDING', 'PAID', 500);
  await queue('deposit_requests', 'PENDING', 'APPROVED', 700);
  await sql`insert into slips (member_id, reference, file_name, content_type, status, amount, currency, next_attempt_at, created_at, updated_at)
    select m, 'S' || m, 'slip-' || m, 'image/jpeg', case when m % 300 = 0 then 'REVIEW' else 'SUCCESS' end, 10000, 'BAHT', 0, ${now}::bigint - m, ${now}::bigint - m
      from generate_series(1, ${sql.lit(members)}) m`.execute(db);
  await sql`insert into qr_payments (gateway_txn_id, provider, ref, amount, member_id, status, created_at)
    select 'G' || m, 'KBANK', 'R' || m, 10000, m, case when m % 400 = 0 then 'UNMATCHED' else 'MATCHED' end, ${now}::bigint - m
      from generate_series(1, ${sql.lit(members)}) m`.execute(db);
  await sql`insert into chat_rooms (room, member_id, session_id, ended_at, username, name, last_message_at, waiting_since)
    select 'member:' || m, m, 's' || m, case when m % 50 = 0 then null else ${now}::bigint end, 'u' || m, 'n' || m, ${now}::bigint - m,
           case when m % 100 = 0 then ${now}::bigint end
      from generate_series(1, ${sql.lit(members)} / 4) m`.execute(db);
  // what autovacuum does soon after a load: statistics, and the visibility map index-only scans read
  await sql.raw(`vacuum (analyze) ${FILLED.join(', ')}`).execute(db);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

export interface QueryCheck {
  what: string;
  sql: string;
  /** The scans of filled tables, `Seq Scan members` or `Index Scan members_pkey` */
  scans: string[];
  /** A filled table read whole: a sequential scan, or more rows thrown away than a tenth of it. */
  problems: string[];
  ms: number;
}

/** Every query `run` makes through the console's own functions, with its parameters. */
async function capture(database: Database, run: (db: Kysely<DB>) => Promise<unknown>) {
  const queries: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: database.postgres.pool }),
    log: (event) => {
      if (event.level === 'query') queries.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  await run(db);
  return queries;
}

/** The console's search, dashboard and member page queries at this scale, each explained as it ran. */
export async function checkConsoleQueries(database: Database, { members }: Scale): Promise<QueryCheck[]> {
  const pool = database.postgres.pool;
  const rows = new Map<string, number>();
  for (const table of FILLED)
    rows.set(table, Number((await pool.query(`select reltuples::bigint as n from pg_class where oid = $1::regclass`, [table])).rows[0].n));
  const someone = Math.max(1, Math.floor(members / 3) + 7);
  const account = accountOf(someone);
  const asked: [string, (db: Kysely<DB>) => Promise<unknown>][] = [
    ...[
      'สมชาย',
      'ใจดี',
      'Jaidee',
      'somchai inth',
      'สม',
      'no',
      '0812',
      '08100012',
      account,
      account.slice(-4),
      account.slice(-6),
      `#${someone}`,
    ].map((q) => [`search "${q}"`, (db: Kysely<DB>) => searchMembers(db, q)] as [string, (db: Kysely<DB>) => Promise<unknown>]),
    ['dashboard', (db) => dashboardCounts(db)],
    ['member page', (db) => memberPage(db, someone, Date.now(), 30 * 60_000, { currency: 'BAHT', kipPerBaht: 600 }, 'th')],
  ];
  const checks: QueryCheck[] = [];
  for (const [what, run] of asked) {
    for (const query of await capture(database, run)) {
      const started = performance.now();
      const result = await pool.query(`explain (analyze, format json) ${query.sql}`, query.parameters as unknown[]);
      const ms = performance.now() - started;
      const plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
      const scans: string[] = [];
      const problems: string[] = [];
      const walk = (node: PlanNode) => {
        const table = node['Relation Name'];
        if (node['Index Name']) scans.push(`${node['Node Type']} ${node['Index Name']}`);
        else if (table && FILLED.includes(table)) scans.push(`${node['Node Type']} ${table}`);
        if (table && FILLED.includes(table)) {
          const thrown =
            ((node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1);
          if (node['Node Type'] === 'Seq Scan') problems.push(`reads all of ${table} (Seq Scan)`);
          else if (thrown > (rows.get(table) ?? 0) / 10) problems.push(`reads ${thrown} rows of ${table} to throw them away`);
        }
        node.Plans?.forEach(walk);
      };
      walk(plan);
      checks.push({ what, sql: query.sql, scans, problems, ms });
    }
  }
  return checks;
}
