import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, systemChromium } from './scripts/chromium.mjs';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = 'test-results/e2e-data';
export const E2E_LOG = 'test-results/e2e-server.log';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1, // one server and one database: the terminate test must not overlap the others
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/e2e-artifacts',
  // fails the run when any page reported a Content-Security-Policy violation to the server
  globalTeardown: './tests/e2e/csp-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: systemChromium,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    // a fresh database each run (the embedded Postgres of E2E_DATA_DIR), the built site, and the log the
    // tests read OTP codes from; the server through `npm run serve` (scripts/start.mjs), which compiles it
    // again first when a source changed, so a run never tests a stale build/. Stopped with SIGTERM, so the
    // server stops its embedded Postgres on the way out.
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && node scripts/start.mjs --server-only > ${E2E_LOG} 2>&1`,
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
