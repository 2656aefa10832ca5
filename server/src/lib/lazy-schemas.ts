import { createRequire } from 'node:module';
import type AjvCompilerModule from '@fastify/ajv-compiler';
import type * as SerializerModule from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** Loads a package when first called, synchronously (Fastify's compilers are synchronous). */
const load = createRequire(import.meta.url);

/**
 * Route schemas compiled when first needed, not at start. Fastify compiles every route's validators (ajv)
 * and response serializers (fast-json-stringify) while the app gets ready: about 400 ms of a start of this
 * server's few hundred schemas, which every instance of a rolling upgrade and every test's app paid. Here
 * a route's schema is compiled at its first request (a few ms, once), and `warm()` compiles the rest in
 * the background after the server listens, a schema at a time between other work, so a schema that
 * cannot compile is still found within seconds of a start (logged), and `compileAll()` lets a test
 * compile every one at once and fail on a broken schema.
 *
 * The compilers are Fastify's own defaults (the same ajv options, the same serializer), only called later.
 * Fastify treats a compiler given this way as a custom one, which only means it passes a headers schema
 * as written instead of lower-casing its names: every header schema of ours names its headers in lower
 * case (Node gives them so).
 */
export interface LazySchemas {
  /** For `Fastify({ schemaController })`. */
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  /** Compiles, a schema per turn of the event loop, what no request has needed yet; `log` hears a failure. */
  warm(log: (err: Error, what: string) => void): Promise<void>;
  /** Compiles every schema not compiled yet, now: throws the first failure, naming its route. */
  compileAll(): void;
}

type Compile<F> = (routeSchema: RouteSchemaInfo) => F;
interface RouteSchemaInfo {
  schema: unknown;
  method?: string;
  url?: string;
  httpPart?: string;
  httpStatus?: string;
}

/** A validator function as Fastify calls it: `errors` is read off the function after a false answer. */
type Validator = ((data: unknown) => unknown) & { errors?: unknown };
type Serializer = (data: unknown) => string;

export function lazySchemas(): LazySchemas {
  const pending = new Set<{ compile: () => void; what: string }>();

  function later<F extends (...args: never[]) => unknown>(compile: Compile<F>, info: RouteSchemaInfo, kind: string) {
    let compiled: F | undefined;
    const what = `${kind} of ${info.method ?? '?'} ${info.url ?? '?'} ${info.httpPart ?? info.httpStatus ?? ''}`.trim();
    const entry = {
      what,
      compile: () => {
        if (compiled) return;
        try {
          compiled = compile(info);
        } catch (err) {
          throw new Error(`${what}: ${(err as Error).message}`, { cause: err });
        } finally {
          pending.delete(entry);
        }
      },
    };
    pending.add(entry);
    const get = (): F => {
      if (!compiled) entry.compile();
      return compiled!;
    };
    return get;
  }

  // the compilers' packages (ajv, fast-json-stringify: about 100 ms to load) come with the first compile
  type Builder<F> = (externalSchemas: unknown, options: unknown) => Compile<F>;
  let validatorBuilder: Builder<Validator> | undefined;
  let serializerBuilder: Builder<Serializer> | undefined;
  const builders = {
    validator: (): Builder<Validator> =>
      (validatorBuilder ??= (load('@fastify/ajv-compiler') as typeof AjvCompilerModule)() as unknown as Builder<Validator>),
    serializer: (): Builder<Serializer> =>
      (serializerBuilder ??= (
        load('@fastify/fast-json-stringify-compiler') as typeof SerializerModule
      ).SerializerSelector() as unknown as Builder<Serializer>),
  };
  /** Fastify asks a compiler of a context's shared schemas and options: made when one of its schemas is first compiled. */
  const compilerOf = <F>(builder: () => Builder<F>, externalSchemas: unknown, options: unknown): Compile<F> => {
    let compile: Compile<F> | undefined;
    return (info) => (compile ??= builder()(externalSchemas, options))(info);
  };

  // Fastify's types say an ajv function comes back; any function of Fastify's call shape serves (its docs)
  const compilersFactory = {
    buildValidator: (externalSchemas: unknown, ajvOptions: unknown) => {
      const compile = compilerOf(builders.validator, externalSchemas, ajvOptions);
      return (info: RouteSchemaInfo) => {
        const get = later(compile, info, 'validator');
        const validate: Validator = (data) => {
          const fn = get();
          const valid = fn(data);
          validate.errors = fn.errors;
          return valid;
        };
        return validate;
      };
    },
    buildSerializer: (externalSchemas: unknown, serializerOptions: unknown) => {
      const compile = compilerOf(builders.serializer, externalSchemas, serializerOptions);
      return (info: RouteSchemaInfo) => {
        const get = later(compile, info, 'serializer');
        return (data: unknown) => get()(data);
      };
    },
  };
  return {
    schemaController: { compilersFactory } as unknown as LazySchemas['schemaController'],
    async warm(log) {
      for (;;) {
        const next = pending.values().next();
        if (next.done) return;
        try {
          next.value.compile();
        } catch (err) {
          log(err as Error, next.value.what);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    compileAll() {
      for (const entry of [...pending]) entry.compile();
    },
  };
}
