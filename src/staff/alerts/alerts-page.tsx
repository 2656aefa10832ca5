import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AlertChannelName, AlertChannelView, AlertRules, AlertSettings } from '../../../contract/staff-alerts';
import { isApiError } from '../../lib/http';
import { FormError, SelectField, TextField } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { ReasonField, reasonValid } from '../queues/reason-field';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed, QueryState } from '../shell/route-states';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { alertsQueryOptions, useSaveChannel, useSaveRules, useSendTest } from './queries';
import { staffDateFormat } from '../date-format';

/** Admins only: the nav hides it from other roles, and whoever opens its address is told so. */
export function AlertsPage() {
  return (
    <RoleGate path="/alerts">
      <Alerts />
    </RoleGate>
  );
}

type RuleKey = keyof AlertRules;
type Threshold = 'minutes' | 'count' | 'faults' | 'BAHT' | 'LAK';

/** Each rule as the screen names it, and its thresholds. */
const RULES: { key: RuleKey; label: MessageDescriptor; fields: { name: Threshold; label: MessageDescriptor }[] }[] = [
  {
    key: 'withdrawalWaiting',
    label: msg`A withdrawal waits too long`,
    fields: [{ name: 'minutes', label: msg`Minutes a withdrawal may wait` }],
  },
  { key: 'slipQueue', label: msg`Too many slips wait for review`, fields: [{ name: 'count', label: msg`Slips that may wait` }] },
  {
    key: 'depositRequests',
    label: msg`Too many deposit requests wait`,
    fields: [{ name: 'count', label: msg`Deposit requests that may wait` }],
  },
  {
    key: 'chatWaiting',
    label: msg`A chat waits too long for an answer`,
    fields: [{ name: 'minutes', label: msg`Minutes a chat may wait` }],
  },
  {
    key: 'providerDown',
    label: msg`A game provider, the payment gateway or the slip check does not answer`,
    fields: [{ name: 'faults', label: msg`Failed calls in the last sweep pass` }],
  },
  { key: 'sweepFailing', label: msg`The background sweep fails`, fields: [] },
  { key: 'ledgerProblems', label: msg`The ledger check finds a problem`, fields: [] },
  {
    key: 'largeWithdrawal',
    label: msg`A large withdrawal waits`,
    fields: [
      { name: 'BAHT', label: msg`From this many baht` },
      { name: 'LAK', label: msg`From this many kip` },
    ],
  },
  {
    key: 'largeDeposit',
    label: msg`A large deposit is credited`,
    fields: [
      { name: 'BAHT', label: msg`From this many baht` },
      { name: 'LAK', label: msg`From this many kip` },
    ],
  },
];

const CHANNEL_WORDS: Record<
  AlertChannelName,
  { name: string; token: MessageDescriptor; target: MessageDescriptor; targetHint: MessageDescriptor }
> = {
  line: {
    name: 'LINE',
    token: msg`Channel access token`,
    target: msg`Group ID`,
    targetHint: msg`The ID of the LINE group the bot was added to (it starts with C).`,
  },
  telegram: {
    name: 'Telegram',
    token: msg`Bot token`,
    target: msg`Chat ID`,
    targetHint: msg`The ID of the Telegram group or chat the bot was added to (a group's starts with -).`,
  },
};

/** What a channel's refusal of a test message means, in the console's words. */
const TEST_REFUSALS: Record<string, MessageDescriptor> = {
  unauthorized: msg`The token was refused: copy it again from the provider's console.`,
  forbidden: msg`The bot may not write there: add it to the group or chat again.`,
  bad_request: msg`The group or chat was not found, or the message was refused: check its ID.`,
  not_found: msg`The group or chat was not found: check its ID.`,
  rate_limited: msg`Too many messages for now: try again in a minute.`,
  timeout: msg`No answer in time: try again later.`,
  unreachable: msg`The provider could not be reached from the server.`,
  server_error: msg`The provider had a problem: try again later.`,
  not_configured: msg`Save the channel first.`,
  token_unreadable: msg`The stored token cannot be read with this server's key: enter it again.`,
};

function Alerts() {
  const heading = useFocusHeading();
  const { i18n } = useLingui();
  const alerts = useQuery(alertsQueryOptions());
  if (isApiError(alerts.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  const when = staffDateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const ruleLabel = (rule: string) => {
    const found = RULES.find((r) => r.key === rule);
    return found ? i18n._(found.label) : rule;
  };
  return (
    <section aria-labelledby="staff-alerts-title">
      <h1 id="staff-alerts-title" ref={heading} tabIndex={-1}>
        <Trans>Alerts</Trans>
      </h1>
      <p>
        <Trans>
          Staff are told in LINE or Telegram when work waits too long or something fails, once, with a link to the screen, and again when it
          is resolved.
        </Trans>
      </p>
      <QueryState query={alerts} />
      {alerts.data && (
        <>
          <section aria-labelledby="staff-alerts-open-title">
            <h2 id="staff-alerts-open-title">
              <Trans>Alerts now</Trans>
            </h2>
            {alerts.data.open.length ? (
              <ul>
                {alerts.data.open.map((a) => (
                  <li key={a.key}>
                    {ruleLabel(a.rule)} (<Trans>since</Trans> <time dateTime={a.firedAt}>{when.format(new Date(a.firedAt))}</time>)
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                <Trans>Nothing is alerted now.</Trans>
              </p>
            )}
          </section>
          <div className="staff-alert-channels">
            {alerts.data.channels.map((c) => (
              <ChannelForm key={c.channel} channel={c} />
            ))}
          </div>
          <RulesForm settings={alerts.data} />
        </>
      )}
    </section>
  );
}

/** Why an admin changes a channel or the rules: kept in the audit trail with the change. */
function ChangeReason({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <ReasonField
      label={t`Reason`}
      value={value}
      onChange={onChange}
      required
      hint={<Trans>Required: 3 to 500 characters, kept in the audit trail with the change.</Trans>}
    />
  );
}

function ChannelForm({ channel }: { channel: AlertChannelView }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const words = CHANNEL_WORDS[channel.channel];
  const titleId = useId();
  const [enabled, setEnabled] = useState(channel.enabled);
  const [token, setToken] = useState('');
  const [target, setTarget] = useState(channel.target);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const save = useSaveChannel(channel.channel);
  const test = useSendTest(channel.channel);
  const when = staffDateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const targetLabel = i18n._(words.target);
  const tokenLabel = i18n._(words.token);
  const channelName = words.name;
  const { lastSentAt, lastError, lastErrorAt } = channel;
  const sentAt = lastSentAt ? when.format(new Date(lastSentAt)) : '';
  const errorAt = lastErrorAt ? when.format(new Date(lastErrorAt)) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!target.trim()) return setProblem(t`Enter the ${targetLabel}.`);
    if (!channel.tokenSet && !token.trim()) return setProblem(t`Enter the ${tokenLabel}.`);
    if (!reasonValid(reason)) return setProblem(staffErrorMessage(i18n, new Error('REASON_REQUIRED')));
    setProblem('');
    save.mutate(
      { enabled, target: target.trim(), reason: reason.trim(), ...(token.trim() ? { token: token.trim() } : {}) },
      // the token is not kept on the screen once the server holds it
      {
        onSuccess: () => {
          setToken('');
          setReason('');
        },
      },
    );
  };
  const testRefusal =
    test.data && !test.data.sent ? (TEST_REFUSALS[test.data.code ?? ''] ?? msg`The test message was not sent.`) : undefined;
  return (
    <section className="staff-alert-channel" aria-labelledby={titleId}>
      <h2 id={titleId}>{words.name}</h2>
      <form onSubmit={submit} noValidate>
        <div className="field checkbox">
          <input id={`${titleId}-on`} type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          <label htmlFor={`${titleId}-on`}>{t`Send alerts to ${channelName}`}</label>
        </div>
        <TextField
          label={tokenLabel}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={setToken}
          hint={channel.tokenSet ? <Trans>A token is set. Leave this empty to keep it.</Trans> : <Trans>No token is set yet.</Trans>}
        />
        <TextField label={targetLabel} value={target} onChange={setTarget} spellCheck={false} hint={i18n._(words.targetHint)} />
        <ChangeReason value={reason} onChange={setReason} />
        <FormError message={problem || (save.error ? staffErrorMessage(i18n, save.error) : '')} />
        {save.isSuccess && !save.isPending && (
          <p role="status">
            <Trans>Saved.</Trans>
          </p>
        )}
        <p>
          {lastSentAt ? (
            <Trans>
              Last sent: <time dateTime={lastSentAt}>{sentAt}</time>
            </Trans>
          ) : (
            <Trans>Nothing sent yet.</Trans>
          )}
          {lastError && lastErrorAt && (
            <>
              {' '}
              <Trans>
                Last error (<time dateTime={lastErrorAt}>{errorAt}</time>): {lastError}
              </Trans>
            </>
          )}
        </p>
        <div className="staff-dialog-actions">
          <button
            type="button"
            className="staff-secondary"
            disabled={!online || !channel.tokenSet || test.isPending}
            onClick={() => test.mutate()}
          >
            <Trans>Send a test message</Trans>
          </button>
          <button type="submit" disabled={!online || save.isPending}>
            <Trans>Save</Trans>
          </button>
        </div>
        {test.data?.sent && (
          <p role="status">
            <Trans>Test message sent: look in the group or chat.</Trans>
          </p>
        )}
        {testRefusal && <p role="alert">{i18n._(testRefusal)}</p>}
        {test.error && <p role="alert">{staffErrorMessage(i18n, test.error)}</p>}
      </form>
    </section>
  );
}

function RulesForm({ settings }: { settings: AlertSettings }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [rules, setRules] = useState<AlertRules>(settings.rules);
  const [lang, setLang] = useState(settings.lang);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const save = useSaveRules();
  const change = (key: RuleKey, patch: Record<string, boolean | number>) =>
    setRules((old) => ({ ...old, [key]: { ...old[key], ...patch } }) as AlertRules);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = RULES.some(({ key, fields }) =>
      fields.some(({ name }) => {
        const value = (rules[key] as unknown as Record<string, number>)[name];
        return !Number.isInteger(value) || value! < (name === 'count' ? 0 : 1);
      }),
    );
    if (bad) return setProblem(t`Each threshold is a whole number (minutes and amounts at least 1).`);
    if (!reasonValid(reason)) return setProblem(staffErrorMessage(i18n, new Error('REASON_REQUIRED')));
    setProblem('');
    save.mutate({ rules, lang, reason: reason.trim() }, { onSuccess: () => setReason('') });
  };
  return (
    <section aria-labelledby="staff-alert-rules-title">
      <h2 id="staff-alert-rules-title">
        <Trans>Rules</Trans>
      </h2>
      <form onSubmit={submit} noValidate>
        <div className="staff-alert-rules">
          {RULES.map(({ key, label, fields }) => {
            const rule = rules[key] as unknown as { enabled: boolean } & Record<string, number>;
            const ruleName = i18n._(label);
            return (
              <fieldset key={key} className="staff-alert-rule">
                <legend>{ruleName}</legend>
                <div className="field checkbox">
                  <input
                    id={`alert-rule-${key}`}
                    type="checkbox"
                    checked={rule.enabled}
                    onChange={(e) => change(key, { enabled: e.target.checked })}
                  />
                  <label htmlFor={`alert-rule-${key}`}>{t`Send this alert`}</label>
                </div>
                {fields.map((f) => (
                  <TextField
                    key={f.name}
                    label={i18n._(f.label)}
                    type="number"
                    inputMode="numeric"
                    min={f.name === 'count' ? 0 : 1}
                    step={1}
                    value={Number.isNaN(rule[f.name]) ? '' : String(rule[f.name])}
                    onChange={(v) => change(key, { [f.name]: v === '' ? Number.NaN : Number(v) })}
                    disabled={!rule.enabled}
                  />
                ))}
              </fieldset>
            );
          })}
        </div>
        <SelectField label={t`Language of the alerts`} value={lang} onChange={(v) => setLang(v as AlertSettings['lang'])}>
          <option value="th">ไทย</option>
          <option value="la">ລາວ</option>
          <option value="en">English</option>
        </SelectField>
        <ChangeReason value={reason} onChange={setReason} />
        <FormError message={problem || (save.error ? staffErrorMessage(i18n, save.error) : '')} />
        {save.isSuccess && !save.isPending && (
          <p role="status">
            <Trans>Saved: the next alert pass uses these rules.</Trans>
          </p>
        )}
        <div className="staff-dialog-actions">
          <button type="submit" disabled={!online || save.isPending}>
            <Trans>Save the rules</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
