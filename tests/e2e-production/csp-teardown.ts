import { PROD_LOG } from '../../playwright.production.config';
import { cspTeardown } from '../e2e/csp-teardown';

/** The production-mode run's CSP check, on its server's log. */
export default cspTeardown(PROD_LOG);
