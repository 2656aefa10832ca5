import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { i18n } from '../i18n';

/**
 * The console's code did not arrive (the connection dropped, or a new release replaced the files this page
 * was built with): said so, with the way out, instead of a sign-in that leads nowhere or a blank page.
 */
export function ConsoleUnreachable() {
  return (
    <I18nProvider i18n={i18n}>
      <div className="staff-sign-in">
        <main className="staff-panel" role="alert">
          <h1>
            <Trans>The console could not load</Trans>
          </h1>
          <p>
            <Trans>Check the connection, then reload the page. After a new version of the console, reloading loads it.</Trans>
          </p>
          <button type="button" onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </button>
        </main>
      </div>
    </I18nProvider>
  );
}
