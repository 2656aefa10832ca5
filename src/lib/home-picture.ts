/**
 * The installed app opens on a known balance before the app itself has started (issue 38's warm start):
 * the home as the member last saw it, with its balance and the time that balance was synced, is kept on
 * the device (home-picture-keep.ts, by the home) and shown by src/boot.ts over the page (home-picture-show.ts),
 * inert and hidden from assistive technology, until the app draws its own screen (its home: the same picture,
 * so nothing moves; or what else it has to say), goes elsewhere, or PICTURE_SHOWN_MAX_MS pass.
 *
 * Only the member whose remembered session is still held on this device sees it, in the build and the
 * language it was taken in, at most PICTURE_MAX_AGE_MS old; the end of the session on the device (a sign-out,
 * a new sign-in, the server's word that it ended: auth-token.ts clearToken) forgets it.
 * What the picture holds is the app's own markup: dialogs, alerts and the operator's HTML (the `.rich`
 * blocks, sanitised once when shown: never parsed a second time) are left out of it.
 */
export const PICTURE_KEY = 'home-picture';
export const HOME_PATH = '/user/home';
/** As long as the saved query cache is kept (src/lib/query-client.ts PERSIST_MAX_AGE). */
export const PICTURE_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** The last resort, should the app draw no screen at all: the picture makes way for whatever is under it. */
export const PICTURE_SHOWN_MAX_MS = 15_000;

export interface HomePicture {
  member: string;
  build: string;
  locale: string;
  /** the stylesheets the home was drawn with (their href attributes) */
  css: string[];
  html: string;
  at: number;
}

export function forgetHomePicture(): void {
  try {
    localStorage.removeItem(PICTURE_KEY);
  } catch {
    // storage blocked: nothing was kept
  }
}
