import { createFileRoute } from '@tanstack/react-router';
import { contactChat } from '../../features/chat/contact-chat';
import { ContactPage } from '../../features/contact/contact-page';

export const Route = createFileRoute('/_public/contact')({
  component: () => <ContactPage topSpacing={false} languages chat={contactChat} />,
});
