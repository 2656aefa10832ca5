import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { dayStart } from '../../lib/periods.js';
import type { MemberDay, MemberGrowth, StaffActivity } from '../../../../contract/staff-reports.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back a support conversation is read to find where a member's wait began (one answered in the period). */
const WAIT_LOOKBACK_MS = 7 * DAY_MS;

/** The local days of [start, end): each one's first instant and its date (YYYY-MM-DD) in `timeZone`. */
export function periodDays(start: number, end: number, timeZone: string): { start: number; date: string }[] {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days: { start: number; date: string }[] = [];
  // the next day's start: past this one's end by half a day, then back to that day's start (a DST change in between)
  for (let at = start; at < end; at = dayStart(at + DAY_MS + DAY_MS / 2, timeZone)) days.push({ start: at, date: date.format(at) });
  return days;
}

type Count = number | string | bigint;

/**
 * New members and first deposits per local day, per currency: both counted in the database, grouped by the
 * day's number (`width_bucket` over the days' first instants), so a busy quarter is a few hundred rows here.
 * A first deposit is a settled deposit (any channel) with no settled deposit of its member before it.
 */
export async function memberGrowth(db: Tx, start: number, end: number, timeZone: string): Promise<MemberGrowth[]> {
  const days = periodDays(start, end, timeZone);
  const starts = days.map((d) => d.start);
  const dayOf = (column: string) => sql<number>`width_bucket(${sql.ref(column)}, ${starts}::bigint[])`;
  const joined = await db
    .selectFrom('members as m')
    .select(['m.currency', dayOf('m.created_at').as('day')])
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .where('m.created_at', '>=', start)
    .where('m.created_at', '<', end)
    .groupBy(['m.currency', sql`2`])
    .execute();
  const firsts = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('members as m', 'm.id', 'e.member_id')
    .select(['m.currency', dayOf('e.created_at').as('day')])
    .select((eb) => [eb.fn.countAll<Count>().as('n'), eb.fn.sum<Count>('e.amount').as('total')])
    .where('e.type', '=', 'deposit')
    .where('e.status', '=', 'SUCCESS')
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_entries as p')
            .select(sql`1`.as('one'))
            .whereRef('p.member_id', '=', 'e.member_id')
            .where('p.type', '=', 'deposit')
            .where('p.status', '=', 'SUCCESS')
            .where((eb) =>
              eb.or([
                eb('p.created_at', '<', eb.ref('e.created_at')),
                eb.and([eb('p.created_at', '=', eb.ref('e.created_at')), eb('p.id', '<', eb.ref('e.id'))]),
              ]),
            ),
        ),
      ),
    )
    .groupBy(['m.currency', sql`2`])
    .execute();

  const growth = new Map<Currency, { days: { newMembers: number; count: number; amount: number }[] }>();
  const of = (currency: string) => {
    let g = growth.get(currency as Currency);
    if (!g) growth.set(currency as Currency, (g = { days: days.map(() => ({ newMembers: 0, count: 0, amount: 0 })) }));
    return g;
  };
  // width_bucket answers 1 for the first day
  for (const row of joined) of(row.currency).days[Number(row.day) - 1]!.newMembers += Number(row.n);
  for (const row of firsts) {
    const day = of(row.currency).days[Number(row.day) - 1]!;
    day.count += Number(row.n);
    day.amount += Number(row.total ?? 0);
  }
  return [...growth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, g]) => {
      const lines: MemberDay[] = g.days.map((d, i) => ({
        date: days[i]!.date,
        newMembers: d.newMembers,
        firstDeposits: { count: d.count, amount: toMajor(d.amount, currency) },
      }));
      const sum = (pick: (d: { newMembers: number; count: number; amount: number }) => number) => g.days.reduce((s, d) => s + pick(d), 0);
      return {
        currency,
        days: lines,
        newMembers: sum((d) => d.newMembers),
        firstDeposits: {
          count: sum((d) => d.count),
          amount: toMajor(
            sum((d) => d.amount),
            currency,
          ),
        },
      };
    });
}

/** The audit trail's actions a staff report counts, and the figure each one adds to. */
const COUNTED = {
  'slip.approve': 'slipsApproved',
  'slip.reject': 'slipsRejected',
  'deposit-request.confirm': 'depositRequestsConfirmed',
  'deposit-request.reject': 'depositRequestsRejected',
  'withdrawal.pay': 'withdrawalsPaid',
  'withdrawal.reject': 'withdrawalsRejected',
  'payment.attach': 'paymentsAttached',
  'adjustment.request': 'adjustmentsRequested',
  'adjustment.apply': 'adjustmentsApplied',
} as const satisfies Record<string, keyof StaffActivity>;
type Counted = keyof typeof COUNTED;

const noActivity = (username: string, name: string | null): StaffActivity => ({
  username,
  name,
  slipsApproved: 0,
  slipsRejected: 0,
  depositRequestsConfirmed: 0,
  depositRequestsRejected: 0,
  withdrawalsPaid: 0,
  withdrawalsRejected: 0,
  paymentsAttached: 0,
  adjustmentsRequested: 0,
  adjustmentsApplied: 0,
  chatMessages: 0,
  chatConversations: 0,
  firstAnswers: 0,
  firstAnswerMedianSeconds: null,
});

/** What each staff member did in [start, end): their decisions from the audit trail, their part in the support chat. */
export async function staffActivity(db: Tx, start: number, end: number): Promise<StaffActivity[]> {
  const decided = await db
    .selectFrom('audit_log')
    .select(['actor_username', 'action'])
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .where('actor_kind', '=', 'staff')
    .where('action', 'in', Object.keys(COUNTED))
    // a confirmation left waiting for a second person is no decision yet (the second person's is)
    .where(sql<boolean>`coalesce(after_json::jsonb ->> 'status', '') <> 'WAITING'`)
    .where('at', '>=', start)
    .where('at', '<', end)
    .groupBy(['actor_username', 'action'])
    .execute();
  const wrote = await db
    .selectFrom('chat_messages as c')
    .innerJoin('staff as s', 's.id', 'c.staff_id')
    .select(['s.username'])
    .select((eb) => [eb.fn.countAll<Count>().as('n'), eb.fn.count<Count>('c.room').distinct().as('rooms')])
    .where('c.sender', '=', 'agent')
    .where('c.created_at', '>=', start)
    .where('c.created_at', '<', end)
    .groupBy('s.username')
    .execute();
  // a wait begins with a member's message after anything but a member's message (the greeter's aside is
  // not an answer, so it is left out), and ends at the first agent's message after it
  const answered = await sql<{ username: string; n: Count; median_ms: number | string | null }>`
    with talk as (
      select id, room, sender, created_at, lag(sender) over (partition by room order by id) as before
        from chat_messages
       where sender <> 'bot' and created_at >= ${start - WAIT_LOOKBACK_MS} and created_at < ${end}
    ), asked as (
      select id, room, created_at from talk where sender = 'customer' and before is distinct from 'customer'
    )
    select s.username, count(*) as n,
           percentile_cont(0.5) within group (order by a.created_at - q.created_at) as median_ms
      from asked q
      join lateral (
        select m.created_at, m.staff_id from chat_messages m
         where m.room = q.room and m.id > q.id and m.sender = 'agent' order by m.id limit 1
      ) a on true
      join staff s on s.id = a.staff_id
     where a.created_at >= ${start} and a.created_at < ${end}
     group by s.username`.execute(db);

  const people = new Map<string, StaffActivity>();
  const of = (username: string) => {
    let p = people.get(username);
    if (!p) people.set(username, (p = noActivity(username, null)));
    return p;
  };
  for (const row of decided) of(row.actor_username)[COUNTED[row.action as Counted]] += Number(row.n);
  for (const row of wrote) {
    const p = of(row.username);
    p.chatMessages = Number(row.n);
    p.chatConversations = Number(row.rooms);
  }
  for (const row of answered.rows) {
    const p = of(row.username);
    p.firstAnswers = Number(row.n);
    p.firstAnswerMedianSeconds = row.median_ms === null ? null : Math.round(Number(row.median_ms) / 1000);
  }
  if (people.size) {
    const names = await db
      .selectFrom('staff')
      .select(['username', 'display_name'])
      .where('username', 'in', [...people.keys()])
      .execute();
    for (const n of names) people.get(n.username)!.name = n.display_name;
  }
  return [...people.values()].sort((a, b) => a.username.localeCompare(b.username));
}
