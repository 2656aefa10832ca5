// The browser every check drives (Playwright's e2e suite, Lighthouse): Debian's Chromium where it is
// installed (CI, these machines), with the flags these machines need (see the shared stack notes).
import fs from 'node:fs';

/** CHROME_PATH, else /usr/bin/chromium when present, else undefined (Playwright then uses its own). */
export const systemChromium = process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
