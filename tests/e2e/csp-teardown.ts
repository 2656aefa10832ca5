import fs from 'node:fs';
import { E2E_LOG } from '../../playwright.config';

/**
 * After the whole suite: any Content-Security-Policy violation a page reported to the server
 * (`csp violation` in its log, see server/src/modules/system/security.ts) fails the run, whichever
 * test caused it.
 */
export default async function cspTeardown(): Promise<void> {
  // reports are posted as the browser sees the violation: give the last ones a moment to land
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (!fs.existsSync(E2E_LOG)) return;
  const violations = fs
    .readFileSync(E2E_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"csp violation"'))
    .map((line) => {
      try {
        return JSON.stringify((JSON.parse(line) as { csp?: unknown }).csp);
      } catch {
        return line;
      }
    });
  if (violations.length) {
    throw new Error(`Content-Security-Policy violations reported during the e2e run:\n${violations.join('\n')}`);
  }
}
