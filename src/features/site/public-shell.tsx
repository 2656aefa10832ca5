import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { infoQuery } from '../../lib/lookups';
import { ChatIcon, LoginIcon, PenIcon, PlayIcon } from '../../ui/icons';
import { TestSiteNote } from '../../ui/test-site-note';

/** §2 Public shell: the page, the bottom menu (Home, Register, How to use, Contact) and the credit line. */
export function PublicShell() {
  const { t } = useLingui();
  const info = useQuery(infoQuery());
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
