import type { PartLoaders } from '../../lib/i18n';

/** The chat's words (lingui.config.ts), loaded by the contact page before it shows the chat button. */
export const chatCatalog: PartLoaders = {
  th: () => import('../../locales/th/chat.po'),
  la: () => import('../../locales/la/chat.po'),
  en: () => import('../../locales/en/chat.po'),
};
