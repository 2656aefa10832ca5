import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { GoLiveItem, GoLiveSlipCheck, GoLiveTestQr, GoLiveTestSmsAnswer } from '../../../contract/staff';
import { formatMoney } from '../../lib/format';
import { TextField } from '../../ui/field';
import { staffApi } from '../api';
import { staffUpload } from '../staff-upload';
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
      <TestSlip />
      <TestQr />
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

/**
 * A sample slip (a small transfer to the site's account, from a staff member's own phone) asked of the
 * slip verifier as a member's would be (POST /api/staff/go-live/test-slip): what it knows of the transfer,
 * or why it said nothing. Nothing is credited.
 */
function TestSlip() {
  const { t, i18n } = useLingui();
  const [file, setFile] = useState<File | undefined>();
  const check = useMutation({
    mutationFn: (image: File) => staffUpload<GoLiveSlipCheck>('/api/staff/go-live/test-slip', image, () => undefined),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) check.mutate(file);
  };
  const said = check.data;
  return (
    <form className="staff-filters" onSubmit={submit} aria-label={t`Check a sample slip`}>
      <div className="field">
        <label htmlFor="go-live-slip">
          <Trans>Sample slip</Trans>
        </label>
        <input
          id="go-live-slip"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby="go-live-slip-hint"
          onChange={(e) => setFile(e.target.files?.[0])}
        />
        <p id="go-live-slip-hint" className="hint">
          <Trans>A slip of a small transfer to your deposit account: it is asked of the slip verifier, and nothing is credited.</Trans>
        </p>
      </div>
      <button type="submit" disabled={check.isPending || !file}>
        <Trans>Check the slip</Trans>
      </button>
      <p role="status">
        {check.isPending && <Trans>Checking…</Trans>}
        {said && <SlipCheckText said={said} />}
        {check.error && staffErrorMessage(i18n, check.error)}
      </p>
    </form>
  );
}

function SlipCheckText({ said }: { said: GoLiveSlipCheck }) {
  const { i18n } = useLingui();
  switch (said.result) {
    case 'FOUND': {
      const amount = `${formatMoney(said.amount, i18n.locale, said.currency === 'LAK' ? 'LAK' : 'BAHT')} ${said.currency}`;
      const { sender, receiver, reference } = said;
      return (
        <>
          <Trans>
            The verifier knows this transfer ({reference}): {amount} from {sender} to {receiver}.
          </Trans>{' '}
          {said.account === 'OURS' && <Trans>It went to one of your deposit accounts.</Trans>}
          {said.account === 'NOT_OURS' && <Trans>It did not go to any of your deposit accounts.</Trans>}
          {said.account === 'AMBIGUOUS' && (
            <Trans>
              The digits the slip shows are those of more than one of your deposit accounts (or of one retired long ago): a member's slip
              like this waits for a person to check the statement.
            </Trans>
          )}
        </>
      );
    }
    case 'NOT_FOUND':
      return <Trans>The verifier does not know this transfer: not a real slip, or not yet known to the bank.</Trans>;
    case 'UNREADABLE':
      return <Trans>No slip could be read from this image.</Trans>;
    case 'CAPTCHA':
      return <Trans>The bank asked for a captcha: try again in a minute.</Trans>;
    case 'BUSY':
      return <Trans>The slip reader is busy: try again in a minute.</Trans>;
    case 'NO_ANSWER':
      return <Trans>The slip verifier gave no answer: the server log and wallet_provider_faults_total say why.</Trans>;
  }
}

/**
 * A real QR code of the payment gateway for the least it takes (POST /api/staff/go-live/test-qr), to pay
 * from a staff member's own banking app: its payment arrives as every payment does and waits in Unmatched
 * payments as a test, for finance to refund.
 */
function TestQr() {
  const { t, i18n } = useLingui();
  const make = useMutation({ mutationFn: () => staffApi<GoLiveTestQr>('/api/staff/go-live/test-qr', { method: 'POST', body: {} }) });
  const made = make.data;
  const amount = made?.made ? formatMoney(made.amount, i18n.locale) : '';
  const ref = made?.made ? made.ref : '';
  const detail = made && !made.made ? made.detail : '';
  return (
    <div className="staff-filters" role="group" aria-label={t`Make a test QR code`}>
      <button type="button" disabled={make.isPending} onClick={() => make.mutate()}>
        <Trans>Make a test QR code</Trans>
      </button>
      <div role="status">
        {make.isPending && <Trans>Asking the payment gateway…</Trans>}
        {made?.made && (
          <>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.qrcode)}`}
              alt={t`Test QR code to pay ${amount} baht`}
              width={200}
              height={200}
            />
            <p>
              <Trans>
                Pay {amount} baht from a staff member's own banking app: the payment arrives in Unmatched payments as a test ({ref}), for
                finance to refund.
              </Trans>
            </p>
          </>
        )}
        {made && !made.made && <Trans>The payment gateway made no code: {detail}</Trans>}
        {make.error && staffErrorMessage(i18n, make.error)}
      </div>
    </div>
  );
}
