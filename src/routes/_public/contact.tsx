import { createFileRoute } from '@tanstack/react-router';
import { chatCatalog } from '../../features/chat/catalog';
import { contactChat } from '../../features/chat/contact-chat';
import { ContactPage } from '../../features/contact/contact-page';
import { loadCatalogPart } from '../../lib/i18n';

// the chat's words come with the page's code, before the page is drawn (see the member's contact route)
export const Route = createFileRoute('/_public/contact')({
  codeSplitGroupings: [['loader', 'component']],
  loader: () => loadCatalogPart(chatCatalog).catch(() => undefined),
  component: () => <ContactPage topSpacing={false} languages chat={contactChat} />,
});
