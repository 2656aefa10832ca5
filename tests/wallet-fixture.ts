import type { WalletResponse } from '../src/features/wallet/queries';

/** A member's GET /api/wallet answer for component tests: 500 baht, KBank, no invite share, no game accounts, unless told. */
export function walletFixture({
  profile,
  ...over
}: Partial<Omit<WalletResponse, 'profile'>> & { profile?: Partial<WalletResponse['profile']> } = {}): WalletResponse {
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
    ...over,
  };
}
