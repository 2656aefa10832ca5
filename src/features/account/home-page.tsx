import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatAccountNo } from '../../../server/src/modules/account/rules';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { profileQuery } from './queries';

/**
 * The signed-in home until the wallet arrives: who is signed in and where money goes out (the bank
 * account), from the same profile call; offline it shows the saved copy.
 */
export function HomePage() {
  const { t, i18n } = useLingui();
  const { data, error, dataUpdatedAt } = useQuery(profileQuery());
  const updatedAt = formatDateTime(dataUpdatedAt);
  return (
    <main className="page">
      <section className="hero">
        <p className="muted-on-dark">
          <Trans>Welcome</Trans>
        </p>
        <h1>{data?.profile.name ?? '…'}</h1>
        {data && <p className="muted-on-dark">{data.profile.username}</p>}
      </section>
      {error && !data && (
        <p className="notice" role="alert">
          {errorMessage(i18n, error.message)}
        </p>
      )}
      {data && (
        <section className="card">
          <h2>
            <Trans>Your bank account</Trans>
          </h2>
          <p>{data.bankAccount.bank.nameTH}</p>
          <p className="mono">{formatAccountNo(data.bankAccount.bankAccountNo)}</p>
          <p>{data.bankAccount.bankAccountName}</p>
          <p className="muted small">
            <Trans>Withdrawals are paid only to this account.</Trans>
          </p>
        </section>
      )}
      <nav className="card links" aria-label={t`Shortcuts`}>
        <Link to="/user/profile">{t`Profile and password`}</Link>
        <Link to="/user/contact">{t`Contact support`}</Link>
      </nav>
      {dataUpdatedAt > 0 && (
        <p className="muted small center">
          <Trans>Updated {updatedAt}</Trans>
        </p>
      )}
    </main>
  );
}
