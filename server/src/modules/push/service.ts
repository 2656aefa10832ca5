import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { canEncryptTo, type PushOutcome } from '../../adapters/push/web-push.js';
import { perDatabase } from '../../db/per-database.js';
import { badRequest } from '../../lib/errors.js';
import type { Currency } from '../../ledger/money.js';
import type { Lang } from '../../../../contract/lang.js';
import type { Notice, PushPreference, PushSubscriptionBody } from '../../../../contract/push.js';
import { NOTICES_LISTED } from '../../../../contract/limits.js';
import { noticeText } from './texts.js';

/**
 * Web Push and "while you were away" (issue 38). The notices themselves are written with the change they
 * tell of (events/service.ts: notifyMember); here a member's devices subscribe and unsubscribe, the app
 * reads and marks what it has not shown, and every instance sends what is due, each notice once.
 */

/** A member keeps at most this many devices; a new one beyond it replaces the one subscribed longest ago. */
export const DEVICES_MAX = 10;
/** How long a push service holds a notification for a device that is off (RFC 8030 TTL): a day. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Tries of one notice before it is given up (each device that answered had it already). */
const ATTEMPTS_MAX = 5;
/** Waits after a try no push service answered: 30 s, 2 min, 10 min, 30 min. */
const BACKOFF_MS = [30_000, 120_000, 600_000, 1_800_000];
/** A notice claimed by an instance is its own this long; one that died meanwhile leaves it to the next pass. */
const LEASE_MS = 120_000;
/** Notices sent in one claim. */
const BATCH = 50;

/**
 * Whether the server may post to this endpoint: an https URL of a known push service (PUSH_SERVICE_HOSTS;
 * a browser's subscription names one of them) — the server posts where the member's request says, so
 * never to an address of ours. Outside production (pushServiceHosts undefined) any http(s) URL, for the
 * local push service of the tests.
 */
export function endpointAllowed(ctx: AppContext, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const hosts = ctx.config.pushServiceHosts;
  if (!hosts) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.username || url.password || (url.port && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}

/** Keeps this device's subscription for the member (a device signed in as another member before moves to this one). */
export async function subscribe(ctx: AppContext, memberId: number, sessionId: number, body: PushSubscriptionBody): Promise<void> {
  const target = { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
  if (!endpointAllowed(ctx, target.endpoint)) throw badRequest('PUSH_SUBSCRIPTION_INVALID');
  if (!canEncryptTo(target)) throw badRequest('PUSH_SUBSCRIPTION_INVALID');
  const db = ctx.database.db;
  const row = {
    member_id: memberId,
    session_id: sessionId,
    p256dh: target.p256dh,
    auth: target.auth,
    lang: body.lang,
    created_at: ctx.now(),
  };
  await db
    .insertInto('push_subscriptions')
    .values({ ...row, endpoint: target.endpoint })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
    .execute();
  // the member's devices beyond the newest DEVICES_MAX
  await db
    .deleteFrom('push_subscriptions')
    .where('member_id', '=', memberId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select('id')
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(DEVICES_MAX),
    )
    .execute();
}

/**
 * This device no longer wants notifications, whoever it was subscribed for: the endpoint is the device's
 * own secret (a capability URL only its browser knows), so a member signing in on a device another member
 * left subscribed ends that member's notifications there.
 */
export async function unsubscribe(ctx: AppContext, endpoint: string): Promise<void> {
  await ctx.database.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** Whether the member wants notifications on their devices at all (PushPreference). */
export async function pushPreference(ctx: AppContext, memberId: number): Promise<PushPreference> {
  const row = await ctx.database.db.selectFrom('members').select('push_off_at').where('id', '=', memberId).executeTakeFirst();
  return { on: row?.push_off_at == null };
}

/**
 * The member turns notifications on or off for their account. Off: what is waiting to be pushed is not
 * (the notices stay, for "while you were away"), and nothing new is, until they turn it on again.
 */
export async function setPushPreference(ctx: AppContext, memberId: number, on: boolean): Promise<PushPreference> {
  await ctx.database.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('members')
      .set({ push_off_at: on ? null : ctx.now() })
      .where('id', '=', memberId)
      // a second "off" keeps the time of the first
      .where((eb) => (on ? eb('push_off_at', 'is not', null) : eb('push_off_at', 'is', null)))
      .execute();
    if (!on)
      await tx
        .updateTable('member_notices')
        .set({ push_due_at: null })
        .where('member_id', '=', memberId)
        .where('push_due_at', 'is not', null)
        .execute();
  });
  return { on };
}

/** The newest notices the member has not seen, newest first. */
export async function unseenNotices(ctx: AppContext, memberId: number): Promise<Notice[]> {
  const rows = await ctx.database.db
    .selectFrom('member_notices')
    .select(['id', 'event', 'created_at'])
    .where('member_id', '=', memberId)
    .where('seen_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(NOTICES_LISTED)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), event: r.event, createdAt: new Date(Number(r.created_at)).toISOString() }));
}

/** Every notice of the member's up to `upTo` is seen. */
export async function markNoticesSeen(ctx: AppContext, memberId: number, upTo: number): Promise<void> {
  await ctx.database.db
    .updateTable('member_notices')
    .set({ seen_at: ctx.now() })
    .where('member_id', '=', memberId)
    .where('seen_at', 'is', null)
    .where('id', '<=', upTo)
    .execute();
}

interface Claimed {
  id: number;
  member_id: number;
  event: Notice['event'];
  created_at: number;
  push_attempts: number;
  pushed_to: number[];
  currency: Currency;
}

/**
 * Sends the notices due: claimed a batch at a time (FOR UPDATE SKIP LOCKED, then leased), so instances
 * woken by the same event share the work and each notice goes once; a notice whose member has no
 * device is done at once. A device the push service no longer knows is dropped; a try no push service
 * answered is tried again later (BACKOFF_MS), at most ATTEMPTS_MAX times. Answers how many went out.
 */
export async function sendDuePush(ctx: AppContext): Promise<{ sent: number; dropped: number; later: number }> {
  const totals = { sent: 0, dropped: 0, later: 0 };
  for (;;) {
    const now = ctx.now();
    const { rows } = await sql<Claimed>`
      update member_notices n set push_due_at = ${now + LEASE_MS}, push_attempts = n.push_attempts + 1
        from (select id from member_notices where push_due_at <= ${now} order by push_due_at limit ${BATCH} for update skip locked) due,
             members m
       where n.id = due.id and m.id = n.member_id
      returning n.id, n.member_id, n.event, n.created_at, n.push_attempts, n.pushed_to, m.currency`.execute(ctx.database.db);
    if (!rows.length) return totals;
    // the devices subscribed in a session still alive, of a member still active who wants to be told
    const devices = await ctx.database.db
      .selectFrom('push_subscriptions as p')
      .innerJoin('sessions as s', 's.id', 'p.session_id')
      .innerJoin('members as m', 'm.id', 'p.member_id')
      .select(['p.id', 'p.member_id', 'p.endpoint', 'p.p256dh', 'p.auth', 'p.lang'])
      .where('p.member_id', 'in', [...new Set(rows.map((r) => r.member_id))])
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('m.status', '=', 'active')
      .where('m.push_off_at', 'is', null)
      .execute();
    await Promise.all(
      rows.map(async (notice) => {
        // a device this notice reached on an earlier try is not sent it again
        const mine = devices.filter((d) => d.member_id === notice.member_id && !notice.pushed_to.includes(d.id));
        // older than a push service would hold it: the app shows it as "while you were away" instead
        const stale = Number(notice.created_at) < now - PUSH_TTL_SECONDS * 1000;
        const outcomes = stale ? [] : await Promise.all(mine.map((device) => sendOne(ctx, notice, device)));
        const reached = mine.filter((_, i) => outcomes[i] === 'sent').map((d) => d.id);
        totals.sent += outcomes.filter((o) => o === 'sent').length;
        totals.dropped += outcomes.filter((o) => o === 'gone').length;
        const again = outcomes.includes('retry') && notice.push_attempts < ATTEMPTS_MAX;
        if (again) totals.later += 1;
        await ctx.database.db
          .updateTable('member_notices')
          .set({
            push_due_at: again ? ctx.now() + BACKOFF_MS[Math.min(notice.push_attempts, BACKOFF_MS.length) - 1]! : null,
            pushed_to: sql<number[]>`pushed_to || ${reached}::integer[]`,
          })
          .where('id', '=', notice.id)
          .execute();
      }),
    );
    if (rows.length < BATCH) return totals;
  }
}

/** One device's try: the text in its language; a device gone is dropped. */
async function sendOne(
  ctx: AppContext,
  notice: Claimed,
  device: { id: number; endpoint: string; p256dh: string; auth: string; lang: Lang },
): Promise<PushOutcome> {
  const text = noticeText(notice.event, device.lang, notice.currency);
  if (!text) return 'sent';
  // the tag: a notice sent again (a retry, another instance's) replaces its first on the device
  const payload = JSON.stringify({ ...text, tag: `notice-${notice.id}`, id: Number(notice.id) });
  let outcome: PushOutcome;
  try {
    outcome = await ctx.push.send(device, payload, PUSH_TTL_SECONDS);
  } catch {
    return 'retry'; // counted and logged by the adapter's watch (wallet_provider_faults_total{provider="push"})
  }
  // bookkeeping only: a lost database here must not make a sent notice look unsent (a later pass forgets the device)
  const db = ctx.database.db;
  if (outcome === 'gone')
    await db
      .deleteFrom('push_subscriptions')
      .where('id', '=', device.id)
      .execute()
      .catch(() => undefined);
  else
    await db
      .updateTable('push_subscriptions')
      .set({ last_sent_at: ctx.now() })
      .where('id', '=', device.id)
      .execute()
      .catch(() => undefined);
  return outcome;
}

/** Whether a pass runs in this process, and whether another was asked for meanwhile. */
const waking = perDatabase(() => ({ running: false, again: false }));

/**
 * Sends what is due now (a member event was heard: every instance hears it and tries; the claims keep
 * each notice to one). A pass asked for while one runs runs right after it. Never throws.
 */
export function wakePush(ctx: AppContext, log: { warn(obj: object, msg: string): void }): void {
  const state = waking(ctx.database);
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  void (async () => {
    try {
      do {
        state.again = false;
        await sendDuePush(ctx).catch((err: unknown) => log.warn({ err }, 'web push: sending failed; the sweep tries again'));
      } while (state.again);
    } finally {
      state.running = false;
    }
  })();
}
