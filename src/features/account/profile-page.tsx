import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatAccountNo } from '../../../contract/account-rules';
import { formatDateTime } from '../../lib/dates';
import { bankName, banksQuery, readersName } from '../../lib/lookups';
import { DataStatus } from '../../ui/data-status';
import { LockIcon } from '../../ui/icons';
import { PushSwitch } from '../../ui/member/push-switch';
import { ChangePasswordModal } from './change-password-modal';
import { profileQuery } from './queries';
import './account.css';

/** §2 Profile page: the card, the read-only details, the lock that opens the change-password modal. */
export function ProfilePage() {
  const { t, i18n } = useLingui();
  const query = useQuery(profileQuery());
  const banks = useQuery(banksQuery());
  const { data } = query;
  const [changing, setChanging] = useState(false);

  if (!data) {
    return (
      <main className="page">
        <h1>
          <Trans>Profile</Trans>
        </h1>
        <DataStatus query={query} />
      </main>
    );
  }
  const { profile, bankAccount } = data;
  const memberId = profile._id;
  const memberSince = formatDateTime(profile.createdAt);
  const rows: [string, string][] = [
    [t`Username`, profile.username],
    [t`Bank account name`, bankAccount.bankAccountName],
    [t`Bank`, bankName(banks.data, bankAccount.bankCode, readersName(bankAccount.bank, i18n.locale))],
    [t`Account number`, formatAccountNo(bankAccount.bankAccountNo)],
  ];
  return (
    <main className="page">
      <h1>
        <Trans>Profile</Trans>
      </h1>
      <DataStatus query={query} />
      <section className="card profile-card">
        <div>
          <p className="profile-name">{profile.name}</p>
          <p className="muted">
            <Trans>ID {memberId}</Trans>
          </p>
          <p className="muted">
            <Trans>Member since {memberSince}</Trans>
          </p>
        </div>
        <button type="button" className="icon-button round" onClick={() => setChanging(true)} aria-label={t`Change password`}>
          <LockIcon />
        </button>
      </section>
      <dl className="card details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <PushSwitch />
      {changing && <ChangePasswordModal onClose={() => setChanging(false)} />}
    </main>
  );
}
