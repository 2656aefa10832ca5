import { createFileRoute } from '@tanstack/react-router';
import { chatCatalog } from '../../features/chat/catalog';
import { contactChat } from '../../features/chat/contact-chat';
import { ContactPage } from '../../features/contact/contact-page';
import { loadCatalogPart } from '../../lib/i18n';

// The chat's words come before the page is drawn, as the how-to's do: loaded by the chat once it was on the
// screen, new words redrew every part of the page that shows words (Lingui's change), a second drawing of the
// whole page after its first. Not there (offline, not yet kept), the chat asks again when it starts.
// The loader goes into the page's chunk with the component (the sign-in page's route map carries only its entry).
export const Route = createFileRoute('/user/contact')({
  codeSplitGroupings: [['loader', 'component']],
  loader: () => loadCatalogPart(chatCatalog).catch(() => undefined),
  component: () => <ContactPage topSpacing chat={contactChat} />,
});
