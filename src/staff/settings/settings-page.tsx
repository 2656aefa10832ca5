import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { RoleGate } from '../shell/role-gate';
import { NotAllowed, QueryState } from '../shell/route-states';
import { ScrollRegion } from '../shell/scroll-region';
import { useFocusHeading } from '../use-focus-heading';
import { settingsQueryOptions } from './queries';
import { SettingEditor } from './setting-editor';

/** Admins only: the nav hides it from other roles, and whoever opens its address is told so. */
export function SettingsPage() {
  return (
    <RoleGate path="/settings">
      <Settings />
    </RoleGate>
  );
}

const summary = (value: unknown) => {
  const text = JSON.stringify(value) ?? '';
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

function Settings() {
  const { t } = useLingui();
  const heading = useFocusHeading();
  const settings = useQuery(settingsQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  if (isApiError(settings.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  const entry = settings.data?.settings.find((s) => s.key === editing);
  return (
    <section aria-labelledby="staff-settings-title">
      <h1 id="staff-settings-title" ref={heading} tabIndex={-1}>
        <Trans>Settings</Trans>
      </h1>
      <QueryState query={settings} />
      {entry ? (
        <SettingEditor key={entry.key} entry={entry} onDone={() => setEditing(null)} />
      ) : (
        settings.data && (
          <ScrollRegion label={t`Settings`}>
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">{t`Setting`}</th>
                  <th scope="col">{t`What it is for`}</th>
                  <th scope="col">{t`Value`}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t`Actions`}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {settings.data.settings.map(({ key, description, value }) => (
                  <tr key={key}>
                    <th scope="row">
                      <code>{key}</code>
                    </th>
                    <td>{description}</td>
                    <td className="staff-json">{summary(value)}</td>
                    <td>
                      <button type="button" onClick={() => setEditing(key)} aria-label={t`Edit ${key}`}>
                        <Trans>Edit</Trans>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )
      )}
    </section>
  );
}
