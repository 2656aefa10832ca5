import { SupportSettingSchema } from './support-setting.js';
import { Type, type Static, type TSchema } from 'typebox';
import { ChatSettingSchema } from './chat-setting.js';
import { HowtoSettingSchema } from './howto-setting.js';

/**
 * Every operator-editable setting: its schema (the contract of its lookup) and its default.
 * Lookups of §7 read these; `npm run operator -- settings set <key> <value>` writes them.
 */
import { ContactSchema, DepositSchema, InfoSchema, SlipSchema, WithdrawLimitsSchema } from '../../../contract/lookup.js';
import { LocalizedText } from './localized.js';

export { ContactSchema, DepositSchema, InfoSchema, SlipSchema, WithdrawLimitsSchema };

/**
 * A deposit account or QR provider as the operator stores it: its name per language (nameLA optional:
 * Thai where absent on the Thai site, English on the Lao site) and the account name per language, as
 * the deposit lookup answers them in the member's language.
 */
export const DepositBankSetting = Type.Object({
  bankCode: Type.String(),
  bankType: Type.String({ description: 'DEPOSIT: an account to transfer to; QRCODE: a payment QR provider (KBANK, WW, ZAPMAN)' }),
  mode: Type.String(),
  nameTH: Type.String(),
  nameEN: Type.String(),
  nameLA: Type.Optional(Type.String()),
  bankAccountName: LocalizedText,
  bankAccountNo: Type.String(),
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')], {
    description: 'the currency it takes: offered only to members holding it (a QR provider: the currency its codes pay, BAHT)',
  }),
  retiredAt: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'retired since (epoch ms): no longer shown to members; a slip of a transfer made before retiredAt plus 24 hours is still accepted. Absent: active',
    }),
  ),
});
export const DepositSetting = Type.Object({
  banks: Type.Array(DepositBankSetting),
  wallets: Type.Array(Type.Object({ walletAccountName: Type.String(), mode: Type.String() })),
  isManual: Type.Boolean(),
});
export { LANGS, LocalizedText, inLanguage, type Lang } from './localized.js';

/** What the operator stores: the contact text per language. */
export const ContactSetting = Type.Object({
  contactText: LocalizedText,
  lineLink: Type.String(),
  lineName: Type.String(),
  lineQR: Type.String({ description: 'image URL or data URL' }),
});

/** A QR code's largest amount (without one, a typo'd 99,999,999,999.99 was accepted). */
const QrMaximum = Type.Number({ exclusiveMinimum: 0, maximum: 1e11 });
/** Payment QR codes: how long one stays payable, who the payments go to (the operator's biller id and TrueMoney number), the most one may ask for. */
export const QrcodeSchema = Type.Object({
  expireMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
  billerId: Type.String({ pattern: '^\\d{15}$', description: 'Thai QR bill payment biller id: tax id and 2-digit suffix' }),
  trueMoneyMobile: Type.String({ pattern: '^0\\d{9}$', description: 'the TrueMoney Wallet number WW codes pay to' }),
  maximum: Type.Optional(
    Type.Object(
      { KBANK: Type.Optional(QrMaximum), WW: Type.Optional(QrMaximum), ZAPMAN: Type.Optional(QrMaximum) },
      {
        additionalProperties: false,
        description:
          "the most one QR code may ask for, per provider, in the site's currency (baht; kip on the Lao site); a provider left out: 50,000 baht (50,000 x bonus.kipPerBaht kip)",
      },
    ),
  ),
});

/** Bonuses: a member may cancel the active bonus once wallet plus game balances fall below clearBelow (in the site's currency). */
export const BonusSettingSchema = Type.Object({
  clearBelow: Type.Number({
    minimum: 0,
    description: "the active bonus can be cancelled when wallet plus game balances are below this, in the site's currency",
  }),
  kipPerBaht: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Lao site: how bonus figures in kip convert for a member who chose baht (default 600)' }),
  ),
});

/** A banner of the invite or refund modal: an image and its text per language. */
export const ProgrammeBanner = Type.Object({ image: Type.String(), html: LocalizedText }, { additionalProperties: false });
const Percent = (description: string) => Type.Number({ minimum: 0, maximum: 100, description: `${description}; to 2 decimals` });

/** The invite programme (README: Invite and refund). */
export const InviteSettingSchema = Type.Object(
  {
    active: Type.Boolean({ description: 'off: nothing is counted and receiving answers INVITE_INACTIVE' }),
    percent: Percent('what the inviter earns of each credited deposit of a member they invited, in percent'),
    turnover: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: 'the invitee must bet this many times the deposit before the inviter can receive what it earned; 0: at once',
    }),
    banners: Type.Array(ProgrammeBanner),
  },
  { additionalProperties: false },
);

/** Cashback on net losses (README: Invite and refund). */
export const RefundSettingSchema = Type.Object(
  {
    active: Type.Boolean({
      description: 'off: no refund is computed or received (REFUND_INACTIVE); a refund balance can still move to the wallet',
    }),
    period: Type.Union([Type.Literal('day'), Type.Literal('week')], {
      description: 'day: from local midnight; week: from Monday 00:00 (TIME_ZONE)',
    }),
    percent: Percent('refunded of a net loss over a period in which the member held no bonus'),
    percentWithBonus: Percent('refunded of a net loss over a period in which the member held a bonus at some time'),
    minimum: Type.Number({
      exclusiveMinimum: 0,
      description: "the refunds waiting must add up to at least this (site's currency) to be received (REFUND_MINIMUM)",
    }),
    info: LocalizedText,
    banners: Type.Array(ProgrammeBanner),
  },
  { additionalProperties: false },
);

/** Spin-wheel coins from deposits: `coins` coins for every full `per` of one credited deposit (in the member's currency), given once the deposit is wagered `wagerMultiple` times; coins 0: none. */
export const CoinRuleSchema = Type.Object(
  {
    per: Type.Number({ exclusiveMinimum: 0, description: 'the deposit amount, in `currency`, that earns `coins`' }),
    coins: Type.Integer({ minimum: 0, maximum: 1000, description: 'coins for every full `per` of one deposit; 0 turns earning off' }),
    currency: Type.Optional(
      Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')], {
        description:
          "the currency `per` is in (the site's); a member holding the other gets it converted at bonus.kipPerBaht. Absent: the member's own",
      }),
    ),
    wagerMultiple: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 100,
        description:
          "the coins are given once the member's bets since the deposit reach this many times the deposit; a withdrawal before then forfeits them. 0: at once. Absent: 1",
      }),
    ),
  },
  { additionalProperties: false },
);
export type CoinRule = Static<typeof CoinRuleSchema>;

/** The spin wheel: offered or not, and how many days a won coupon can be claimed. */
export const SpinwheelSettingSchema = Type.Object(
  {
    active: Type.Boolean(),
    couponDays: Type.Integer({ minimum: 1, maximum: 365, description: 'a coupon expires this many days after the spin that won it' }),
  },
  { additionalProperties: false },
);

/** Upload budgets (README: Uploads): bytes per hour per guest address and per member, slips per member per 10 minutes, and the free-space floor. */
export const UploadsSettingSchema = Type.Object(
  {
    guestAddressMbPerHour: Type.Number({ minimum: 0, description: 'MB of chat files one address may store per hour without an account' }),
    memberMbPerHour: Type.Number({ minimum: 0, description: 'MB of slips and chat files one member may store per hour' }),
    slipsPer10Min: Type.Integer({ minimum: 0, description: 'slips one member may upload in any 10 minutes' }),
    minFreeMb: Type.Number({
      minimum: 0,
      description:
        "uploads are refused (503 UPLOAD_UNAVAILABLE) while DATA_DIR's disk has less free space than this (the embedded Postgres only: DATA_DIR holds its files)",
    }),
  },
  { additionalProperties: false },
);

/** What the minute sweep forgets or ends (README: Retention). */
export const RetentionSettingSchema = Type.Object(
  {
    guestChatQuietMinutes: Type.Integer({
      minimum: 5,
      maximum: 43_200,
      description: 'a guest conversation with no message for this long is ended; the next message starts a new one',
    }),
  },
  { additionalProperties: false },
);

/** Staff adjustments (issue 23): above these amounts (major units, per currency) a second finance clerk or admin must approve. */
export const AdjustmentsSettingSchema = Type.Object(
  {
    approvalAboveBaht: Type.Number({
      minimum: 0,
      maximum: 1e11,
      description: "baht: one person's adjustment credits alone in 24 hours, or a debit, above this wait for a second approver",
    }),
    approvalAboveKip: Type.Integer({
      minimum: 0,
      maximum: 1e13,
      description: "kip: one person's adjustment credits alone in 24 hours, or a debit, above this wait for a second approver",
    }),
  },
  { additionalProperties: false },
);

export const settingSchemas = {
  siteActive: Type.Boolean(),
  registerOTP: Type.Boolean(),
  enableChatWidget: Type.Boolean(),
  info: InfoSchema,
  contact: ContactSetting,
  conditions: Type.Array(LocalizedText),
  agreements: Type.Array(LocalizedText),
  notice: LocalizedText,
  /** In the site's currency (kip on the Lao site); a member holding the other gets them converted at bonus.kipPerBaht. */
  withdraw: WithdrawLimitsSchema,
  deposit: DepositSetting,
  slip: SlipSchema,
  qrcode: QrcodeSchema,
  bonus: BonusSettingSchema,
  invite: InviteSettingSchema,
  refund: RefundSettingSchema,
  coinRule: CoinRuleSchema,
  spinwheel: SpinwheelSettingSchema,
  chat: ChatSettingSchema,
  support: SupportSettingSchema,
  uploads: UploadsSettingSchema,
  retention: RetentionSettingSchema,
  adjustments: AdjustmentsSettingSchema,
  /**
   * How long a game provider's answer stands for the same member, per instance (0: always ask): a launch link
   * in the wallet view, and a game balance on the wallet's refresh on entry (a "check balance" tap asks anyway).
   */
  providerCache: Type.Object(
    {
      seconds: Type.Integer({ minimum: 0, maximum: 60, description: 'seconds a launch link or a game balance stands for the same member' }),
    },
    { additionalProperties: false },
  ),
  /** The how-to page's videos: titles per language, video and poster paths (§2 How-to). */
  howto: HowtoSettingSchema,
  /**
   * How many ledger accounts money in transit is spread over, by member (ledger.ts stripeCode); 1 is the
   * one account releases before 2026-11-27 used. An installation that ran one of them keeps 1 (migration
   * 0033) until every instance runs a release that knows the stripes: an older instance takes the money of
   * a transfer it finishes from the one account.
   */
  transitStripes: Type.Integer({ minimum: 1, maximum: 64 }),
  /** Sandbox game providers told to fail or hang, by code: {"PG":"fail"}; also GATEWAY (payment QR) and VOUCHER (gift links); `-transfers` only for deposits and withdrawals. For tests and drills. */
  providerFaults: Type.Record(
    Type.String(),
    Type.Union([Type.Literal('fail'), Type.Literal('hang'), Type.Literal('fail-transfers'), Type.Literal('hang-transfers')]),
  ),
  /** The sandbox's demo game told how its rounds end, by provider code: {"PG":"lose"}; absent: about 45% are won. For tests and drills. */
  sandboxPlay: Type.Record(Type.String(), Type.Union([Type.Literal('win'), Type.Literal('lose')])),
  /** The sandbox bank behind slip verification told to answer captcha, fail or hang. For tests and drills. */
  slipFault: Type.Union([Type.Literal('none'), Type.Literal('captcha'), Type.Literal('fail'), Type.Literal('hang')]),
} satisfies Record<string, TSchema>;

export type SettingKey = keyof typeof settingSchemas;

/**
 * Settings never changed in production (NODE_ENV=production), by anyone: `sandboxPlay` decides whether the
 * sandbox game's rounds are won, so one admin setting it to "win" would create money for any member who
 * plays (issue 36). Answers why, or undefined when the change may be made.
 */
export function productionRefusal(key: SettingKey, production: boolean): string | undefined {
  if (production && key === 'sandboxPlay') return 'sandboxPlay decides whether rounds are won: a test setting, never changed in production';
  return undefined;
}
export type Settings = { [K in SettingKey]: Static<(typeof settingSchemas)[K]> };
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];

/** Percent with 2 decimals as whole basis points, so money is computed in integers. */
export const basisPoints = (percent: number) => Math.round(percent * 100);

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingSchemas, key);
}
