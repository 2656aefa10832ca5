import type { SupportMessage } from '../../../../contract/chat.js';
import type { ChatSetting } from '../../settings/chat-setting.js';
import type { SupportSetting } from '../../settings/support-setting.js';
import { inLanguage, type Lang } from '../../settings/localized.js';

type Greeter = ChatSetting['greeter'];
type ButtonSetting = Greeter['buttons']['buttons'][number];

const button = (b: ButtonSetting, lang: Lang) => ({ title: inLanguage(b.title, lang), type: b.type, payload: b.payload });

/**
 * The greeter's answer to a new session's first customer message: a greeting, quick replies, buttons
 * (web, call, postback) and a carousel, so every message kind of §2 comes from the server.
 */
export function greeting(greeter: Greeter, lang: Lang): SupportMessage[] {
  return [
    { message_type: 'text', payload: { message: inLanguage(greeter.text, lang) } },
    {
      message_type: 'quick_replies',
      payload: {
        message: inLanguage(greeter.quickReplies.message, lang),
        quick_replies: greeter.quickReplies.replies.map((r) => ({ title: inLanguage(r.title, lang), payload: r.payload })),
      },
    },
    {
      message_type: 'buttons',
      payload: { message: inLanguage(greeter.buttons.message, lang), buttons: greeter.buttons.buttons.map((b) => button(b, lang)) },
    },
    {
      message_type: 'generic',
      payload: greeter.carousel.map((c) => ({
        image_url: c.image_url,
        title: inLanguage(c.title, lang),
        subtitle: inLanguage(c.subtitle, lang),
        buttons: c.buttons.map((b) => button(b, lang)),
      })),
    },
  ];
}

/** What the greeter says when no agent has the inbox open: the setting's words with the hours, in the customer's language. */
export function offlineNotice(support: SupportSetting, lang: Lang): SupportMessage {
  const hours = inLanguage(support.hours, lang);
  return { message_type: 'text', payload: { message: inLanguage(support.offlineText, lang).replaceAll('{hours}', hours) } };
}
