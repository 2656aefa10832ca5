import type { QueryKey } from '@tanstack/react-query';
import type { Locale } from '../i18n';
import { walletKeys } from './wallet-query';

/**
 * The statement's and the slip list's query keys. They live here, not in their features, because other
 * features change what they show (a deposit, a bonus, a refund) and must ask them again; a feature
 * imports no other feature.
 */
export const statementKeys = {
  all: ['statement'] as const,
  page: (lang: Locale, page: number) => ['statement', lang, page] as const,
};

export const slipKeys = {
  all: ['slips'] as const,
  page: (page: number) => ['slips', page] as const,
};

/** What every money movement changes: the balance and the statement (asked again after any money call). */
export const moneyMovedKeys: readonly QueryKey[] = [walletKeys.wallet, statementKeys.all];
