/** What other modules may read of the lookups: the banks (the console names a bank code with them). */
export { banksIn } from './repository.js';
