import { mediaBase } from './chat-api';
import { useChatConfig, type ChatConfig } from './queries';
import { ChatWidget } from './chat-widget';

/** The chat on the contact page: its widget, with the media address the config names. */
function ContactChatWidget({ config }: { config: ChatConfig }) {
  return <ChatWidget prefix={mediaBase(config.PREFIX)} />;
}

/** What the contact page shows of the chat; the contact routes give it to the page. */
export const contactChat = { useChatConfig, ChatWidget: ContactChatWidget };
