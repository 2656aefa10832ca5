import { I18nProvider } from '@lingui/react';
import type { StaffMe } from '../../../contract/staff';
import { i18n } from '../i18n';
import { StaffOfflineBanner } from '../shell/offline-banner';
import { StaffUnavailableBanner } from '../shell/unavailable-banner';
import { SignInPage } from './sign-in-page';

/** Nothing to load again when the database is back: the sign-in's next step asks afresh. */
const nothingToReload = () => Promise.resolve();

/** The sign-in page as the console's start shows it before anyone is signed in: with the banners every console screen has. */
export function SignInShell({ onSignedIn }: { onSignedIn: (staff: StaffMe) => void }) {
  return (
    <I18nProvider i18n={i18n}>
      <StaffUnavailableBanner onBack={nothingToReload} />
      <StaffOfflineBanner />
      <SignInPage onSignedIn={onSignedIn} />
    </I18nProvider>
  );
}
