/** The server's answer when the money policy holds a credit for a second person (contract/staff-queues.ts CreditHold). */
export const CREDIT_WAITS = 'CREDIT_WAITS';

/** Whether a queue action's answer says the credit waits for a second person instead of being applied. */
export const creditWaits = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && (answer as { message?: unknown }).message === CREDIT_WAITS;
