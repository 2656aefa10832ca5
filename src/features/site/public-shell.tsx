import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { infoQuery } from '../../lib/lookups';
import { ChatIcon, LoginIcon, PenIcon, PlayIcon } from '../../ui/icons';
import { TestSiteNote } from '../../ui/test-site-note';

/** §2 Public shell: the page, the bottom menu (Home, Register, How to use, Contact) and the credit line. */
export function PublicShell() {
  const { t } = useLingui();
  const info = useQuery(infoQuery());
  const path = useLocation({ select: (l) => l.pathname.replace(/(.)\/$/, '$1') });
  const pages: Record<string, string> = {
    '/login': t`Sign in`,
    '/register': t`Register`,
    '/forgot-password': t`Forgot password`,
    '/howto': t`How to use`,
    '/contact': t`Contact us`,
  };
  const title = [pages[path], info.data?.name ?? 'Wallet'].filter(Boolean).join(' · ');
  // the name of the tab, of the task switcher's card and what a screen reader says first: the page's, then the
  // site's (every page was 'Wallet'); it follows the language
  useEffect(() => void (document.title = title), [title]);
  return (
    <div className="shell public">
      <TestSiteNote />
      <Outlet />
      <footer className="credit">
        {info.data && (
          <span>
            © {new Date().getFullYear()} {info.data.website}
          </span>
        )}
      </footer>
      <nav className="bottom-menu" aria-label={t`Main menu`}>
        <Link to="/login" activeProps={{ 'aria-current': 'page' }}>
          <LoginIcon />
          <span>{t`Home`}</span>
        </Link>
        <Link to="/register" activeProps={{ 'aria-current': 'page' }}>
          <PenIcon />
          <span>{t`Register`}</span>
        </Link>
        <Link to="/howto" activeProps={{ 'aria-current': 'page' }}>
          <PlayIcon />
          <span>{t`How to use`}</span>
        </Link>
        <Link to="/contact" activeProps={{ 'aria-current': 'page' }}>
          <ChatIcon />
          <span>{t`Contact`}</span>
        </Link>
      </nav>
    </div>
  );
}
