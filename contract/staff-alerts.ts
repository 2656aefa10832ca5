import { Type, type Static } from 'typebox';

/**
 * On-call alerts in the staff console (issue 39), admins only: where alerts go (LINE, Telegram; each
 * optional), the rules and their thresholds, the alerts' language. A channel's token is written, never
 * answered back: `tokenSet` says whether one is. Every change is in the audit trail (`alerts.channel`,
 * `alerts.rules`) with its reason.
 */

const Minutes = Type.Integer({ minimum: 1, maximum: 1440 });
const Count = Type.Integer({ minimum: 0, maximum: 100000 });
/** An amount in the currency's major unit (baht, kip), whole. */
const Amount = Type.Integer({ minimum: 1, maximum: 1_000_000_000 });

export const AlertRules = Type.Object(
  {
    /** The oldest withdrawal waiting over this many minutes. */
    withdrawalWaiting: Type.Object({ enabled: Type.Boolean(), minutes: Minutes }, { additionalProperties: false }),
    /** More slips waiting for review than this. */
    slipQueue: Type.Object({ enabled: Type.Boolean(), count: Count }, { additionalProperties: false }),
    /** More manual deposit requests waiting than this. */
    depositRequests: Type.Object({ enabled: Type.Boolean(), count: Count }, { additionalProperties: false }),
    /** A chat waiting for an agent over this many minutes. */
    chatWaiting: Type.Object({ enabled: Type.Boolean(), minutes: Minutes }, { additionalProperties: false }),
    /** A provider (a game provider, the payment gateway, the slip verifier) that failed at least this many calls in the instances' last sweep pass. */
    providerDown: Type.Object(
      { enabled: Type.Boolean(), faults: Type.Integer({ minimum: 1, maximum: 100000 }) },
      { additionalProperties: false },
    ),
    /** A sweep task failing, or no instance's sweep running through. */
    sweepFailing: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
    /** The ledger watch finding a problem. */
    ledgerProblems: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
    /** A withdrawal of at least this much waiting (resolved when paid or rejected). */
    largeWithdrawal: Type.Object({ enabled: Type.Boolean(), BAHT: Amount, LAK: Amount }, { additionalProperties: false }),
    /** A deposit of at least this much credited (a notice: nothing to resolve). */
    largeDeposit: Type.Object({ enabled: Type.Boolean(), BAHT: Amount, LAK: Amount }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type AlertRules = Static<typeof AlertRules>;

export const ALERT_CHANNELS = ['line', 'telegram'] as const;
export type AlertChannelName = (typeof ALERT_CHANNELS)[number];

export const AlertChannelView = Type.Object({
  channel: Type.Union([Type.Literal('line'), Type.Literal('telegram')]),
  enabled: Type.Boolean(),
  /** Whether a token is stored: the token itself is never answered. */
  tokenSet: Type.Boolean(),
  /** LINE's group id, Telegram's chat id. */
  target: Type.String(),
  lastSentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  lastErrorAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type AlertChannelView = Static<typeof AlertChannelView>;

export const AlertLang = Type.Union([Type.Literal('th'), Type.Literal('la'), Type.Literal('en')]);

export const AlertSettings = Type.Object({
  channels: Type.Array(AlertChannelView),
  rules: AlertRules,
  lang: AlertLang,
  /** Alerts firing now: their rule and since when. */
  open: Type.Array(Type.Object({ key: Type.String(), rule: Type.String(), firedAt: Type.String({ format: 'date-time' }) })),
});
export type AlertSettings = Static<typeof AlertSettings>;

export const AlertChannelParam = Type.Object({ channel: Type.Union([Type.Literal('line'), Type.Literal('telegram')]) });

/** A channel's settings: a token left out keeps the stored one; a new channel needs one. */
export const AlertChannelBody = Type.Object(
  {
    enabled: Type.Boolean(),
    token: Type.Optional(Type.String({ minLength: 10, maxLength: 400, pattern: '^[\\x21-\\x7e]+$' })),
    target: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9@_:-]+$' }),
    reason: Type.String({ minLength: 3, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type AlertChannelBody = Static<typeof AlertChannelBody>;

export const AlertRulesBody = Type.Object(
  { rules: AlertRules, lang: AlertLang, reason: Type.String({ minLength: 3, maxLength: 500 }) },
  { additionalProperties: false },
);
export type AlertRulesBody = Static<typeof AlertRulesBody>;

/** A test message's outcome: sent, or the channel's code (`unauthorized`, `bad_request`, `rate_limited`, `timeout`, ...). */
export const AlertTestResult = Type.Object({ sent: Type.Boolean(), code: Type.Optional(Type.String()) });
export type AlertTestResult = Static<typeof AlertTestResult>;

export const DEFAULT_ALERT_RULES: AlertRules = {
  withdrawalWaiting: { enabled: true, minutes: 30 },
  slipQueue: { enabled: true, count: 10 },
  depositRequests: { enabled: true, count: 5 },
  chatWaiting: { enabled: true, minutes: 10 },
  providerDown: { enabled: true, faults: 5 },
  sweepFailing: { enabled: true },
  ledgerProblems: { enabled: true },
  largeWithdrawal: { enabled: true, BAHT: 50000, LAK: 30000000 },
  largeDeposit: { enabled: true, BAHT: 100000, LAK: 60000000 },
};
