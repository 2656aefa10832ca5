import { LAO_LOG } from '../../playwright.lao.config';
import { cspTeardown } from '../e2e/csp-teardown';

/** The Lao run's CSP check: the same as the Thai run's, on the Lao server's log. */
export default cspTeardown(LAO_LOG);
