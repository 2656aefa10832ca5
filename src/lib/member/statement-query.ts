/** The statement's query keys: every money movement asks the statement again (its pages all start with `all`). */
export const statementKeys = { all: ['statement'] as const };
