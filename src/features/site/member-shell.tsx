import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { infoQuery } from '../../lib/lookups';
import { TestSiteNote } from '../../ui/test-site-note';
import { LazyPart } from '../../ui/lazy-part';
import { signOut } from '../../lib/session';
import { LanguageSelect } from '../../ui/language-select';
import { ChatIcon } from '../../ui/icons';
import { BookIcon, HomeIcon, LogoutIcon, ScrollIcon, UserIcon } from './member-icons';
import { useHydrated } from '../../ui/use-hydrated';
import { useOnline } from '../../ui/use-online';
// the error sentences only signed-in screens need, with the member catalog part (not on the sign-in page)
import '../../lib/member/member-errors';
import './member-shell.css';

// the bonus conditions (the operator's HTML and its cleaner) load when the member opens them
const ConditionsModal = lazy(() => import('./conditions-modal').then((m) => ({ default: m.ConditionsModal })));
// what happened while the member was away, and the offer of notifications: after the first paint
const WhileAway = lazy(() => import('../../ui/member/while-away'));
const PushOffer = lazy(() => import('../../ui/member/push-offer'));

/** What the shell runs of other features, given by its route (src/routes/-user-shell.tsx). */
export type ShellParts = {
  /** the chat's: sends queued messages, and counts support's unread replies for the Contact link */
  useSupportReplies: (onContact: boolean, online: boolean) => number;
  /** the deposit feature's: sends the slips chosen earlier (offline, or before a reload) */
  startSlipOutbox: () => void;
  /** the deposit feature's word on what waits on this device (another member's, or this member's refused slips), loaded after paint */
  WaitingOnDevice: ComponentType;
};

/** §2 Signed-in shell: top bar (name, language, logout) and the bottom menu with the raised Home. */
export function MemberShell({ parts }: { parts: ShellParts }) {
  const { useSupportReplies, startSlipOutbox, WaitingOnDevice } = parts;
  const { t, i18n } = useLingui();
  const info = useQuery(infoQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [conditionsOpen, setConditionsOpen] = useState(false);
  // support's unread replies mark the Contact link; on the contact page the chat itself shows them
  const online = useOnline();
  const path = useLocation({ select: (l) => l.pathname.replace(/(.)\/$/, '$1') });
  const onContact = path.startsWith('/user/contact');
  const pages: Record<string, string> = {
    '/user/home': t`Home`,
    '/user/profile': t`Profile`,
    '/user/statement': t`Transaction history`,
    '/user/bonus': t`Bonus`,
    '/user/contact': t`Contact us`,
  };
  const title = [pages[path], info.data?.name ?? 'Wallet'].filter(Boolean).join(' · ');
  // the name of the tab, of the task switcher's card and what a screen reader says first: the page's, then the
  // site's (every page was 'Wallet'); it follows the language
  useEffect(() => void (document.title = title), [title]);
  const replies = useSupportReplies(onContact, online);
  // slips chosen earlier (offline, or before a reload) are sent by themselves once the member is back
  useEffect(() => startSlipOutbox(), [startSlipOutbox]);
  // what waits on this device is looked at once the page is the browser's, never in the pre-rendered HTML
  const painted = useHydrated();

  async function logout() {
    await signOut(queryClient);
    await navigate({ to: '/login' });
  }

  return (
    <div className="shell member">
      <TestSiteNote />
      <header className="top-bar">
        <span className="app-name">{info.data?.name ?? 'Wallet'}</span>
        <LanguageSelect compact />
        <button type="button" className="icon-button" onClick={() => void logout()} aria-label={t`Log out`}>
          <LogoutIcon />
        </button>
      </header>
      {painted && (
        <Suspense fallback={null}>
          <WaitingOnDevice />
          <WhileAway />
          <PushOffer />
        </Suspense>
      )}
      <Outlet />
      <nav className="bottom-menu" aria-label={t`Main menu`}>
        <Link to="/user/profile" activeProps={{ 'aria-current': 'page' }}>
          <UserIcon />
          <span>{t`Profile`}</span>
        </Link>
        <button type="button" onClick={() => setConditionsOpen(true)}>
          <BookIcon />
          <span>{t`Conditions`}</span>
        </button>
        <Link to="/user/home" className="raised" activeProps={{ 'aria-current': 'page' }}>
          <HomeIcon />
          <span>{t`Home`}</span>
        </Link>
        <Link to="/user/statement" activeProps={{ 'aria-current': 'page' }}>
          <ScrollIcon />
          <span>{t`History`}</span>
        </Link>
        {/* the badge's number is read with its words (its name holds what it shows: WCAG 2.5.3) */}
        <Link to="/user/contact" activeProps={{ 'aria-current': 'page' }}>
          <ChatIcon />
          <span>{t`Contact`}</span>
          {replies > 0 && (
            <>
              {' '}
              <span className="menu-badge">{replies}</span>
              <span className="visually-hidden">
                {' '}
                {i18n._(msg`${plural(replies, { one: 'new reply from support', other: 'new replies from support' })}`)}
              </span>
            </>
          )}
        </Link>
      </nav>
      {conditionsOpen && (
        <LazyPart>
          <ConditionsModal onClose={() => setConditionsOpen(false)} />
        </LazyPart>
      )}
    </div>
  );
}
