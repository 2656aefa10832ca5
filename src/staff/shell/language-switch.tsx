import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { activateStaffLocale, isStaffLocale, STAFF_LOCALE_NAMES, STAFF_LOCALES } from '../i18n';

/** Thai, Lao or English; the choice is kept in this browser. */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <div className="staff-language">
      <label htmlFor={id}>{t`Language`}</label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(e) => {
          if (isStaffLocale(e.target.value)) void activateStaffLocale(e.target.value);
        }}
      >
        {STAFF_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {STAFF_LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
