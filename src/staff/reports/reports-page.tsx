import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORT_MAX_DAYS } from '../../../contract/staff-reports';
import { isApiError } from '../../lib/http';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed, QueryState } from '../shell/route-states';
import { useFocusHeading } from '../use-focus-heading';
import { reportQueryOptions } from './queries';
import { GrowthTable, StaffActivityTable } from './people-tables';
import { AccountTables } from './account-tables';
import { CurrencyTables } from './report-tables';
import { addDays, csvHref, DEFAULT_TIME_ZONE, presetPeriod, PRESETS, type Period, type Preset } from './report-period';

/** Finance and admin: what moved in a period of local days, by currency, and the same as a CSV file. */
export function ReportsPage() {
  return (
    <RoleGate path="/reports">
      <Reports />
    </RoleGate>
  );
}

/** A custom period the server takes: real dates, `to` not before `from`, at most REPORT_MAX_DAYS days. */
const valid = ({ from, to }: Period) =>
  /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to && addDays(from, REPORT_MAX_DAYS - 1) >= to;

function Reports() {
  const { t } = useLingui();
  const heading = useFocusHeading();
  const [timeZone, setTimeZone] = useState(DEFAULT_TIME_ZONE);
  const [preset, setPreset] = useState<Preset>('today');
  // the moment the period was chosen: "today" is the day it was picked, read again at each choice
  const [now, setNow] = useState(() => Date.now());
  const [custom, setCustom] = useState<Period>(() => presetPeriod('today', now, DEFAULT_TIME_ZONE));
  const period = preset === 'custom' ? custom : presetPeriod(preset, now, timeZone);
  const { from, to } = period;
  const ok = valid(period);
  const report = useQuery({ ...reportQueryOptions(period), enabled: ok });
  if (report.data && report.data.timeZone !== timeZone) setTimeZone(report.data.timeZone);
  if (isApiError(report.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  const names: Record<Preset, string> = {
    today: t`Today`,
    yesterday: t`Yesterday`,
    'this-week': t`This week`,
    'last-7-days': t`Last 7 days`,
    'this-month': t`This month`,
    custom: t`Choose dates`,
  };
  return (
    <section aria-labelledby="staff-reports-title">
      <h1 id="staff-reports-title" ref={heading} tabIndex={-1}>
        <Trans>Reports</Trans>
      </h1>
      <form className="staff-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          <Trans>Period</Trans>
          <select
            value={preset}
            onChange={(e) => {
              setNow(Date.now());
              setPreset(e.target.value as Preset);
            }}
          >
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {names[p]}
              </option>
            ))}
          </select>
        </label>
        {preset === 'custom' && (
          <>
            <label>
              <Trans>From</Trans>
              <input type="date" value={custom.from} onChange={(e) => setCustom({ ...custom, from: e.target.value })} />
            </label>
            <label>
              <Trans>To</Trans>
              <input type="date" value={custom.to} onChange={(e) => setCustom({ ...custom, to: e.target.value })} />
            </label>
          </>
        )}
      </form>
      <p>
        <Trans>
          From {from} to {to}, whole days in {timeZone}.
        </Trans>{' '}
        {ok && (
          <a href={csvHref(period)} download>
            <Trans>Download CSV</Trans>
          </a>
        )}
      </p>
      {!ok && (
        <p role="alert">
          <Trans>Choose a start date, and an end date on or after it, at most {REPORT_MAX_DAYS} days later.</Trans>
        </p>
      )}
      {ok && <QueryState query={report} />}
      {report.data &&
        (report.data.currencies.length ? (
          report.data.currencies.map((c) => <CurrencyTables key={c.currency} report={c} />)
        ) : (
          <p>
            <Trans>No money moved in this period.</Trans>
          </p>
        ))}
      {report.data && (
        <section aria-labelledby="staff-report-members">
          <h2 id="staff-report-members">
            <Trans>New members and first deposits</Trans>
          </h2>
          {report.data.members.length ? (
            report.data.members.map((g) => <GrowthTable key={g.currency} growth={g} />)
          ) : (
            <p>
              <Trans>No member registered or made a first deposit in this period.</Trans>
            </p>
          )}
        </section>
      )}
      {report.data && (
        <section aria-labelledby="staff-report-accounts">
          <h2 id="staff-report-accounts">
            <Trans>Deposits per deposit account</Trans>
          </h2>
          <AccountTables accounts={report.data.accounts} />
        </section>
      )}
      {report.data && (
        <section aria-labelledby="staff-report-staff">
          <h2 id="staff-report-staff">
            <Trans>Staff</Trans>
          </h2>
          <StaffActivityTable staff={report.data.staff} />
        </section>
      )}
    </section>
  );
}
