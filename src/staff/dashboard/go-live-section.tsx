import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { GoLiveItem, GoLiveTestSmsAnswer } from '../../../contract/staff';
import { TextField } from '../../ui/field';
import { staffApi } from '../api';
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
      <TestSms />
    </section>
  );
}

/**
 * A test text through the site's SMS provider to an admin's own phone (POST /api/staff/go-live/test-sms):
 * the code it carries is shown here, so the admin sees the provider deliver it, or why it did not.
 */
function TestSms() {
  const { t, i18n } = useLingui();
  const [phone, setPhone] = useState('');
  const send = useMutation({
    mutationFn: (to: string) => staffApi<GoLiveTestSmsAnswer>('/api/staff/go-live/test-sms', { method: 'POST', body: { phone: to } }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (phone.trim()) send.mutate(phone.trim());
  };
  const answer = send.data;
  const code = answer?.code;
  const detail = answer?.detail;
  return (
    <form className="staff-filters" onSubmit={submit} aria-label={t`Send a test SMS`}>
      <TextField
        label={t`Phone for a test SMS`}
        value={phone}
        onChange={setPhone}
        maxLength={20}
        inputMode="tel"
        hint={t`Your own phone: a text with a test code is sent through the site's SMS provider.`}
      />
      <button type="submit" disabled={send.isPending || !phone.trim()}>
        <Trans>Send a test SMS</Trans>
      </button>
      <p role="status">
        {send.isPending && <Trans>Sending…</Trans>}
        {answer?.sent && <Trans>Sent: the text should arrive with the code {code}.</Trans>}
        {answer && !answer.sent && <Trans>Not sent: {detail}</Trans>}
        {send.error && staffErrorMessage(i18n, send.error)}
      </p>
    </form>
  );
}
