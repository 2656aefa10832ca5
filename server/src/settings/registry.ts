import { Type, type Static, type TSchema } from 'typebox';

/**
 * Every operator-editable setting: its schema (the contract of its lookup) and its default.
 * Lookups of §7 read these; `npm run operator -- settings set <key> <value>` writes them.
 */
export const InfoSchema = Type.Object({ name: Type.String(), website: Type.String() });
export const ContactSchema = Type.Object({
  contactText: Type.String({ description: 'HTML, sanitised by the site' }),
  lineLink: Type.String(),
  lineName: Type.String(),
  lineQR: Type.String({ description: 'image URL or data URL' }),
});
export const WithdrawLimitsSchema = Type.Object({
  withdrawMin: Type.Number({ minimum: 0 }),
  withdrawMax: Type.Number({ minimum: 0 }),
});
export const DepositBankSchema = Type.Object({
  bankCode: Type.String(),
  bankType: Type.String(),
  mode: Type.String(),
  nameTH: Type.String(),
  nameEN: Type.String(),
  bankAccountName: Type.String(),
  bankAccountNo: Type.String(),
  currency: Type.String(),
});
export const DepositSchema = Type.Object({
  banks: Type.Array(DepositBankSchema),
  wallets: Type.Array(Type.Object({ walletAccountName: Type.String(), mode: Type.String() })),
  isManual: Type.Boolean(),
});
export const SlipSchema = Type.Object({
  minDeposit: Type.Number({ minimum: 0 }),
  closeTime: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'daily slip upload closing time, HH:mm' }),
});

export const settingSchemas = {
  siteActive: Type.Boolean(),
  registerOTP: Type.Boolean(),
  enableChatWidget: Type.Boolean(),
  info: InfoSchema,
  contact: ContactSchema,
  conditions: Type.Array(Type.String()),
  agreements: Type.Array(Type.String()),
  notice: Type.String(),
  withdraw: WithdrawLimitsSchema,
  deposit: DepositSchema,
  slip: SlipSchema,
  /** Sandbox game providers told to fail or hang, by code: {"PG":"fail"}. For tests and drills. */
  providerFaults: Type.Record(Type.String(), Type.Union([Type.Literal('fail'), Type.Literal('hang')])),
} satisfies Record<string, TSchema>;

export type SettingKey = keyof typeof settingSchemas;
export type Settings = { [K in SettingKey]: Static<(typeof settingSchemas)[K]> };
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingSchemas, key);
}
