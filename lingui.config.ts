import { defineConfig } from '@lingui/cli';

/** The statement's sentences: the member reads them, and the staff console shows a member's statement in them. */
const STATEMENT_TEXT = 'src/lib/statement-text';

/** The signed-in screens' words load with the signed-in shell, so the login route does not carry them. */
const MEMBER = [
  'src/features/wallet',
  'src/features/statement',
  'src/features/deposit',
  'src/features/bonus',
  'src/features/account',
  'src/features/spinwheel',
  'src/features/invite',
  'src/features/refund',
  'src/features/site/member-shell.tsx',
  'src/features/site/conditions-modal.tsx',
  'src/lib/member',
  'src/ui/member',
  'src/ui/pagination.tsx',
  STATEMENT_TEXT,
];

/**
 * The registration steps' words load with /register, so the sign-in page does not carry them; the
 * forgotten-password steps share its OTP entry and load the same part.
 */
const REGISTER = ['src/features/register', 'src/ui/otp', 'src/features/auth/forgot'];

/** The support chat's words load with the chat widget, the how-to page's with /howto (each passes its own loaders). */
const CHAT = ['src/features/chat'];
const HOWTO = ['src/features/howto'];
/**
 * The staff console (a second app, /staff/) loads only its own words, in Thai, Lao or English (src/staff/i18n.ts,
 * where Lao's catalog is activated as `lo`).
 */
const STAFF = ['src/staff', STATEMENT_TEXT];
/**
 * The console's sign-in page loads only these of its words (src/staff/i18n.ts): the sign-in's steps and errors,
 * and what is shown around them (the language switch, the offline and database-outage banners).
 */
const STAFF_SIGN_IN = [
  'src/staff/sign-in',
  'src/staff/shell/language-switch.tsx',
  'src/staff/shell/offline-banner.tsx',
  'src/staff/shell/unavailable-banner.tsx',
];
const folderOrFile = (p: string) => (/\.tsx?$/.test(p) ? p : `${p}/**`);

export default defineConfig({
  sourceLocale: 'en',
  // 'la' is the product's name for Lao; Intl formatting maps it to BCP-47 'lo' (see src/lib/i18n.ts)
  locales: ['th', 'la', 'en'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/*.test.*', ...[...MEMBER, ...REGISTER, ...CHAT, ...HOWTO, ...STAFF].map(folderOrFile)],
    },
    { path: '<rootDir>/src/locales/{locale}/member', include: MEMBER, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/register', include: REGISTER, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/chat', include: CHAT, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/howto', include: HOWTO, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/staff', include: STAFF, exclude: ['**/*.test.*', ...STAFF_SIGN_IN.map(folderOrFile)] },
    { path: '<rootDir>/src/locales/{locale}/staff-sign-in', include: STAFF_SIGN_IN, exclude: ['**/*.test.*'] },
  ],
  format: 'po',
});
