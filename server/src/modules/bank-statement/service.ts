/**
 * Crediting from the deposit account's bank statement (issue 39): the staff console's face to it
 * (modules/staff/statements.ts). Reading (read-file.ts, layouts.ts, values.ts), matching (match.ts),
 * crediting under the money policy (credit.ts), the import (import-service.ts) and the queue (queue.ts).
 */
export { importStatement, previewStatement, statementAccounts } from './import-service.js';
export { assignLine, dismissLine, statementLinesWaiting, statementQueue } from './queue.js';
