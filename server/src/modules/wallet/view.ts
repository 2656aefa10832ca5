import type { PendingMoney, Slot, WalletView } from '../../../../contract/wallet.js';
import { GAMES } from '../../adapters/games/catalog.js';
import type { AppContext } from '../../context.js';
import { balanceOf, gameCode, walletCode } from '../../ledger/ledger.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { getProfile } from '../account/service.js';
import { inviteSummary } from '../invite/service.js';
import { openDepositRequests } from '../deposit/service.js';
import { pendingOf } from './repository.js';
import { accountsOf, callProvider, gameBalancesOf, recently } from '../games/service.js';

/** How long the wallet view waits for a provider's launch link. */
const LINK_TIMEOUT_MS = 2_000;

/** §3 Game account for every provider: the member's balance and links where an account exists. */
/** Links start with the configured PUBLIC_URL, never with the request's Host header (which the caller chooses). */
export async function slotsOf(ctx: AppContext, memberId: number, currency: Currency): Promise<Slot[]> {
  const accounts = await accountsOf(ctx.database.db, memberId);
  const gameBalances = await gameBalancesOf(ctx.database.db, memberId);
  return Promise.all(
    GAMES.map(async (game): Promise<Slot> => {
      const account = accounts.find((a) => a.provider === game.code);
      // providers with auto login get their link from /api/autoLogin; the others open their launch
      // page, and a slow provider must not hold up the whole wallet: its link is missing this time
      const linkWait = Math.min(LINK_TIMEOUT_MS, ctx.config.providerTimeoutMs);
      const web =
        account && !game.autoLogin
          ? ((await recently(ctx, `link:${memberId}:${game.code}`, () =>
              callProvider(ctx, () => ctx.games.launchUrl(game.code, account.username, ctx.config.publicUrl), linkWait),
            )) ?? null)
          : null;
      return {
        code: game.code,
        name: game.name,
        category: game.category,
        isActive: !!account,
        amount: toMajor(gameBalances.get(gameCode(memberId, game.code)) ?? 0, currency),
        ftWalletSlot: game.ftWalletSlot,
        logo: `/play/logo/${game.code}.svg`,
        background: `/play/background/${game.code}.svg`,
        web,
        android: account && game.apps && web ? `${web}&platform=android` : null,
        ios: account && game.apps && web ? `${web}&platform=ios` : null,
      };
    }),
  );
}

/** Money on its way, in the member's currency: transfers in transit, withdrawals and deposit requests waiting. */
async function pendingMoneyOf(ctx: AppContext, memberId: number, currency: Currency): Promise<PendingMoney[]> {
  const { db } = ctx.database;
  const { transfers, withdrawals } = await pendingOf(db, memberId);
  const requests = await openDepositRequests(db, memberId);
  const at = (ms: number) => new Date(Number(ms)).toISOString();
  return [
    ...transfers.map((t) => ({
      kind: 'transfer' as const,
      amount: toMajor(Number(t.amount), currency),
      from: t.direction === 'in' ? 'WALLET' : t.provider,
      to: t.direction === 'in' ? t.provider : 'WALLET',
      createdAt: at(t.created_at),
    })),
    ...withdrawals.map((w) => ({
      kind: 'withdrawal' as const,
      amount: toMajor(Number(w.amount), currency),
      from: 'WALLET',
      to: 'BANK',
      createdAt: at(w.created_at),
    })),
    ...requests.map((r) => ({
      kind: 'deposit_request' as const,
      amount: toMajor(Number(r.amount), currency),
      from: 'BANK',
      to: 'WALLET',
      createdAt: at(r.created_at),
    })),
  ];
}

export async function walletOf(ctx: AppContext, memberId: number): Promise<WalletView> {
  const { profile, bankAccount } = await getProfile(ctx, memberId);
  const currency = profile.currency as Currency;
  const wallet = await balanceOf(ctx.database.db, walletCode(memberId));
  return {
    profile,
    bankAccount,
    wallet: { amount: toMajor(wallet, currency) },
    invite: await inviteSummary(ctx, { memberId, currency }),
    slots: await slotsOf(ctx, memberId, currency),
    pending: await pendingMoneyOf(ctx, memberId, currency),
  };
}
