import { Type, type Static } from 'typebox';
import { BankAccount, Profile } from './account.js';
import { Nullable } from './nullable.js';

/**
 * The wallet view and game accounts (§3, §7 Wallet calls). Money is in the member's currency, at most
 * 2 decimals. Fastify writes each answer through its schema, so a field missing here is missing from
 * the answer: add it here first.
 */

/** §3 Game account: one per provider of the catalog, open or not. */
export const Slot = Type.Object({
  code: Type.String(),
  name: Type.String(),
  category: Type.Union([Type.Literal('slot'), Type.Literal('sport'), Type.Literal('lotto')]),
  isActive: Type.Boolean({ description: 'the member has an account at this provider' }),
  amount: Type.Number(),
  ftWalletSlot: Type.Number({ description: "multiplier shown as the provider's own unit" }),
  unconfirmed: Type.Optional(
    Type.Boolean({ description: 'set by the balance refresh when the provider could not be asked: `amount` is the last one known' }),
  ),
  logo: Type.String(),
  background: Type.String(),
  web: Nullable(
    Type.String({ description: 'launch link; null without an account, for auto-login providers, or when the provider was slow' }),
  ),
  android: Nullable(Type.String()),
  ios: Nullable(Type.String()),
});
export type Slot = Static<typeof Slot>;

/**
 * Money on its way, not in any balance shown (issue 21: money never vanishes from view): a transfer waiting
 * for its game provider (it lands or comes back), a withdrawal waiting to be paid, a manual deposit request
 * waiting for staff (not in the balance yet).
 */
export const PendingMoney = Type.Object({
  kind: Type.Union([Type.Literal('transfer'), Type.Literal('withdrawal'), Type.Literal('deposit_request')]),
  amount: Type.Number({ description: 'always positive, in the member currency' }),
  from: Type.String({ description: 'WALLET, a provider code, BANK (a deposit request) ' }),
  to: Type.String({ description: 'WALLET, a provider code, BANK (a withdrawal)' }),
  createdAt: Type.String({ description: 'ISO time' }),
});
export type PendingMoney = Static<typeof PendingMoney>;

/** GET /api/wallet: the profile, the wallet balance, the invite summary, every game account and the money on its way. */
export const WalletView = Type.Object({
  profile: Profile,
  bankAccount: BankAccount,
  wallet: Type.Object({ amount: Type.Number() }),
  invite: Type.Object({
    amount: Type.Number({ description: 'invite bonus not received yet' }),
    success: Type.Integer({ description: 'percent of it ready to receive' }),
    fail: Type.Integer({ description: 'percent of it not ready' }),
  }),
  slots: Type.Array(Slot),
  pending: Type.Array(PendingMoney),
});
export type WalletView = Static<typeof WalletView>;

/**
 * GET /api/wallet/refresh/slot: the game accounts after asking every provider with an account. A provider
 * that answered within the `providerCache` seconds is not asked again unless `fresh=1` (the member tapped
 * "check balance", or is back from a game); on entry the site asks without it.
 */
export const SlotsRefreshQuery = Type.Object({ fresh: Type.Optional(Type.Literal('1')) });
export type SlotsRefreshQuery = Static<typeof SlotsRefreshQuery>;
export const SlotsRefresh = Type.Object({ slots: Type.Array(Slot) });
export type SlotsRefresh = Static<typeof SlotsRefresh>;

/** A game account's login (activate, account, resetpassword): secrets, never stored by the site. */
export const Credentials = Type.Object({ username: Type.String(), password: Type.String(), event: Type.Null() });
export type Credentials = Static<typeof Credentials>;

/** POST /api/wallet/transfer: between the wallet (`WALLET`) and one game, either way (contract/wallet-rules.ts). */
export const TransferBody = Type.Object({
  from: Type.String({ maxLength: 20 }),
  to: Type.String({ maxLength: 20 }),
  amount: Type.Number(),
});
export type TransferBody = Static<typeof TransferBody>;
/** POST /api/wallet/transferAll: every game's balance to the wallet (`WALLET`), or the wallet's into one game. */
export const TransferAllBody = Type.Object({ to: Type.String({ maxLength: 20 }) });
export type TransferAllBody = Static<typeof TransferAllBody>;

/** POST /api/wallet/withdraw and withdrawAll: the amount leaves the wallet for a pending payout. */
export const WithdrawBody = Type.Object({ amount: Type.Number() });
export type WithdrawBody = Static<typeof WithdrawBody>;
export const WithdrawResponse = Type.Object({
  message: Type.Literal('SUCCESS'),
  withdrawalId: Type.Integer(),
  status: Type.Literal('PENDING'),
});
export type WithdrawResponse = Static<typeof WithdrawResponse>;

/** GET /api/autoLogin/{provider}/{username}[/{password}]: the launch link of the member's own account. */
export const AutoLoginLink = Type.Object({ link: Type.String() });
export type AutoLoginLink = Static<typeof AutoLoginLink>;
