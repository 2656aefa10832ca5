import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DataStatus } from '../../ui/data-status';
import { contactQuery } from '../../lib/lookups';
import { useDeferredValue, type ComponentType } from 'react';
import { APP_VERSION } from '../../lib/variant';
import { LanguageSelect } from '../../ui/language-select';
import { LineChannel } from '../../ui/line-channel';
import { SafeHtml } from '../../ui/safe-html';
// small enough for Vite to inline as a data URL: it paints with the page, no request of its own
import supportBanner from './support-banner.svg';

/** The support chat's part of the page, given by the route (chat/contact-chat.tsx). */
export type ContactChat<Config = unknown> = {
  /** the chat's config once its backend answers (none: the LINE link shows), and whether it is still asked */
  useChatConfig: () => { config: Config | undefined; pending: boolean };
  ChatWidget: ComponentType<{ config: Config }>;
};

/**
 * §2 Contact: the operator's text (sanitised), the LINE QR with the LINE link (or name) beside it, the
 * app version, and the support chat when the chat backend answers its config and enableChatWidget is on.
 * The link and name show with the chat too: a member on their phone cannot scan the QR on its own screen.
 * The LINE card comes before the chat's card, and keeps clear of the chat button's column (contact.css).
 * `languages`: the public page's language picker (the member's pages have theirs in the header).
 */
export function ContactPage<Config>({
  topSpacing,
  languages = false,
  chat: parts,
}: {
  topSpacing: boolean;
  languages?: boolean;
  chat: ContactChat<Config>;
}) {
  const { useChatConfig, ChatWidget } = parts;
  const { t } = useLingui();
  const contact = useQuery(contactQuery());
  // the operator's text (cleaned) and the chat are drawn in a background render, in slices: their answers arriving
  // never hold the page in one long task (a tap waits for none of it)
  // (what is drawn from them is deferred with them: the loading line and the chat's place stay until it is drawn)
  const data = useDeferredValue(contact.data);
  const { config: chatConfig, pending } = useChatConfig();
  const chat = useDeferredValue(chatConfig);
  const chatPending = useDeferredValue(pending) || pending;
  return (
    // the chat button's padding is kept while the chat's config is still asked (its card comes after the LINE card: nothing moves)
    <main className={`${topSpacing ? 'page' : 'page flush'} contact-page${chat || chatPending ? ' with-chat' : ''}`}>
      {languages && (
        <div className="contact-top">
          <LanguageSelect />
        </div>
      )}
      <h1>
        <Trans>Contact us</Trans>
      </h1>
      {/* part of the pre-rendered page: the member sees where they are before the operator's details arrive */}
      <img className="contact-banner" src={supportBanner} alt="" width={656} height={300} />
      <p className="muted">{t`Questions about a deposit, a withdrawal or your account? Our support team will help you.`}</p>
      <DataStatus
        query={{
          data,
          error: contact.error,
          dataUpdatedAt: contact.dataUpdatedAt,
          isFetching: contact.isFetching,
          refetch: contact.refetch,
        }}
      />
      {data && (
        <section className="card contact">
          <SafeHtml html={data.contactText} className="rich" />
          <LineChannel contact={data} />
        </section>
      )}
      {/* its place is held while the chat's lookups and words arrive (also in the pre-rendered page) */}
      {(chat || chatPending) && <div className="chat-slot">{chat && <ChatWidget config={chat} />}</div>}
      <p className="muted small center contact-version">
        <Trans>Version {APP_VERSION}</Trans>
      </p>
    </main>
  );
}
