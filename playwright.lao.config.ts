import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The Lao build's e2e run (issue 21): the site built with VITE_VARIANT=la into its own folder and a
 * server with VARIANT=la on its own port and database, beside the Thai run's. `npm run test:e2e` runs
 * both; alone: `npx playwright test -c playwright.lao.config.ts`.
 */
export const LAO_PORT = Number(process.env.E2E_LAO_PORT ?? 8182);
export const LAO_DATA_DIR = 'test-results/e2e-lao-data';
export const LAO_LOG = 'test-results/e2e-lao-server.log';
const LAO_DIST = 'test-results/e2e-lao-dist';

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-lao',
  outputDir: 'test-results/e2e-lao-artifacts',
  // the CSP check on this run's own server log
  globalTeardown: './tests/e2e-lao/csp-teardown.ts',
  use: { ...base.use, baseURL: `http://127.0.0.1:${LAO_PORT}` },
  webServer: {
    // the Lao build, a fresh database (the embedded Postgres of LAO_DATA_DIR), and the log the tests read OTP codes from
    command:
      `VITE_VARIANT=la npx vite build --outDir ${LAO_DIST} --logLevel warn && rm -rf ${LAO_DATA_DIR} && mkdir -p ${LAO_DATA_DIR} && ` +
      // compiled again first when a server source changed (scripts/start.mjs), as in the Thai run
      `node scripts/start.mjs --server-only > ${LAO_LOG} 2>&1`,
    url: `http://127.0.0.1:${LAO_PORT}/api/docs/json`,
    reuseExistingServer: false,
    // the build comes first
    timeout: 600_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(LAO_PORT),
      DATA_DIR: LAO_DATA_DIR,
      STATIC_DIR: LAO_DIST,
      SETTINGS_REFRESH_MS: '200',
      SWEEP_EVERY_MS: '3000',
      // a provider that hangs is given up on after 4 s, not production's 10 (transfer-in-transit.spec.ts)
      PROVIDER_TIMEOUT_MS: '4000',
      LOG_LEVEL: 'info',
      VARIANT: 'la',
      DATABASE_URL: '',
    },
  },
});
