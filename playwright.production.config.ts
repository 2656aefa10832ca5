import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The production-mode e2e run (issue 37): the wallet server with NODE_ENV=production, its outside systems
 * local fakes that speak each provider's documented API (ThaiBulkSMS, EasySlip, Opn Payments; the same
 * the server tests use), on its own port and database, the Thai build of dist/. Alone:
 * `npx playwright test -c playwright.production.config.ts`.
 */
export const PROD_PORT = Number(process.env.E2E_PROD_PORT ?? 8183);
export const PROD_CONTROL_PORT = Number(process.env.E2E_PROD_CONTROL_PORT ?? 8193);
export const PROD_DATA_DIR = 'test-results/e2e-prod-data';
export const PROD_LOG = 'test-results/e2e-prod-server.log';

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-production',
  outputDir: 'test-results/e2e-prod-artifacts',
  globalTeardown: './tests/e2e-production/csp-teardown.ts',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PROD_PORT}` },
  webServer: {
    // the fakes and their control port, then the server in production pointed at them (tests/e2e-production/start.ts)
    command: `rm -rf ${PROD_DATA_DIR} && mkdir -p ${PROD_DATA_DIR} && npx tsx tests/e2e-production/start.ts > ${PROD_LOG} 2>&1`,
    url: `http://127.0.0.1:${PROD_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // the Thai run's server settings (short sweeps, a 4 s provider timeout), on this run's port and database
    env: {
      ...(base.webServer as { env: Record<string, string> }).env,
      PORT: String(PROD_PORT),
      E2E_PROD_CONTROL_PORT: String(PROD_CONTROL_PORT),
      DATA_DIR: PROD_DATA_DIR,
      // the browsers' push services, as production must have (the Thai run's '*' is for its local one)
      PUSH_SERVICE_HOSTS: '',
    },
  },
});
