// The browser every check drives (Playwright's e2e suite, Lighthouse): Debian's Chromium where it is
// installed (CI, these machines), with the flags these machines need (see the shared stack notes).
import fs from 'node:fs';

/** CHROME_PATH, else /usr/bin/chromium when present, else undefined (Playwright then uses its own). */
export const systemChromium = process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/**
 * The browser of the Playwright suites: E2E_CHROME_PATH, else Debian's chromium-headless-shell when present
 * (the browser Playwright itself runs headless: the same engine without the full browser's window and GPU
 * process; measured on the deposit, live and navigation specs, both with a trace per test: 161 s of CPU
 * against the full browser's 225 s), else the full browser above. Lighthouse keeps the full browser (`systemChromium`).
 */
export const e2eChromium =
  process.env.E2E_CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : systemChromium);

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
