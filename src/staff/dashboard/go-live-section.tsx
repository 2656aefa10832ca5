import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { GoLiveItem } from '../../../contract/staff';
import { staffErrorMessage } from '../staff-errors';
import { goLiveQueryOptions } from './queries';

/** Each thing a site may still lack before real members come, said so an admin knows what to do. */
const ITEMS: Record<GoLiveItem, MessageDescriptor> = {
  DEPOSIT_ACCOUNT: msg`No deposit account is set: members are told deposits are closed. Add one in Settings (deposit).`,
  CONTACT: msg`No contact is set: members see no way to reach you outside the chat. Set it in Settings (contact).`,
  DEMO_DATA: msg`Demo data is still here (the demo's account, contact, bonuses or member): a production server refuses to start until the operator removes it.`,
  SMS_LOG: msg`One-time codes are written to the server log, not sent by SMS (SMS_PROVIDER=log).`,
  SLIP_SANDBOX: msg`Slips are checked against the sandbox bank, not a real one (SLIP_VERIFIER=sandbox).`,
  GATEWAY_SANDBOX: msg`Payment QR codes come from the sandbox gateway, not a real one (PAYMENT_GATEWAY=sandbox).`,
  GIFTLINK_SANDBOX: msg`Gift-link deposits are offered, but only the sandbox can redeem the links: remove the wallets in Settings (deposit).`,
  GAME_SANDBOX: msg`The games are the sandbox provider's: no real game provider is connected yet.`,
};

/** The admins' "before you go live" list (GET /api/staff/go-live): what the site still lacks, or that nothing does. */
export function GoLiveSection() {
  const { i18n } = useLingui();
  const { data, error } = useQuery(goLiveQueryOptions());
  return (
    <section aria-labelledby="staff-go-live-title" className="staff-go-live">
      <h2 id="staff-go-live-title">
        <Trans>Before you go live</Trans>
      </h2>
      {error && !data && <p>{staffErrorMessage(i18n, error)}</p>}
      {data && data.missing.length === 0 && (
        <p>
          <Trans>Nothing is missing: every outside system is a real one, and the site's own details are set.</Trans>
        </p>
      )}
      {data && data.missing.length > 0 && (
        <ul>
          {data.missing.map((item) => (
            <li key={item}>{i18n._(ITEMS[item])}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
