import type { PartLoaders } from '../../lib/i18n';

/** The how-to page's words (lingui.config.ts HOWTO), loaded with /howto: the sign-in page carries neither them nor this map. */
export const howtoCatalog: PartLoaders = {
  th: () => import('../../locales/th/howto.po'),
  la: () => import('../../locales/la/howto.po'),
  en: () => import('../../locales/en/howto.po'),
};
