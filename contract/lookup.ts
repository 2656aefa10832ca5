import { Type, type Static } from 'typebox';

/**
 * §7 lookups: public, cached by the service worker, texts in the language asked with `?lang=`. The
 * operator's stored settings of the same names (server/src/settings/registry.ts) have these shapes.
 */
export const InfoSchema = Type.Object({ name: Type.String(), website: Type.String() });
export const ContactSchema = Type.Object({
  contactText: Type.String({ description: "HTML in the member's language, sanitised by the site" }),
  lineLink: Type.String(),
  lineName: Type.String(),
  lineQR: Type.String({ description: 'image URL or data URL' }),
});
export const WithdrawLimitsSchema = Type.Object({
  withdrawMin: Type.Number({ minimum: 0 }),
  withdrawMax: Type.Number({ minimum: 0 }),
  quickAmounts: Type.Optional(
    Type.Object(
      {
        BAHT: Type.Optional(Type.Array(Type.Number({ exclusiveMinimum: 0 }), { maxItems: 8 })),
        LAK: Type.Optional(Type.Array(Type.Number({ exclusiveMinimum: 0 }), { maxItems: 8 })),
      },
      { additionalProperties: false, description: 'the amounts offered to pick, per currency (round numbers in each, not converted)' },
    ),
  ),
});
/** GET /api/lookup/withdraw: the limits in the asked currency and its quick amounts within them. */
export const WithdrawLookupResponse = Type.Object({
  withdrawMin: Type.Number(),
  withdrawMax: Type.Number(),
  quickAmounts: Type.Array(Type.Number(), { description: 'amounts to offer as one tap, each within the limits' }),
});
export const DepositBankSchema = Type.Object({
  bankCode: Type.String(),
  bankType: Type.String(),
  mode: Type.String(),
  nameTH: Type.String(),
  nameEN: Type.String(),
  name: Type.String({ description: "the account's or QR provider's name in the requested language" }),
  bankAccountName: Type.String({ description: 'in the requested language' }),
  bankAccountNo: Type.String(),
  currency: Type.String({ description: 'BAHT or LAK: offered to members holding it (contract/deposit-rules.ts depositOffer)' }),
});
export const DepositSchema = Type.Object({
  banks: Type.Array(DepositBankSchema),
  wallets: Type.Array(Type.Object({ walletAccountName: Type.String(), mode: Type.String() })),
  isManual: Type.Boolean(),
});
/** `?currency=`: the limits of a lookup written in the site's currency, converted for a member holding another. */
export const CurrencyQuery = Type.Object({ currency: Type.Optional(Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')])) });
export const SlipSchema = Type.Object({
  minDeposit: Type.Number({ minimum: 0 }),
  /**
   * The largest manual deposit request (§7 `isManual`), in the site's currency like `minDeposit`: a request
   * staff confirm by hand is money on their word, so it has a ceiling (issue 36). Unset: 50,000 baht, or
   * its kip at the seed rate. GET /api/lookup/slip always answers it, converted like `minDeposit`.
   */
  manualMaximum: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e11 })),
  closeTime: Type.String({
    pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
    description: 'daily slip upload closing time, HH:mm in Bangkok time, until midnight; 00:00: never closed',
  }),
});

export const BanksResponse = Type.Object({
  banks: Type.Array(
    Type.Object({
      code: Type.String(),
      country: Type.String({ description: 'TH or LA: registration offers the banks of its site (account-rules.ts BANK_COUNTRY)' }),
      nameTH: Type.String(),
      nameEN: Type.String(),
      name: Type.String({ description: "the bank's name in the requested language" }),
    }),
  ),
});
export type BanksResponse = Static<typeof BanksResponse>;
export const SourcesResponse = Type.Object({ sources: Type.Array(Type.Object({ code: Type.String(), description: Type.String() })) });
export type SourcesResponse = Static<typeof SourcesResponse>;
export const ConditionsResponse = Type.Object({ conditions: Type.Array(Type.String()) });
export type ConditionsResponse = Static<typeof ConditionsResponse>;
export const AgreementsResponse = Type.Object({ agreements: Type.Array(Type.String()) });
export type AgreementsResponse = Static<typeof AgreementsResponse>;
export type WithdrawLimitsResponse = Static<typeof WithdrawLookupResponse>;
export const NoticeResponse = Type.Object({ notice: Type.String() });
export const ActiveResponse = Type.Object({ active: Type.Literal(true) });
export type ActiveResponse = Static<typeof ActiveResponse>;
export const RegisterOtpResponse = Type.Object({ registerOTP: Type.Boolean() });
export type RegisterOtpResponse = Static<typeof RegisterOtpResponse>;
export const ChatWidgetResponse = Type.Object({ enableChatWidget: Type.Boolean() });
export type ChatWidgetResponse = Static<typeof ChatWidgetResponse>;
/** GET /api/lookup/info: the site's name and address, and `testSite` on a staging site (NODE_ENV=staging). */
export const InfoAnswer = Type.Object({
  name: Type.String(),
  website: Type.String(),
  testSite: Type.Optional(Type.Boolean({ description: 'a test site: every page says so, and no money here is real' })),
});
export type InfoResponse = Static<typeof InfoAnswer>;
export type ContactResponse = Static<typeof ContactSchema>;

/** The how-to page (§2 How-to): each video with its title in the requested language. */
export const HowtoResponse = Type.Object({
  videos: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String({ description: 'in the requested language, Thai where the operator gave none' }),
      video: Type.String({ description: 'an MP4 (H.264) on this site' }),
      poster: Type.String({ description: 'the still shown before it plays' }),
    }),
  ),
});
export type HowtoResponse = Static<typeof HowtoResponse>;
export type DepositResponse = Static<typeof DepositSchema>;
export type SlipResponse = Static<typeof SlipSchema>;
