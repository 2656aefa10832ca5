import type { FastifyInstance } from 'fastify';

/**
 * Whether any string in a parsed JSON value (or any key) holds a NUL character. No field of the API
 * carries one, and Postgres refuses it in text (a 500 where the caller deserves a 400). Walked with
 * a stack, not recursion, so a deeply nested body cannot overflow it.
 */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** A failure shaped as a schema validation's, so every route's own error handler answers it as a bad field. */
function nulRefused(context: string) {
  return Object.assign(new Error(`a text in the ${context} holds a NUL character`), {
    statusCode: 400,
    validationContext: context,
    validation: [{ keyword: 'nul', instancePath: '', schemaPath: '', params: {}, message: 'must not hold NUL' }],
  });
}

/** Every route, before validation: a NUL in the params, the query or the body is 400 KEY_INVALID. */
export function refuseNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params)) throw nulRefused('params');
    if (holdsNul(request.query)) throw nulRefused('querystring');
    if (holdsNul(request.body)) throw nulRefused('body');
  });
}
