import { CREDIT_WAITS } from '../../../contract/staff-queues';

/** Whether a queue action's answer says the credit waits for a second person instead of being applied. */
export const creditWaits = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && (answer as { message?: unknown }).message === CREDIT_WAITS;
