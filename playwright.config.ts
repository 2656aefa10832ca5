import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, e2eChromium } from './scripts/chromium.mjs';
/**
 * The Thai run whole (`npx playwright test`: every spec on one server), or one of its two parts, each on a
 * server, database, port and copy of the built site of its own, which `npm test` runs beside the Lao lane
 * (scripts/test.mjs): E2E_PART=staff the staff console's specs (the support inbox's on instances of its
 * own) and the operator's (they change site-wide settings: the money policy, the deposit accounts, the
 * site's state); the bonus, inbox and invite specs run first there (files in name order). E2E_PART=member
 * the rest. The inbox spec (about 35 s) is in the staff part to even the two lanes: in CI62 the member part took
 * 10 min 1 s, the Lao lane with the staff part 8 min 45 s. So is the transfer-in-transit spec (about 25 s, most
 * of it waiting on the provider's timeout and the sweep), since the console's specs look at each width in one
 * journey (b12088b: about 50 s less in the staff part, 8 s in the member part). (Three parts were tried: on two
 * cores each lane then ran past its tests' bounds, and the longest lane was no shorter.)
 */
const STAFF_SPECS = [
  'bonus',
  'inbox',
  'invite',
  'staff',
  'staff-overview',
  'staff-reports',
  'staff-statements',
  'staff-deposit-accounts',
  'staff-team',
  'staff-tour',
  'terminated',
  'transfer-in-transit',
].map((name) => `**/${name}.spec.ts`);
const PART = process.env.E2E_PART;
if (PART !== undefined && PART !== 'member' && PART !== 'staff') throw new Error(`E2E_PART is member, staff or unset, not "${PART}"`);
const suffix = PART ? `-${PART}` : '';
export const E2E_PORT = Number(process.env.E2E_PORT ?? (PART === 'staff' ? 8184 : 8181));
export const E2E_DATA_DIR = `test-results/e2e-data${suffix}`;
export const E2E_LOG = `test-results/e2e-server${suffix}.log`;
/** The built site this run's server serves: a copy of dist/, which update.spec.ts changes under it. */
export const E2E_STATIC_DIR = `test-results/e2e-static${suffix}`;

export default defineConfig({
  testDir: 'tests/e2e',
  ...(PART === 'staff' ? { testMatch: STAFF_SPECS } : PART === 'member' ? { testIgnore: STAFF_SPECS } : {}),
  fullyParallel: false,
  workers: 1, // one server and one database: the terminate test must not overlap the others
  retries: 0,
  // a bound on a whole journey, not a clock it waits on: on a busy machine staff.spec's longest took 50 s
  // of the former 60 (CI52), and every test that ran out in CI55 was still making progress
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `test-results/e2e-artifacts${suffix}`,
  // fails the run when any page reported a Content-Security-Policy violation to the server
  globalTeardown: './tests/e2e/csp-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
    // no trace: recording one for every test (to keep the failed ones) took a sixth of the run's CPU;
    // a failed test keeps its screenshot and Playwright's page snapshot (error-context.md)
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: e2eChromium,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    // a fresh database each run (the embedded Postgres of E2E_DATA_DIR), the built site, and the log the
    // tests read OTP codes from; the server through `npm run serve` (scripts/start.mjs), which compiles it
    // again first when a source changed, so a run never tests a stale build/. Stopped with SIGTERM, so the
    // server stops its embedded Postgres on the way out.
    command: `rm -rf ${E2E_DATA_DIR} ${E2E_STATIC_DIR} && mkdir -p ${E2E_DATA_DIR} && cp -rL dist ${E2E_STATIC_DIR} && STATIC_DIR=${E2E_STATIC_DIR} node scripts/start.mjs --server-only > ${E2E_LOG} 2>&1`,
    url: `http://127.0.0.1:${E2E_PORT}/api/docs/json`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // SWEEP_EVERY_MS: the background sweep (open transfers, ...) every 3 s instead of every minute;
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      SETTINGS_REFRESH_MS: '200',
      SWEEP_EVERY_MS: '3000',
      // a provider that hangs is given up on after 4 s, not production's 10 (transfer-in-transit.spec.ts)
      PROVIDER_TIMEOUT_MS: '4000',
      LOG_LEVEL: 'info',
      VARIANT: 'th',
      DATABASE_URL: '',
      // Web Push to the local push service of tests/e2e/push.spec.ts (any address: never in production)
      PUSH_SERVICE_HOSTS: '*',
    },
  },
});
