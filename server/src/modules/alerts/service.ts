import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import {
  AlertRules,
  DEFAULT_ALERT_RULES,
  type AlertChannelBody,
  type AlertChannelName,
  type AlertRulesBody,
  type AlertSettings,
} from '../../../../contract/staff-alerts.js';
import type { Lang } from '../../../../contract/lang.js';
import { senders, type SendOutcome } from '../../adapters/alerts/channels.js';
import type { AppContext } from '../../context.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { countProviderFault, providerFaults } from '../../lib/provider-faults.js';
import { badRequest } from '../../lib/errors.js';
import { recordAudit, type By } from '../audit/service.js';
import { evaluateRules, firingText } from './rules.js';
import { alertText } from './texts.js';

/** How long one call to LINE or Telegram may take. */
export const ALERT_TIMEOUT_MS = 5_000;
/** A claimed message is another instance's to send again only after this (a crash mid-send). */
const LEASE_MS = 60_000;
/** Waits after each failed try (the last repeats), unless the channel said how long (429 retry_after). */
const BACKOFF_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 900_000];
/** Tries of one message before it is given up (about 2.5 hours of backoff). */
const ATTEMPTS_MAX = 15;
const BATCH = 20;
/** Sent and given-up messages are kept this long, then deleted by the pass. */
const KEEP_MS = 30 * 24 * 3600_000;

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
}

const ALERT_LOCK = sql`hashtext('wallet-alerts:' || current_schema())`;

/** The rules and language as stored, or the defaults; a stored value the rules no longer accept is the defaults too. */
export async function alertConfig(tx: Tx): Promise<{ rules: AlertRules; lang: Lang; depositCursor: number | null; stored: boolean }> {
  const row = await tx.selectFrom('alert_config').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { rules: DEFAULT_ALERT_RULES, lang: 'th', depositCursor: null, stored: false };
  const rules = Value.Check(AlertRules, row.rules) ? row.rules : DEFAULT_ALERT_RULES;
  return { rules, lang: row.lang, depositCursor: row.deposit_cursor === null ? null : Number(row.deposit_cursor), stored: true };
}

/** The channels an admin switched on, with their tokens (never answered to anyone). */
const enabledChannels = (tx: Tx) => tx.selectFrom('alert_channels').selectAll().where('enabled', '=', true).execute();

/**
 * One alert pass (each sweep pass, every instance): the instance that takes the alert lock looks at every
 * rule and, in the same transaction, records each alert that began (one message per channel switched on)
 * and each that ended ("resolved"); the others skip it. Then the messages due are sent by whichever
 * instance claims them. Answers what happened, for the log and the tests.
 */
export async function alertPass(ctx: AppContext, log: Log): Promise<{ led: boolean; fired: string[]; resolved: string[]; sent: number }> {
  const looked = await withTransaction(ctx.database, async (tx) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${ALERT_LOCK}) as got`.execute(tx);
    if (!rows[0]?.got) return { led: false, fired: [], resolved: [] };
    return { led: true, ...(await lookOnce(ctx, tx)) };
  });
  if (looked.fired.length || looked.resolved.length) log.info({ fired: looked.fired, resolved: looked.resolved }, 'alerts: changed');
  const sent = await sendDueAlerts(ctx, log);
  return { ...looked, sent };
}

async function lookOnce(ctx: AppContext, tx: Tx): Promise<{ fired: string[]; resolved: string[] }> {
  const now = ctx.now();
  const config = await alertConfig(tx);
  const channels = await enabledChannels(tx);
  const sweepEvery = ctx.config.sweepEveryMs;
  const { firing, depositCursor } = await evaluateRules(tx, config.rules, {
    now,
    freshMs: Math.max(3 * sweepEvery, 3 * 60_000),
    sweepLateMs: Math.max(5 * sweepEvery, 5 * 60_000),
    // nothing to send to: the deposits credited meanwhile are not alerted later
    depositCursor: channels.length ? config.depositCursor : null,
  });
  if (!config.stored)
    await tx
      .insertInto('alert_config')
      .values({
        id: 1,
        rules: JSON.stringify(DEFAULT_ALERT_RULES),
        lang: 'th',
        deposit_cursor: depositCursor,
        updated_at: now,
        updated_by: 'system',
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ deposit_cursor: depositCursor }))
      .execute();
  else await tx.updateTable('alert_config').set({ deposit_cursor: depositCursor }).where('id', '=', 1).execute();

  const open = await tx.selectFrom('alert_states').selectAll().where('resolved_at', 'is', null).execute();
  const openKeys = new Set(open.map((s) => s.key));
  const firingKeys = new Set(firing.map((f) => f.key));
  const queue = async (alertKey: string, kind: 'fired' | 'resolved' | 'notice', text: string) => {
    if (!channels.length) return;
    await tx
      .insertInto('alert_messages')
      .values(
        channels.map((c) => ({
          channel: c.channel,
          alert_key: alertKey,
          kind,
          text,
          retry_key: randomUUID(),
          created_at: now,
          due_at: now,
        })),
      )
      .execute();
  };
  const fired: string[] = [];
  for (const f of firing) {
    if (openKeys.has(f.key)) continue;
    // a key that fired and resolved before fires again; a notice's key is written resolved and never again
    const started = await tx
      .insertInto('alert_states')
      .values({ key: f.key, rule: f.rule, fired_at: now, resolved_at: f.notice ? now : null, detail: JSON.stringify(f.detail) })
      .onConflict((oc) =>
        f.notice
          ? oc.column('key').doNothing()
          : oc
              .column('key')
              .doUpdateSet({ fired_at: now, resolved_at: null, detail: JSON.stringify(f.detail) })
              .where('alert_states.resolved_at', 'is not', null),
      )
      .returning('key')
      .executeTakeFirst();
    if (!started) continue;
    fired.push(f.key);
    await queue(f.key, f.notice ? 'notice' : 'fired', firingText(f, f.notice ? 'notice' : 'fired', config.lang, ctx.config.publicUrl));
  }
  const resolved: string[] = [];
  for (const state of open) {
    if (firingKeys.has(state.key)) continue;
    await tx.updateTable('alert_states').set({ resolved_at: now }).where('key', '=', state.key).execute();
    resolved.push(state.key);
    // a rule an admin switched off ends its alerts without a word: nothing was resolved
    const rule = state.rule as keyof AlertRules;
    if (!config.rules[rule]?.enabled) continue;
    const screen = firingScreen(state.key);
    await queue(state.key, 'resolved', firingText({ rule, detail: state.detail, screen }, 'resolved', config.lang, ctx.config.publicUrl));
  }
  await tx
    .deleteFrom('alert_messages')
    .where('due_at', 'is', null)
    .where('created_at', '<', now - KEEP_MS)
    .execute();
  return { fired, resolved };
}

/** The console screen of an alert, from its key (a resolved alert is told with the screen it fired with). */
function firingScreen(key: string): string {
  const rule = key.split(':', 1)[0];
  const screens: Record<string, string> = {
    withdrawalWaiting: '/withdrawals',
    largeWithdrawal: '/withdrawals',
    slipQueue: '/slips',
    depositRequests: '/deposit-requests',
    chatWaiting: '/inbox',
    ledgerProblems: '/audit',
  };
  return screens[rule ?? ''] ?? '/';
}

interface Claimed {
  id: number;
  channel: AlertChannelName;
  text: string;
  retry_key: string;
  attempts: number;
}

/** Notes what a channel's try came to on its row (shown in the console) and counts a fault. */
async function noteOutcome(ctx: AppContext, log: Log, channel: AlertChannelName, outcome: SendOutcome): Promise<void> {
  const now = ctx.now();
  if (outcome.ok) {
    await ctx.database.db.updateTable('alert_channels').set({ last_sent_at: now }).where('channel', '=', channel).execute();
    return;
  }
  countProviderFault(providerFaults(ctx.database), channel, outcome.code);
  const line = { provider: channel, code: outcome.code };
  if (log.warn) log.warn(line, `alerts: ${outcome.detail}`);
  else log.error(line, `alerts: ${outcome.detail}`);
  await ctx.database.db
    .updateTable('alert_channels')
    .set({ last_error: `${outcome.code}: ${outcome.detail}`.slice(0, 300), last_error_at: now })
    .where('channel', '=', channel)
    .execute();
}

/** A channel's token is sealed at rest with the staff secrets' key, bound to its channel (lib/secret-box.ts). */
const tokenContext = (name: AlertChannelName) => `alert-channel:${name}`;

/** One message to one channel, with the channel's stored token and target; a token this key cannot open is an outcome, never thrown. */
export async function sendToChannel(
  ctx: AppContext,
  channel: { channel: AlertChannelName; token: string; target: string },
  text: string,
  retryKey: string,
): Promise<SendOutcome> {
  let token: string;
  try {
    token = ctx.staffSecrets.open(channel.token, tokenContext(channel.channel));
  } catch {
    return { ok: false, code: 'token_unreadable', retry: false, detail: 'the stored token does not open with this key: set it again' };
  }
  const baseUrl = channel.channel === 'line' ? ctx.config.lineApiBaseUrl : ctx.config.telegramApiBaseUrl;
  return senders[channel.channel]({ baseUrl, token, target: channel.target, text, retryKey, timeoutMs: ALERT_TIMEOUT_MS });
}

/**
 * Sends the alert messages due: claimed a batch at a time (FOR UPDATE SKIP LOCKED, then leased), so each
 * goes from one instance; in order within a channel, and a channel that did not answer is not tried again
 * in this pass (its other messages wait for the same time). A refusal that another try cannot change (a
 * bad token, an unknown group) gives the message up at once; the console shows the channel's last error.
 */
export async function sendDueAlerts(ctx: AppContext, log: Log): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.now();
    const { rows } = await sql<Claimed>`
      update alert_messages a set due_at = ${now + LEASE_MS}, attempts = a.attempts + 1
        from (select id from alert_messages where due_at <= ${now} order by id limit ${BATCH} for update skip locked) due
       where a.id = due.id
      returning a.id, a.channel, a.text, a.retry_key, a.attempts`.execute(ctx.database.db);
    if (!rows.length) return sent;
    const channels = await ctx.database.db
      .selectFrom('alert_channels')
      .selectAll()
      .where('channel', 'in', [...new Set(rows.map((r) => r.channel))])
      .execute();
    const byChannel = new Map<AlertChannelName, Claimed[]>();
    for (const row of rows.sort((a, b) => a.id - b.id)) byChannel.set(row.channel, [...(byChannel.get(row.channel) ?? []), row]);
    let stalled = false;
    await Promise.all(
      [...byChannel].map(async ([name, messages]) => {
        const channel = channels.find((c) => c.channel === name);
        let waitUntil: number | undefined;
        for (const message of messages) {
          const done = (set: { due_at: number | null; sent_at?: number; failed_code?: string; attempts?: number }) =>
            ctx.database.db.updateTable('alert_messages').set(set).where('id', '=', message.id).execute();
          if (!channel?.enabled) {
            await done({ due_at: null, failed_code: 'disabled' });
            continue;
          }
          // the channel did not answer a message before this one: this one waits as long, its try not counted
          if (waitUntil !== undefined) {
            await done({ due_at: waitUntil, attempts: message.attempts - 1 });
            continue;
          }
          const outcome = await sendToChannel(ctx, channel, message.text, message.retry_key);
          await noteOutcome(ctx, log, name, outcome).catch(() => undefined);
          if (outcome.ok) {
            sent += 1;
            await done({ due_at: null, sent_at: ctx.now() });
          } else if (outcome.retry && message.attempts < ATTEMPTS_MAX) {
            const backoff = BACKOFF_MS[Math.min(message.attempts, BACKOFF_MS.length) - 1]!;
            waitUntil = ctx.now() + Math.max(backoff, outcome.retryAfterMs ?? 0);
            stalled = true;
            await done({ due_at: waitUntil });
          } else {
            await done({ due_at: null, failed_code: outcome.code });
          }
        }
      }),
    );
    if (rows.length < BATCH || stalled) return sent;
  }
}

/** The test button: one message now, straight to the channel as stored (switched on or not); never queued. */
export async function sendTestAlert(ctx: AppContext, log: Log, name: AlertChannelName): Promise<{ sent: boolean; code?: string }> {
  const channel = await ctx.database.db.selectFrom('alert_channels').selectAll().where('channel', '=', name).executeTakeFirst();
  if (!channel) return { sent: false, code: 'not_configured' };
  const { lang } = await alertConfig(ctx.database.db);
  const outcome = await sendToChannel(ctx, channel, `${alertText('test', lang)}\n${ctx.config.publicUrl}/staff/alerts`, randomUUID());
  await noteOutcome(ctx, log, name, outcome).catch(() => undefined);
  return outcome.ok ? { sent: true } : { sent: false, code: outcome.code };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** What the console shows: each channel without its token (only whether one is set), the rules, the language, the alerts open. */
export async function alertSettings(ctx: AppContext): Promise<AlertSettings> {
  const db = ctx.database.db;
  const stored = await db.selectFrom('alert_channels').selectAll().execute();
  const { rules, lang } = await alertConfig(db);
  const open = await db
    .selectFrom('alert_states')
    .select(['key', 'rule', 'fired_at'])
    .where('resolved_at', 'is', null)
    .orderBy('fired_at')
    .execute();
  return {
    channels: (['line', 'telegram'] as const).map((channel) => {
      const row = stored.find((c) => c.channel === channel);
      return {
        channel,
        enabled: row?.enabled ?? false,
        tokenSet: Boolean(row?.token),
        target: row?.target ?? '',
        lastSentAt: iso(row?.last_sent_at ?? null),
        lastError: row?.last_error ?? null,
        lastErrorAt: iso(row?.last_error_at ?? null),
      };
    }),
    rules,
    lang,
    open: open.map((s) => ({ key: s.key, rule: s.rule, firedAt: new Date(Number(s.fired_at)).toISOString() })),
  };
}

/** A channel's settings, with its audit row (the token never written there: only whether it changed). */
export async function saveAlertChannel(ctx: AppContext, by: By, name: AlertChannelName, body: AlertChannelBody): Promise<void> {
  await withTransaction(ctx.database, async (tx) => {
    const now = ctx.now();
    const before = await tx.selectFrom('alert_channels').selectAll().where('channel', '=', name).forUpdate().executeTakeFirst();
    const token = body.token !== undefined ? ctx.staffSecrets.seal(body.token, tokenContext(name)) : before?.token;
    // 400 with a code, nothing written: a channel needs its token the first time
    if (!token) throw badRequest('ALERT_TOKEN_REQUIRED');
    const row = { enabled: body.enabled, token, target: body.target, updated_at: now, updated_by: `${by.actor.kind}:${by.actor.username}` };
    await tx
      .insertInto('alert_channels')
      .values({ channel: name, ...row })
      .onConflict((oc) => oc.column('channel').doUpdateSet(row))
      .execute();
    const view = (r: { enabled: boolean; target: string } | undefined) => (r ? { enabled: r.enabled, target: r.target } : null);
    await recordAudit(tx, by.actor, {
      action: 'alerts.channel',
      target: `alerts:${name}`,
      before: view(before),
      after: { ...view(row), tokenChanged: body.token !== undefined },
      reason: body.reason.trim(),
      ip: by.ip ?? null,
      at: now,
    });
  });
}

/** The rules and the language, with their audit row (before and after). */
export async function saveAlertRules(ctx: AppContext, by: By, body: AlertRulesBody): Promise<void> {
  await withTransaction(ctx.database, async (tx) => {
    const now = ctx.now();
    const before = await alertConfig(tx);
    const row = {
      rules: JSON.stringify(body.rules),
      lang: body.lang,
      updated_at: now,
      updated_by: `${by.actor.kind}:${by.actor.username}`,
    };
    await tx
      .insertInto('alert_config')
      .values({ id: 1, deposit_cursor: null, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
    await recordAudit(tx, by.actor, {
      action: 'alerts.rules',
      target: 'alerts:rules',
      before: { rules: before.rules, lang: before.lang },
      after: { rules: body.rules, lang: body.lang },
      reason: body.reason.trim(),
      ip: by.ip ?? null,
      at: now,
    });
  });
}
