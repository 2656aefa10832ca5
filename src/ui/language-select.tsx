import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { getToken } from '../lib/auth-token';
import { activateLocale, INTL_LOCALE, isLocale, LOCALE_NAMES, LOCALES } from '../lib/i18n';
import { useHydrated } from './use-hydrated';

/** The th / la / en dropdown; the choice is kept (IndexedDB) and applied at once. */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useLingui();
  const id = useId();
  // on a pre-rendered page, a choice made before the script runs would be lost: wait for it
  const hydrated = useHydrated();
  return (
    <div className={compact ? 'language-select compact' : 'language-select'}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {t`Language`}
      </label>
      <select
        id={id}
        value={i18n.locale}
        disabled={!hydrated}
        onChange={(e) => {
          if (!isLocale(e.target.value)) return;
          void activateLocale(e.target.value).then(() => {
            // a device told of the member's money hears it in the new language (nothing when signed out or not subscribed)
            if (getToken()) void import('../lib/member/push').then((m) => m.refreshPushSubscription()).catch(() => undefined);
          });
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={INTL_LOCALE[l]}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
