import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ActiveResponse,
  AgreementsResponse,
  BanksResponse,
  ConditionsResponse,
  ContactResponse,
  InfoResponse,
  RegisterOtpResponse,
  SourcesResponse,
  WithdrawLimitsResponse,
} from '../../contract/lookup';
import type { MoneyLookup } from '../../sw/money-lookups';
import { api, isApiError } from './api';
import { currentLocale, type Locale } from './i18n';

/**
 * §7 lookups: shared by many screens, cached (and kept offline by the service worker). Those with
 * operator texts or names are asked, and kept, once per language (Thai where the operator gave none).
 */
export const lookup = <T>(name: string, staleTime = 5 * 60_000, lang?: Locale) =>
  queryOptions({
    queryKey: ['lookup', name, ...(lang ? [lang] : [])],
    queryFn: () => api<T>(`/api/lookup/${name}${lang ? `?lang=${lang}` : ''}`),
    staleTime,
  });
const localizedLookup = <T>(name: string) => lookup<T>(name, undefined, currentLocale());

/**
 * The lookups that tell a member where to send money, and on what terms (deposit accounts, QR
 * providers, manual deposits, the slip rules): never older than the server's last answer. Asked again
 * each time a screen that shows them opens (the saved copy shown meanwhile, and offline with its
 * time); the service worker does not answer them from its cache (the list: sw/money-lookups.ts).
 */
export const moneyLookup = <T>(name: MoneyLookup, params: { lang?: Locale; currency?: 'BAHT' | 'LAK' } = {}) => {
  const given = Object.entries(params).filter(([, value]) => value !== undefined) as [string, string][];
  const query = new URLSearchParams(given).toString();
  return queryOptions({
    queryKey: ['lookup', name, ...given.map(([, value]) => value)],
    queryFn: () => api<T>(`/api/lookup/${name}${query ? `?${query}` : ''}`),
    staleTime: 0,
  });
};

export const infoQuery = () => lookup<InfoResponse>('info');
export const contactQuery = () => localizedLookup<ContactResponse>('contact');
export const banksQuery = () => localizedLookup<BanksResponse>('banks');
export const sourcesQuery = () => localizedLookup<SourcesResponse>('sources');
export const conditionsQuery = () => localizedLookup<ConditionsResponse>('conditions');
export const registerOtpQuery = () => lookup<RegisterOtpResponse>('registerOTP', 0);
export const agreementsQuery = () => localizedLookup<AgreementsResponse>('agreements');
/** In the member's currency: the limits are set in the site's, converted by the server for the other. */
export const withdrawLimitsQuery = (currency: 'BAHT' | 'LAK') => lookup<WithdrawLimitsResponse>(`withdraw?currency=${currency}`);

/**
 * The site-active check of the §2 guard. It never triggers the global reactions: the guard decides.
 * Offline, the service worker answers with the last answer it saw.
 */
export const siteActiveQuery = () =>
  queryOptions({
    queryKey: ['lookup', 'active'] as const,
    queryFn: () => api<ActiveResponse>('/api/lookup/active', { react: false }),
    staleTime: 0,
    retry: false,
    meta: { persist: false },
  });

/**
 * True when the server (or, offline, the service worker's last answer) says the site is gone; an answer
 * asked at most `maxAgeMs` ago (the page's own, asked as it started: src/main.tsx) is not asked again.
 */
export async function isSiteGone(queryClient: QueryClient, maxAgeMs = 0): Promise<boolean> {
  try {
    await queryClient.fetchQuery({ ...siteActiveQuery(), staleTime: maxAgeMs });
    return false;
  } catch (err) {
    return isApiError(err, 'gone');
  }
}

/** The pages whose guard asks whether the site is open before they show (the sign-in page, §2). */
export const asksSiteFirst = (pathname: string) => /^\/login\/?$/.test(pathname);

/** A bank's name in the member's language from the banks lookup, else `fallback` (`readersName`, a code). */
export function bankName(banks: BanksResponse | undefined, code: string, fallback: string): string {
  return banks?.banks.find((b) => b.code === code)?.name ?? fallback;
}

/**
 * The name a screen has of a bank before the banks lookup is on the device (a first sign-in offline): its
 * name in the asked language where it has one, else the Thai one to a Thai reader and the English one to
 * the others (a Lao reader was shown the Thai script), as §8's account carries only those two.
 */
export const readersName = (bank: { nameTH: string; nameEN: string; name?: string }, locale: string) =>
  bank.name || (locale === 'th' ? bank.nameTH : bank.nameEN);
