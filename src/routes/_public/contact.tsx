import { createFileRoute } from '@tanstack/react-router';
import { loadChatWords } from '../../features/chat/catalog';
import { contactChat } from '../../features/chat/contact-chat';
import { ContactPage } from '../../features/contact/contact-page';

// the loader goes into the page's chunk with the component: the sign-in page's route map carries only this route's entry
export const Route = createFileRoute('/_public/contact')({
  codeSplitGroupings: [['loader', 'component']],
  loader: () => loadChatWords(),
  component: () => <ContactPage topSpacing={false} languages chat={contactChat} />,
});
