import fs from 'node:fs';
import { E2E_LOG } from '../../playwright.config';

/**
 * After the whole suite: any Content-Security-Policy violation a page reported to the server
 * (`csp violation` in its log, see server/src/modules/system/security.ts) fails the run, whichever
 * test caused it. One teardown per run, each reading its own server's log (the Thai run's here, the
 * Lao run's in tests/e2e-lao/csp-teardown.ts).
 */
export function cspTeardown(log: string): () => Promise<void> {
  return async () => {
    // reports are posted as the browser sees the violation: give the last ones a moment to land
    await new Promise((resolve) => setTimeout(resolve, 500));
    // no log, nothing checked: the run must not pass the check on a file it never read
    if (!fs.existsSync(log)) throw new Error(`the CSP check found no server log at ${log}`);
    const violations = fs
      .readFileSync(log, 'utf8')
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
      throw new Error(`Content-Security-Policy violations reported during the e2e run (${log}):\n${violations.join('\n')}`);
    }
  };
}

export default cspTeardown(E2E_LOG);
