import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { lazySchemas } from '../src/lib/lazy-schemas.js';
import { build, call } from './helper.js';

/** A bare Fastify with the lazy compilers and one route whose schemas say what a caller sees. */
async function bare() {
  const schemas = lazySchemas();
  const app = Fastify({ schemaController: schemas.schemaController });
  app.post(
    '/echo',
    {
      schema: {
        headers: Type.Object({ 'x-tag': Type.String({ minLength: 2 }) }),
        body: Type.Object({ n: Type.Integer({ minimum: 1 }) }),
        response: { 200: Type.Object({ n: Type.Integer() }) },
      },
    },
    // a property the response schema does not name is left out by the serializer
    async (request) => ({ n: (request.body as { n: number }).n, secret: 'never sent' }),
  );
  await app.ready();
  return { app, schemas };
}

describe('route schemas compiled at first use', () => {
  it('validate and serialize exactly as compiled at start: a bad body or header is 400 with the reason, extra fields never leave', async () => {
    const { app } = await bare();
    try {
      const ok = await app.inject({ method: 'POST', url: '/echo', headers: { 'x-tag': 'ab' }, payload: { n: 3 } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('{"n":3}');
      const badBody = await app.inject({ method: 'POST', url: '/echo', headers: { 'x-tag': 'ab' }, payload: { n: 0 } });
      expect(badBody.statusCode).toBe(400);
      expect(badBody.json().message).toMatch(/body\/n must be >= 1/);
      // asked again: the compiled validator's own errors, not the first call's
      const missing = await app.inject({ method: 'POST', url: '/echo', headers: { 'x-tag': 'ab' }, payload: {} });
      expect(missing.json().message).toMatch(/must have required property 'n'/);
      const badHeader = await app.inject({ method: 'POST', url: '/echo', headers: { 'x-tag': 'a' }, payload: { n: 1 } });
      expect(badHeader.statusCode).toBe(400);
      expect(badHeader.json().message).toMatch(/headers\/x-tag/);
    } finally {
      await app.close();
    }
  });

  it('warm() compiles what no request needed, and a schema that cannot compile is told with its route, not thrown at start', async () => {
    const schemas = lazySchemas();
    const app = Fastify({ schemaController: schemas.schemaController });
    app.get('/fine', { schema: { querystring: Type.Object({ q: Type.String() }) } }, async () => 'ok');
    app.get('/broken', { schema: { querystring: { type: 'object', properties: { q: { type: 'no-such-type' } } } } }, async () => 'x');
    await app.ready(); // compiled eagerly, this route would have failed the start
    try {
      const failures: string[] = [];
      await schemas.warm((err, what) => failures.push(`${what}: ${err.message}`));
      // the route and the HEAD route Fastify adds beside it
      expect(failures.map((f) => f.split(':')[0]).sort()).toEqual([
        'validator of GET /broken querystring',
        'validator of HEAD /broken querystring',
      ]);
      expect(() => schemas.compileAll()).not.toThrow(); // the failed one is no longer waiting
      expect((await app.inject({ method: 'GET', url: '/fine?q=1' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/broken?q=1' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });

  it('compileAll() throws the first schema that does not compile, naming its route', async () => {
    const schemas = lazySchemas();
    const app = Fastify({ schemaController: schemas.schemaController });
    app.post('/broken', { schema: { body: { type: 'object', properties: { q: { type: 'no-such-type' } } } } }, async () => 'x');
    await app.ready();
    try {
      expect(() => schemas.compileAll()).toThrow(/^validator of POST \/broken body: /);
    } finally {
      await app.close();
    }
  });

  it("every schema of the server's routes compiles, and the app answers with them", async () => {
    const server = await build();
    try {
      expect(() => server.app.schemas.compileAll()).not.toThrow();
      const res = await call(server.app, 'GET', '/api/lookup/banks');
      expect(res.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});
