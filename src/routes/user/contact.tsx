import { createFileRoute } from '@tanstack/react-router';
import { loadChatWords } from '../../features/chat/catalog';
import { contactChat } from '../../features/chat/contact-chat';
import { ContactPage } from '../../features/contact/contact-page';

// the loader goes into the page's chunk with the component, as on the public contact route
export const Route = createFileRoute('/user/contact')({
  codeSplitGroupings: [['loader', 'component']],
  loader: () => loadChatWords(),
  component: () => <ContactPage topSpacing chat={contactChat} />,
});
