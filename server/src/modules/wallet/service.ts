/**
 * The wallet module's face to the others: the withdrawals a person pays or rejects (the staff console's
 * queue and the operator's commands). Its member calls are its routes.
 */
export { payWithdrawal, rejectWithdrawal } from './withdrawal-review.js';
export { latestWithdrawals } from './repository.js';
