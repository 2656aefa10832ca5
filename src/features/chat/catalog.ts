import { loadCatalogPart, type PartLoaders } from '../../lib/i18n';

/** The chat's words (lingui.config.ts), loaded by the contact page before it shows the chat button. */
export const chatCatalog: PartLoaders = {
  th: () => import('../../locales/th/chat.po'),
  la: () => import('../../locales/la/chat.po'),
  en: () => import('../../locales/en/chat.po'),
};

/**
 * The contact routes' loader: the chat's words are in before the page is drawn, as the how-to's are. Loaded by the
 * chat once on the screen, new words redrew every part of the page that shows words (Lingui's change), a second
 * drawing of the whole page after its first. Resolves either way: not there (offline, not yet kept), the page is
 * drawn and the chat asks again when it starts.
 */
export const loadChatWords = (): Promise<void> => loadCatalogPart(chatCatalog).catch(() => undefined);
