import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { infoQuery } from '../lib/lookups';

/** On a staging site (the server's NODE_ENV=staging), every page says it is a test site, above everything else. */
export function TestSiteNote() {
  const { t } = useLingui();
  const info = useQuery(infoQuery());
  if (!info.data?.testSite) return null;
  return (
    <p className="test-site-note" role="note">
      {t`Test site: nothing here is real money.`}
    </p>
  );
}
