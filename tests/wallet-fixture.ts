import { walletKeys } from '../src/lib/member/wallet-query';
import { testQueryClient } from './render';
import type { Slot, WalletView } from '../contract/wallet';

/** A member's GET /api/wallet answer for component tests: 500 baht, KBank, no invite share, no game accounts, unless told. */
export function walletFixture({
  profile,
  ...over
}: Partial<Omit<WalletView, 'profile'>> & { profile?: Partial<WalletView['profile']> } = {}): WalletView {
  return {
    profile: {
      _id: 1,
      name: 'Somchai',
      username: '0812345678',
      coin: 0,
      currency: 'BAHT',
      createdAt: '2026-01-01T00:00:00.000Z',
      ...profile,
    },
    bankAccount: {
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
      bankCode: 'KBANK',
      bankAccountName: 'A B',
      bankAccountNo: '1234567890',
    },
    wallet: { amount: 500 },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [],
    pending: [],
    ...over,
  };
}

/** A game account of the wallet answer (PG is named PG Soft, as in the catalog). */
export const slotFixture = (code: string, isActive: boolean, amount = 0): Slot => ({
  code,
  name: code === 'PG' ? 'PG Soft' : code,
  category: 'slot',
  isActive,
  amount,
  ftWalletSlot: 1,
  logo: `/play/logo/${code}.svg`,
  background: `/play/background/${code}.svg`,
  web: null,
  android: null,
  ios: null,
});

/** A query client holding the member's wallet, as the home leaves it (`updatedAt`: when it was asked). */
export function clientWithWallet(wallet: WalletView, updatedAt = Date.now()) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(walletKeys.wallet, wallet, { updatedAt });
  return queryClient;
}
