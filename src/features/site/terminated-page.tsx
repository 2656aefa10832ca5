import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { contactQuery } from '../../lib/lookups';
import { LineChannel } from '../../ui/line-channel';

/** How to reach support (the contact lookup, which a closed site still answers; else the saved copy). */
function Channels() {
  const { t } = useLingui();
  const { data } = useQuery(contactQuery());
  if (!data || (!data.lineLink && !data.lineName)) return null;
  return (
    <section className="card contact" aria-label={t`Contact support`}>
      <LineChannel contact={data} />
    </section>
  );
}

/** Shown when the site or the account is gone (§2); offline it still shows, from the saved answer. */
export function TerminatedPage({ onCheckAgain }: { onCheckAgain: () => Promise<boolean> }) {
  const { t } = useLingui();
  const [checking, setChecking] = useState(false);
  const [stillGone, setStillGone] = useState(false);
  useEffect(() => {
    document.body.classList.add('terminated');
    return () => document.body.classList.remove('terminated');
  }, []);
  // the tab's name, and what a screen reader says first: the last page's ('Home · …') stayed, outside the shells
  const title = t`This site is closed`;
  useEffect(() => void (document.title = title), [title]);

  async function check() {
    setChecking(true);
    const active = await onCheckAgain();
    setChecking(false);
    setStillGone(!active);
  }

  return (
    <main className="page narrow center terminated-page">
      <h1>
        <Trans>This site is closed</Trans>
      </h1>
      <p>
        <Trans>The service is no longer available. If you have a balance, please contact support through your usual channel.</Trans>
      </p>
      <Channels />
      <button type="button" className="button" onClick={() => void check()} disabled={checking}>
        {checking ? t`Checking…` : t`Check again`}
      </button>
      {stillGone && (
        <p role="status" className="muted">
          {t`The site is still closed.`}
        </p>
      )}
    </main>
  );
}
