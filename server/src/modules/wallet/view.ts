import type { PendingMoney, Slot, WalletView } from '../../../../contract/wallet.js';
import { GAMES } from '../../adapters/games/catalog.js';
import type { AppContext } from '../../context.js';
import { gameCode } from '../../ledger/ledger.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { profileOf } from '../account/service.js';
import { inviteSummary, PLAY_CHECKS_PER_LOOK, refreshInvites } from '../invite/service.js';
import { refreshCoinsFrom } from '../spinwheel/service.js';
import { type AccountRow, walletRead, type WalletRead } from './repository.js';
import { accountsOf, callProvider, gameBalancesOf, recently } from '../games/service.js';

/** How long the wallet view waits for a provider's launch link. */
const LINK_TIMEOUT_MS = 2_000;

/** §3 Game account for every provider: the member's balance and links where an account exists. */
export async function slotsOf(ctx: AppContext, memberId: number, currency: Currency): Promise<Slot[]> {
  const [accounts, gameBalances] = [await accountsOf(ctx.database.db, memberId), await gameBalancesOf(ctx.database.db, memberId)];
  return slotsFrom(ctx, memberId, currency, accounts, gameBalances);
}

/** Links start with the configured PUBLIC_URL, never with the request's Host header (which the caller chooses). */
function slotsFrom(
  ctx: AppContext,
  memberId: number,
  currency: Currency,
  accounts: readonly AccountRow[],
  gameBalances: ReadonlyMap<string, number>,
): Promise<Slot[]> {
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
function pendingMoneyFrom(read: WalletRead, currency: Currency): PendingMoney[] {
  const at = (ms: number) => new Date(Number(ms)).toISOString();
  return [
    ...read.transfers.map((t) => ({
      kind: 'transfer' as const,
      amount: toMajor(Number(t.amount), currency),
      from: t.direction === 'in' ? 'WALLET' : t.provider,
      to: t.direction === 'in' ? t.provider : 'WALLET',
      createdAt: at(t.created_at),
    })),
    ...read.withdrawals.map((w) => ({
      kind: 'withdrawal' as const,
      amount: toMajor(Number(w.amount), currency),
      from: 'WALLET',
      to: 'BANK',
      createdAt: at(w.created_at),
    })),
    ...read.requests.map((r) => ({
      kind: 'deposit_request' as const,
      amount: toMajor(Number(r.amount), currency),
      from: 'BANK',
      to: 'WALLET',
      createdAt: at(r.created_at),
    })),
  ];
}

/**
 * Brings up to date what the wallet shows from what was read: the coins of deposits played through, the
 * inviter's records of new invitee deposits and of invitees who played. Only when something waits (the
 * read says so); answers whether anything changed, and so whether the read must be made again.
 */
async function refreshFrom(ctx: AppContext, memberId: number, read: WalletRead): Promise<boolean> {
  const waiting = read.coinRows.filter((r) => r.status === 'pending');
  const taken = read.coinRows.filter((r) => r.status === 'granted').reduce((sum, r) => sum + Number(r.wager_target), 0);
  const coinsGiven = waiting.length > 0 && (await refreshCoinsFrom(ctx, memberId, { waiting, taken, accounts: read.accounts }));
  const invitesWait = read.invitesUncounted || read.invitesWaiting.length > 0;
  const invitesRead = { uncounted: read.invitesUncounted, waiting: read.invitesWaiting, invitees: read.invitees };
  const invitesChanged = invitesWait && (await refreshInvites(ctx, memberId, invitesRead)).changed;
  return coinsGiven || invitesChanged;
}

/**
 * GET /api/wallet: one read of everything it shows (wallet/repository.ts `walletRead`), a second only when
 * bringing coins or invites up to date changed them. The member's row always exists for a signed-in member.
 */
export async function walletOf(ctx: AppContext, memberId: number): Promise<WalletView> {
  const db = ctx.database.db;
  let read = await walletRead(db, memberId, PLAY_CHECKS_PER_LOOK);
  if (read && (await refreshFrom(ctx, memberId, read))) read = await walletRead(db, memberId, PLAY_CHECKS_PER_LOOK);
  if (!read) throw new Error(`member ${memberId} has no row`);
  const { profile, bankAccount } = profileOf(read.member, Number(read.coins));
  const currency = profile.currency as Currency;
  const gameBalances = new Map(read.gameBalances.map((b) => [b.code, Number(b.balance)]));
  return {
    profile,
    bankAccount,
    wallet: { amount: toMajor(read.wallet, currency) },
    invite: inviteSummary({ total: read.invitesTotal, ready: read.invitesReady }, currency),
    slots: await slotsFrom(ctx, memberId, currency, read.accounts, gameBalances),
    pending: pendingMoneyFrom(read, currency),
  };
}
