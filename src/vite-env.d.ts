/// <reference types="vite/client" />

declare const __BUILD_HASH__: string;
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** 'th' (default) or 'la': the default language and the Lao currency choice. */
  readonly VITE_VARIANT?: string;
  /** 'true' opens game web logins in a new tab instead of the page (iframe mode, later issue). */
  readonly VITE_GAME_NEW_TAB?: string;
  /** The gift link's wire cipher secret (§7); the server's GIFTLINK_SECRET must match. */
  readonly VITE_GIFTLINK_SECRET?: string;
}

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
