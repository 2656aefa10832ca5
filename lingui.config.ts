import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en',
  // 'la' is the product's name for Lao; Intl formatting maps it to BCP-47 'lo' (see src/lib/i18n.ts)
  locales: ['th', 'la', 'en'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*'] }],
  format: 'po',
});
